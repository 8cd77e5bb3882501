import { expect, signIn, test } from "./fixtures.ts";
import { focusedText, pngBytes, stamp } from "./fixtures/admin.ts";

// Blog posts from the back office to the public site: create, see, edit, delete.

test("create a post with three points, a colour and an image; see it on the site; edit; delete", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Create new Blog" }).click();
  await expect(page).toHaveURL(/\/admin\/create$/);
  await expect(page.getByRole("heading", { name: "CREATE BLOG" })).toBeVisible();
  await expect(page.getByLabel("Background Color", { exact: true })).toHaveValue("#ffffff");
  await expect(page.getByLabel("Image")).toHaveAttribute("accept", "image/*");

  const title = `Growth notes ${stamp()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Point 1").fill("# Plan your month");
  await page.getByRole("button", { name: "Add Point" }).click();
  // The new box takes focus, so typing goes on at once.
  await expect(page.getByLabel("Point 2")).toBeFocused();
  await page.keyboard.type("* Post three times a week");
  await page.getByRole("button", { name: "Add Point" }).click();
  await page.getByLabel("Point 3").fill("Reply to every message within the hour.");
  await page.getByRole("button", { name: "Add Point" }).click();
  await page.getByRole("button", { name: "Remove point 4" }).click();
  await expect(page.getByLabel("Point 4")).toHaveCount(0);
  await page.getByLabel("Background Color", { exact: true }).fill("#fff8ec");
  await expect(page.getByLabel("Pick the background color")).toHaveValue("#fff8ec");
  await page
    .getByLabel("Image")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await pngBytes() });
  await expect(page.getByAltText("The chosen image")).toBeVisible();
  // A new post starts as a draft (issue 30); this one goes on the site at once.
  await expect(page.getByRole("radio", { name: "Draft" })).toBeChecked();
  await page.getByRole("radio", { name: "Publish now" }).check();

  // The preview reads the points as the site does.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Plan your month" })).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveText("Post three times a week");
  await expect(preview.getByText(title).first()).toBeVisible();

  // The answer is held until the busy state has been seen, then let through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/blogs", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();
  await expect(page.getByText("Blog created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("#fff8ec");
  await expect(row).toContainText("Plan your month Post three times a week Reply to...");
  await expect(row.locator("img")).toBeVisible();

  await page.goto("/blog");
  await page.getByRole("link", { name: new RegExp(`^Read More\\W+${title}$`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Plan your month" })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: "Post three times a week" }),
  ).toBeVisible();
  await expect(page.getByText("Reply to every message within the hour.")).toBeVisible();
  await expect(page.locator("article img").first()).toBeVisible();

  // Edit: every field comes back filled in.
  await page.goto("/admin/dashboard");
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: /Edit/ })
    .click();
  await expect(page.getByRole("heading", { name: "EDIT/UPDATE BLOG" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Point 1")).toHaveValue("# Plan your month");
  await expect(page.getByLabel("Point 2")).toHaveValue("* Post three times a week");
  await expect(page.getByLabel("Point 3")).toHaveValue("Reply to every message within the hour.");
  await expect(page.getByLabel("Background Color", { exact: true })).toHaveValue("#fff8ec");
  await expect(page.getByAltText("The current image")).toBeVisible();
  await page.getByLabel("Title").fill(`${title} (updated)`);
  await page.getByLabel("Point 3").fill("Answer within the hour, every day.");
  await page.getByLabel("Background Color", { exact: true }).fill("#053685");
  await page.getByRole("button", { name: "Update Blog" }).click();
  await expect(page.getByText("Blog updated successfully!")).toBeVisible();
  await page.goto("/blog");
  await page
    .getByRole("link", { name: new RegExp(`^Read More\\W+${title} \\(updated\\)$`) })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `${title} (updated)` })).toBeVisible();
  await expect(page.getByText("Answer within the hour, every day.")).toBeVisible();
  await expect(page.getByText("Reply to every message within the hour.")).toHaveCount(0);

  // Delete: Cancel keeps it, Delete removes it from the list and from the site.
  await page.goto("/admin/dashboard");
  const updated = page.getByRole("row", { name: new RegExp(title) });
  await updated.getByRole("button", { name: /Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this blog?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(updated).toBeVisible();
  expect(await focusedText(page)).toMatch(/^button:Delete/);
  await updated.getByRole("button", { name: /Delete/ }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Blogs" })).toBeFocused();
  const gone = await page.request.get("/blog");
  expect(await gone.text()).not.toContain(title);
});

test("a refused save shows the spec's message and the server's reason", async ({
  page,
  allowConsoleErrors,
}) => {
  await signIn(page);
  await page.goto("/admin/create");
  await page.getByLabel("Title").fill("Will fail");
  await page.getByLabel("Background Color", { exact: true }).fill("not-a-colour");
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Failed to submit the blog. Please try again. (Background colour must be a hex colour such as #ffffff.)",
  );
  // Nothing typed is lost.
  await expect(page.getByLabel("Title")).toHaveValue("Will fail");
  await expect(page).toHaveURL(/\/admin\/create$/);
  allowConsoleErrors(/status of 400/);
});

test("the edit page of an unknown post says so", async ({ page, allowConsoleErrors }) => {
  await signIn(page);
  await page.goto("/admin/edit/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "EDIT/UPDATE BLOG" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Blog not found.");
  allowConsoleErrors(/status of 404/);
});

test("dashboard tables show an error when they fail to load, and an empty state", async ({
  page,
  allowConsoleErrors,
}) => {
  await signIn(page);
  // The dashboard lists every post, drafts too, from the admin endpoint (issue 13), a page
  // at a time (issue 28).
  await page.route(/\/api\/admin\/blogs\?/, (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: "The database is unavailable." }),
    }),
  );
  await page.route(/\/api\/contact\/\?/, (route) => route.abort("connectionrefused"));
  await page.route("**/api/video", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
  );
  await page.goto("/admin/dashboard");
  const blogs = page.getByRole("region", { name: "Blogs" });
  await expect(blogs.getByRole("alert")).toHaveText(
    "Failed to load the blogs: The database is unavailable.",
  );
  const contacts = page.getByRole("region", { name: "Contacts" });
  await expect(contacts.getByRole("alert")).toHaveText(
    "Failed to load the enquiries. Please reload the page.",
  );
  const videos = page.getByRole("region", { name: "Videos" });
  await expect(videos.getByText("No videos uploaded yet.")).toBeVisible();

  await page.unroute("**/api/video");
  await page.route("**/api/video", (route) => route.abort("connectionrefused"));
  await page.reload();
  await expect(videos.getByRole("alert")).toHaveText("Failed to fetch videos.");
  allowConsoleErrors(/Failed to load resource/);
});

test("the dashboard's Blogs panel loads one page of the posts and pages with the pager", async ({
  page,
  allowConsoleErrors,
}) => {
  // The panel lists every post of the shared test server with its cover: a post that a test
  // running beside this one deletes between the list and its cover's request answers 404.
  allowConsoleErrors(/status of 404/);
  await signIn(page);
  const asked = page.waitForRequest(/\/api\/admin\/blogs\?/);
  await page.goto("/admin/dashboard");
  expect(new URL((await asked).url()).search).toBe("?page=1&pageSize=25");
  const blogs = page.getByRole("region", { name: "Blogs" });
  const pager = blogs.getByRole("navigation", { name: "Blog pages" });
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
  const rows = blogs.getByRole("table", { name: "Blogs" }).getByRole("row");
  expect(await rows.count()).toBeLessThanOrEqual(26);

  const bigger = page.waitForRequest(/\/api\/admin\/blogs\?page=1&pageSize=50$/);
  await pager.getByLabel("Per page").selectOption("50");
  await bigger;
  await expect(page).toHaveURL(/\/admin\/dashboard\?pageSize=50&page=1$/);
  await page.reload();
  await expect(pager.getByLabel("Per page")).toHaveValue("50");
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
});
