import { expect, signIn, test } from "./fixtures.ts";
import { adminApi, stamp } from "./fixtures/admin.ts";

// Prices: Save on a row, Add New Price, the server's rules, the public page.

test("change a price and see it on the Social Media Management page", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/prices");
  await expect(page.getByRole("heading", { name: "Manage Prices" })).toBeVisible();
  const amount = page.getByRole("spinbutton", { name: "grow-me" });
  const before = await amount.inputValue();
  const api = await adminApi(page.request);
  try {
    await amount.fill("123456");
    const row = page.getByRole("listitem").filter({ has: amount });
    await expect(row.getByText("N123,456")).toBeVisible();
    await row.getByRole("button", { name: "Save grow-me" }).click();
    await expect(page.getByText("Saved grow-me: N123,456")).toBeVisible();
    await page.goto("/social-media-management");
    await expect(page.getByText("N123,456").first()).toBeVisible();
  } finally {
    // Other specs read the seeded amount: put it back at once.
    await api.post("/api/prices", { key: "grow-me", amount: Number(before) });
  }
});

test("Add New Price does nothing while a field is empty, shows the server's rules, then adds", async ({
  page,
  allowConsoleErrors,
}) => {
  await signIn(page);
  await page.goto("/admin/prices");
  await expect(page.getByRole("spinbutton", { name: "take-off" })).toBeVisible();
  const key = `promo-${stamp()}`;
  const add = page.getByRole("region", { name: "Add New Price" });
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/prices")) posts++;
  });

  await add.getByLabel("Key").fill(key);
  await add.getByRole("button", { name: "Add" }).click();
  await add.getByLabel("Key").fill("");
  await add.getByLabel("Amount").fill("5000");
  await add.getByRole("button", { name: "Add" }).click();
  expect(posts).toBe(0);

  // The server's validation comes back under the fields.
  await add.getByLabel("Key").fill("Promo Key!");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByRole("alert")).toHaveText(
    "Key must be 1 to 40 lower-case letters, digits or hyphens (e.g. take-off).",
  );
  await expect(add.getByLabel("Key")).toHaveAttribute("aria-invalid", "true");
  await add.getByLabel("Key").fill(key);
  await add.getByLabel("Amount").fill("-5");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByRole("alert")).toHaveText("Amount cannot be negative.");

  await add.getByLabel("Amount").fill("5000");
  await expect(add.getByText("N5,000")).toBeVisible();
  await add.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText(`Saved ${key}: N5,000`)).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: key })).toHaveValue("5000");
  await expect(add.getByLabel("Key")).toHaveValue("");
  await expect(add.getByRole("alert")).toBeEmpty();
  // A row keeps the server's rules too.
  await page.getByRole("spinbutton", { name: key }).fill("2000000000");
  await page.getByRole("button", { name: `Save ${key}` }).click();
  await expect(page.getByRole("listitem").filter({ hasText: key }).getByRole("alert")).toHaveText(
    "Amount must be at most 1,000,000,000.",
  );

  const api = await adminApi(page.request);
  expect((await api.delete(`/api/prices/${key}`)).ok()).toBe(true);
  allowConsoleErrors(/status of 400/);
});

test("no prices: the spec's empty text; a failed load: an error", async ({
  page,
  allowConsoleErrors,
}) => {
  await signIn(page);
  await page.route("**/api/prices", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
  );
  await page.goto("/admin/prices");
  await expect(page.getByText("No prices found. Add your first one:")).toBeVisible();
  await page.unroute("**/api/prices");
  await page.route("**/api/prices", (route) => route.abort("connectionrefused"));
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Prices on the site" }).getByRole("alert"),
  ).toHaveText("Failed to load the prices. Please reload the page.");
  allowConsoleErrors(/Failed to load resource/);
});

test("each price says what it is and which page shows it; an unused key says so", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/prices");
  const rowOf = (key: string) =>
    page.getByRole("listitem").filter({ has: page.getByRole("spinbutton", { name: key }) });

  const growMe = rowOf("grow-me").getByRole("link", {
    name: "GROW ME package, monthly — /social-media-management",
  });
  await expect(growMe).toHaveAttribute("href", "/social-media-management");
  await expect(growMe).toHaveAttribute("target", "_blank");
  // The amount in the site's notation beside the box, and the use in the box's description.
  await expect(rowOf("grow-me").getByText(/^N[\d,]+$/)).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "grow-me" })).toHaveAccessibleDescription(
    /GROW ME package, monthly — \/social-media-management/,
  );
  await expect(
    rowOf("video-voice").getByRole("link", {
      name: "Video Voice Over (video rate) — /video-creation",
    }),
  ).toBeVisible();
  const [tab] = await Promise.all([page.context().waitForEvent("page"), growMe.click()]);
  await expect(tab).toHaveURL(/\/social-media-management$/);
  await tab.close();

  const key = `unused-${stamp()}`;
  const add = page.getByRole("region", { name: "Add New Price" });
  const api = await adminApi(page.request);
  try {
    await add.getByLabel("Key").fill(key);
    await add.getByLabel("Amount").fill("7500");
    await add.getByRole("button", { name: "Add" }).click();
    await expect(rowOf(key).getByText("not shown on the site", { exact: true })).toBeVisible();
    await expect(rowOf(key).getByText("N7,500")).toBeVisible();
    await expect(rowOf(key).getByRole("link")).toHaveCount(0);
  } finally {
    expect((await api.delete(`/api/prices/${key}`)).ok()).toBe(true);
  }
});

test("without the content the rows still save, and the usage column says it is missing", async ({
  page,
  allowConsoleErrors,
}) => {
  await signIn(page);
  await page.route("**/api/content", (route) => route.abort("connectionrefused"));
  await page.goto("/admin/prices");
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("spinbutton", { name: "take-off" }) });
  await expect(row.getByText("Where it is shown could not be loaded.")).toBeVisible();
  const amount = await row.getByRole("spinbutton").inputValue();
  await row.getByRole("button", { name: "Save take-off" }).click();
  await expect(
    page.getByText(`Saved take-off: N${Number(amount).toLocaleString("en-US")}`),
  ).toBeVisible();
  allowConsoleErrors(/Failed to load resource/);
});
