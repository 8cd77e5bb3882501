import { adminToken, e2eAdmin, e2eSecondAdmin, expect, signIn, test } from "./fixtures.ts";
import { ADMIN_SCREENS, stamp } from "./fixtures/admin.ts";

// Sign-in, the session kept in localStorage `adminToken`, its end (logout, expiry, any 401).

const refused = [/Failed to load resource: the server responded with a status of 40[01]/];

test("every admin page sends you to the sign-in page without a token; never cached, noindex", async ({
  page,
}) => {
  for (const path of ADMIN_SCREENS) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin\/login$/);
  }
  await page.goto("/admin/edit/some-id");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page).toHaveTitle(/Admin Login/);
  // The server renders the shell without a token (no crash, no data), marked noindex.
  const response = await page.request.get("/admin/dashboard");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["x-robots-tag"]).toContain("noindex");
  expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
});

test("sign-in: wrong password, show/hide, busy text, the dashboard, logout", async ({
  page,
  allowConsoleErrors,
}) => {
  await page.goto("/admin/login");
  const email = page.getByLabel("Email");
  await expect(email).toHaveAttribute("type", "email");
  await email.fill(e2eAdmin.email);
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("definitely wrong");
  const show = page.getByRole("button", { name: "Show password" });
  await expect(show).toHaveAttribute("aria-pressed", "false");
  await show.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByRole("button", { name: "Hide password" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");

  await password.fill(e2eAdmin.password);
  // The answer is held until the busy state has been seen, then let through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/auth/login", async (route) => {
    await held;
    await route.continue();
  });
  await password.press("Enter");
  await expect(page.getByRole("button", { name: "Signing in" })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "ADMIN DASHBOARD" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeTruthy();

  // Signed in already: the sign-in page goes straight on to the dashboard.
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const nav = page.getByRole("navigation", { name: "Back office" });
  for (const name of [
    "Dashboard",
    "Create Blog",
    "Add portfolio video",
    "Prices",
    "Enquiries",
    "Subscribers",
  ]) {
    await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login$/);
  allowConsoleErrors(...refused);
});

test("a login answer without a token says so", async ({ page }) => {
  await page.route("**/api/auth/login", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill("a@b.co");
  await page.getByLabel("Password", { exact: true }).fill("whatever");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Login failed: No token received");
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
});

test("five failed sign-ins lock the e-mail out with the wait time (429)", async ({
  page,
  allowConsoleErrors,
}) => {
  // A made-up e-mail: the lock-out is per e-mail and address, the e2e admin stays usable.
  const email = `locked-${stamp()}@example.com`;
  for (let i = 0; i < 5; i++) {
    const answer = await page.request.post("/api/auth/login", {
      data: { email, password: "wrong password" },
    });
    expect(answer.status()).toBe(401);
  }
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("wrong password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    /^Too many failed sign-in attempts\. Please try again in 1[45] minutes\.$/,
  );
  allowConsoleErrors(/status of 429/);
});

test("an invalid or expired token sends you to the sign-in page and is forgotten", async ({
  page,
  allowConsoleErrors,
}) => {
  await page.goto("/admin/login");
  await page.evaluate(() => localStorage.setItem("adminToken", "not.a.valid-token"));
  await page.goto("/admin/prices");
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  allowConsoleErrors(...refused);
});

test("a token that stops working mid-session (any 401) ends the session", async ({
  page,
  allowConsoleErrors,
}) => {
  await signIn(page);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Blogs" })).toBeVisible();
  // The token expires while the page is open: the next call answers 401.
  await page.evaluate(() => localStorage.setItem("adminToken", "expired.token.value"));
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Prices" })
    .click();
  await expect(page).toHaveURL(/\/admin\/login\?expired=1$/);
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  allowConsoleErrors(...refused);
});

test("Sign out everywhere ends this session and the ones on other devices", async ({
  page,
  allowConsoleErrors,
}) => {
  const otherDevice = await adminToken(page.request, e2eSecondAdmin);
  const me = (token: string) =>
    page.request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
  expect((await me(otherDevice)).status()).toBe(200);

  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(e2eSecondAdmin.email);
  await page.getByLabel("Password", { exact: true }).fill(e2eSecondAdmin.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const here = await page.evaluate(() => localStorage.getItem("adminToken"));
  expect(here).toBeTruthy();

  const nav = page.getByRole("navigation", { name: "Back office" });
  await nav.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  expect((await me(otherDevice)).status()).toBe(401);
  expect((await me(here!)).status()).toBe(401);
  // The account itself is fine: signing in again works.
  expect((await me(await adminToken(page.request, e2eSecondAdmin))).status()).toBe(200);
  allowConsoleErrors(...refused);
});
