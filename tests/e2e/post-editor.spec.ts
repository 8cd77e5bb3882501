import type { Page } from "@playwright/test";
import { expect, signIn, test, waitForHydration } from "./fixtures.ts";
import { adminApi, pngBytes, stamp } from "./fixtures/admin.ts";

// The post editor of issue 30 (decision 0033): the toolbar and shortcuts, an inline image,
// Draft by default, a new post kept in the browser, autosave, leaving asks first, and the
// version check between two editors.

/** Selects characters [start, end) of a point's box. */
async function select(page: Page, label: string, start: number, end: number) {
  await page
    .getByLabel(label, { exact: true })
    .evaluate((box: HTMLTextAreaElement, [s, e]) => box.setSelectionRange(s!, e!), [start, end]);
}

test("the toolbar and shortcuts format a point; an image is uploaded, described and placed on its own line; a point keeps its lines", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/create");
  const title = `Formatting ${stamp()}`;
  await page.getByLabel("Title").fill(title);
  const point1 = page.getByLabel("Point 1", { exact: true });
  await point1.fill("Grow your brand");
  await select(page, "Point 1", 10, 15);
  await point1.press("ControlOrMeta+b");
  await expect(point1).toHaveValue("Grow your **brand**");
  // The selection stays on the word: Ctrl+I makes it italic too.
  await point1.press("ControlOrMeta+i");
  await expect(point1).toHaveValue("Grow your ***brand***");
  const toolbar1 = page.getByRole("toolbar", { name: "Formatting" }).first();
  await expect(toolbar1.getByRole("button", { name: "Bold" })).toHaveAttribute(
    "aria-keyshortcuts",
    "Control+B Meta+B",
  );
  await toolbar1.getByRole("button", { name: "Heading" }).click();
  await expect(point1).toHaveValue("# Grow your ***brand***");

  await page.getByRole("button", { name: "Add Point" }).click();
  const point2 = page.getByLabel("Point 2", { exact: true });
  await point2.fill("Call us");
  await select(page, "Point 2", 0, 7);
  await point2.press("ControlOrMeta+k");
  const linkDialog = page.getByRole("dialog", { name: "Add a link" });
  await expect(linkDialog.getByLabel("Link address")).toBeFocused();
  await linkDialog.getByLabel("Link address").fill("https://example.com/contact");
  await page.keyboard.press("Enter");
  await expect(linkDialog).toBeHidden();
  await expect(point2).toHaveValue("[Call us](https://example.com/contact)");
  await expect(point2).toBeFocused();

  await page.getByRole("button", { name: "Add Point" }).click();
  const point3 = page.getByLabel("Point 3", { exact: true });
  await point3.fill("Plan\nPost\nReply");
  await select(page, "Point 3", 0, 16);
  const toolbar3 = page.getByRole("toolbar", { name: "Formatting" }).nth(2);
  await toolbar3.getByRole("button", { name: "Numbered list" }).click();
  await expect(point3).toHaveValue("1. Plan\n2. Post\n3. Reply");
  await point3.press("End");
  await point3.press("ControlOrMeta+End");
  await point3.press("Enter");
  await point3.pressSequentially("Worth it");
  await toolbar3.getByRole("button", { name: "Quote" }).click();
  await expect(point3).toHaveValue("1. Plan\n2. Post\n3. Reply\n> Worth it");

  // The image: chosen, uploaded with its progress shown, then described.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/media", async (route) => {
    await held;
    await route.continue();
  });
  const chooser = page.waitForEvent("filechooser");
  await toolbar3.getByRole("button", { name: "Image" }).click();
  await (
    await chooser
  ).setFiles({ name: "square.png", mimeType: "image/png", buffer: await pngBytes(400, 300) });
  await expect(page.getByRole("progressbar", { name: "Uploading image…" })).toBeVisible();
  release();
  const altDialog = page.getByRole("dialog", { name: "Describe the image" });
  await expect(altDialog.getByLabel("Alt text", { exact: true })).toBeFocused();
  await altDialog.getByRole("button", { name: "Insert image" }).click();
  await expect(altDialog.getByText("Describe the image, or tick")).toBeVisible();
  await altDialog.getByLabel("Alt text", { exact: true }).fill("A blue square");
  await altDialog.getByRole("button", { name: "Insert image" }).click();
  await expect(altDialog).toBeHidden();
  await expect(point3).toHaveValue(
    /^1\. Plan\n2\. Post\n3\. Reply\n> Worth it\n!\[A blue square\]\(\/media\/posts\/[^)]+\.webp\)$/,
  );
  const point3Text = await point3.inputValue();

  // The live preview shows each kind as the site will.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Grow your brand" })).toBeVisible();
  await expect(preview.locator("h2 em strong, h2 strong em")).toHaveText("brand");
  await expect(preview.getByRole("link", { name: "Call us" })).toHaveAttribute(
    "href",
    "https://example.com/contact",
  );
  await expect(preview.locator("ol > li")).toHaveText(["Plan", "Post", "Reply"]);
  await expect(preview.locator("blockquote")).toHaveText("Worth it");
  await expect(preview.getByRole("img", { name: "A blue square" })).toBeVisible();

  // Saved (a draft) and opened again: each point comes back whole, with its own lines.
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByText("Blog created successfully!")).toBeVisible();
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: /Edit/ })
    .click();
  await expect(page.getByLabel("Point 3", { exact: true })).toHaveValue(point3Text);
  await expect(page.getByLabel("Point 4", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Point 1", { exact: true })).toHaveValue("# Grow your ***brand***");
});

test("a new post is a draft kept in the browser; a draft saves itself; leaving with changes asks first", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The browser's own question on a reload with unsaved changes: answered "leave".
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await signIn(page);
  await page.goto("/admin/create");
  await expect(page.getByRole("radio", { name: "Draft" })).toBeChecked();
  const title = `Kept draft ${stamp()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Point 1", { exact: true }).fill("First line\nSecond line");
  await expect(page.getByRole("status").filter({ hasText: "kept in this browser" })).toBeVisible();

  await page.reload();
  expect(asked).toEqual(["beforeunload"]);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Point 1", { exact: true })).toHaveValue("First line\nSecond line");
  await expect(page.getByText("The post you were writing was kept in this browser")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Draft" })).toBeChecked();

  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByText("Blog created successfully!")).toBeVisible();
  // Created: nothing is kept any more.
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith("adminNewPost")),
    ),
  ).toEqual([]);

  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: /Edit/ })
    .click();
  const point = page.getByLabel("Point 1", { exact: true });
  await expect(point).toHaveValue("First line\nSecond line");
  await expect(page.getByRole("status").filter({ hasText: "saves itself" })).toBeVisible();
  await point.press("ControlOrMeta+End");
  await point.pressSequentially("\nThird line");
  await expect(
    page.getByRole("status").filter({ hasText: /^Saved at \d{1,2}:\d{2}\s[AP]M$/ }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await page.reload();
  await expect(page.getByLabel("Point 1", { exact: true })).toHaveValue(
    "First line\nSecond line\nThird line",
  );
  expect(asked).toEqual(["beforeunload"]);

  // A change not saved yet (to be published: no autosave): the side navigation asks; Stay
  // keeps it, Leave goes.
  await page.getByRole("radio", { name: "Publish now" }).check();
  await page.getByLabel("Title").fill(`${title} (renamed)`);
  await page.getByRole("link", { name: "Dashboard" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole("button", { name: "Stay" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/edit\//);
  await expect(page.getByLabel("Title")).toHaveValue(`${title} (renamed)`);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await leave.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The changes left behind were kept in this browser: opened again, they are back.
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: /Edit/ })
    .click();
  await expect(page.getByText("Your unsaved changes were kept in this browser")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(`${title} (renamed)`);
  await expect(page.getByRole("radio", { name: "Publish now" })).toBeChecked();
  await page.getByRole("button", { name: "Discard them" }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByRole("radio", { name: "Draft" })).toBeChecked();
});

test("two people edit one post: the second save is refused with who changed it, and nothing is overwritten", async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  const api = await adminApi(page.request);
  const title = `Shared ${stamp()}`;
  const created = await api.multipart("/api/blogs", { title, content: "Opening words." });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };

  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(page);
  await signIn(second);
  await page.goto(`/admin/edit/${id}`);
  await second.goto(`/admin/edit/${id}`);
  await waitForHydration(second);
  await expect(second.getByLabel("Title")).toHaveValue(title);

  await page.getByLabel("Title").fill(`${title} by the first`);
  await page.getByRole("button", { name: "Update Blog" }).click();
  await expect(page.getByText("Blog updated successfully!")).toBeVisible();

  await second.getByLabel("Title").fill(`${title} by the second`);
  await second.getByRole("button", { name: "Update Blog" }).click();
  await expect(second.getByRole("alert")).toContainText(
    /This post was changed by .+ at \d{1,2}:\d{2}\s[AP]M since you opened it\. Copy your changes, reload and try again\./,
  );
  // What the second person typed is still in the form, to copy.
  await expect(second.getByLabel("Title")).toHaveValue(`${title} by the second`);
  const saved = (await (await api.get(`/api/admin/blogs/${id}`)).json()) as {
    title: string;
    version: number;
  };
  expect(saved).toMatchObject({ title: `${title} by the first`, version: 2 });
  await other.close();
  allowConsoleErrors(/status of 409/);
});
