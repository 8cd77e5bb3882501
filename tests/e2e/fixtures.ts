import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export { expect };

/** The admin the global setup created, and a token for API calls. */
export const e2eAdmin = {
  email: process.env.E2E_ADMIN_EMAIL ?? "",
  password: process.env.E2E_ADMIN_PASSWORD ?? "",
};

/** Another admin, for tests that end every session of their admin (sign out everywhere). */
export const e2eSecondAdmin = {
  email: process.env.E2E_SECOND_ADMIN_EMAIL ?? "",
  password: process.env.E2E_SECOND_ADMIN_PASSWORD ?? "",
};

export async function adminToken(
  request: APIRequestContext,
  admin: { email: string; password: string } = e2eAdmin,
): Promise<string> {
  const response = await request.post("/api/auth/login", { data: admin });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

/** Signs the page in the way the back office does: the token in localStorage. */
export async function signIn(
  page: Page,
  admin: { email: string; password: string } = e2eAdmin,
): Promise<string> {
  const token = await adminToken(page.request, admin);
  await page.goto("/admin/login");
  await page.evaluate((value) => localStorage.setItem("adminToken", value), token);
  return token;
}

/**
 * axe-core on the current page: WCAG 2.x A and AA rules, no violations allowed. `include`
 * limits the scan to a part of the page (a section only some pages of a template have).
 */
export async function expectNoAxeViolations(
  page: Page,
  { include }: { include?: string } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    // Only violations are reported: axe skips collecting the passing nodes' details.
    .options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/**
 * Waits until the page is alive: React has hydrated it (the body carries React's props),
 * when it is a React Router page, or the islands script has brought its parts alive (the
 * `data-enhanced` mark), when it is an islands page (docs/decisions/0039). Before that, the
 * server-rendered buttons are there but have no handlers yet: a click would be lost.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.documentElement.hasAttribute("data-islands")
      ? document.documentElement.hasAttribute("data-enhanced")
      : !("__reactRouterContext" in window) ||
        Object.keys(document.body ?? {}).some((key) => key.startsWith("__reactProps$")),
  );
}

const checks = new WeakMap<BrowserContext, { allowed: RegExp[] }>();

/**
 * `allowConsoleErrors` for a helper that has only the page (one that makes an API call fail
 * on purpose allows the error that call logs).
 */
export function allowConsoleErrorsIn(page: Page, ...patterns: RegExp[]): void {
  const check = checks.get(page.context());
  if (!check) throw new Error("allowConsoleErrorsIn: not a page of a test's context");
  check.allowed.push(...patterns);
}

/**
 * Every test fails on a console error or an uncaught exception in any page of its browser
 * context, unless it allowed that error with `allowConsoleErrors(pattern)` (docs/decisions/0025).
 */
export const test = base.extend<{
  consoleErrors: string[];
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleCheck: { errors: string[]; allowed: RegExp[] };
  portfolioToItself: void;
}>({
  // Every navigation of a test ends when the page is interactive, not merely loaded.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await waitForHydration(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
  /**
   * Collects the errors of every page of the test's browser context and, when the test has
   * passed, fails it unless each one matches a pattern the test allowed.
   */
  consoleCheck: [
    async ({ context, browser }, use, testInfo) => {
      const check = { errors: [] as string[], allowed: [] as RegExp[] };
      // A 4xx page (an unknown path, a used link) or a 4xx API answer (a wrong password, an
      // editor on an owner's screen) is the product answering, and the page shows it; the
      // browser still logs "Failed to load resource" for it. Those are not errors of the
      // page. A 4xx for a script, style, font or picture, and any 5xx, still are.
      const answered = new Set<string>();
      const watch = (watched: BrowserContext) => {
        watched.on("response", (response) => {
          const type = response.request().resourceType();
          const api = new URL(response.url()).pathname.startsWith("/api/");
          if (response.status() >= 400 && response.status() < 500 && (type === "document" || api))
            answered.add(response.url());
        });
        watched.on("weberror", (error) => check.errors.push(`uncaught: ${error.error().message}`));
        watched.on("console", (message) => {
          if (message.type() !== "error") return;
          const where = message.location().url;
          if (
            /^Failed to load resource: the server responded with a status of 4\d\d/.test(
              message.text(),
            ) &&
            answered.has(where)
          )
            return;
          check.errors.push(where ? `${message.text()} (at ${where})` : message.text());
        });
      };
      watch(context);
      checks.set(context, check);
      // The contexts a test opens itself (a second visitor, another account) count too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        watch(opened);
        return opened;
      };
      try {
        await use(check);
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = check.errors.filter(
        (error) => !check.allowed.some((pattern) => pattern.test(error)),
      );
      if (testInfo.status === "passed") {
        expect(unexpected, "console errors and uncaught exceptions of the test's pages").toEqual(
          [],
        );
      } else if (unexpected.length > 0) {
        // The test failed already: its own failure comes first, the errors go with it.
        testInfo.annotations.push({ type: "console errors", description: unexpected.join("\n") });
      }
    },
    { auto: true },
  ],
  /** The console errors and uncaught exceptions so far, for a test that looks at them. */
  consoleErrors: async ({ consoleCheck }, use) => use(consoleCheck.errors),
  /**
   * Allows the errors a test provokes on purpose (a refused API call logs "Failed to load
   * resource: … status of 401"), each by a pattern as narrow as will do. Call it anywhere
   * in the test: the check runs when the test ends.
   */
  allowConsoleErrors: async ({ consoleCheck }, use) =>
    use((...patterns) => consoleCheck.allowed.push(...patterns)),
  /**
   * Asked for by the tests that add, move or remove portfolio videos: while one runs, no
   * other does. They count on the portfolio's order (latest upload first, a move by one
   * place, a reorder that names every video) in the site's one list, which the other
   * worker shares. The lock is a folder in the run's data folder (mkdir is atomic), so a
   * crashed run leaves nothing behind for the next. The wait has its own time limit.
   */
  portfolioToItself: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, use) => {
      const lock = path.join(process.env.E2E_DATA_DIR ?? tmpdir(), "portfolio-test.lock");
      for (;;) {
        try {
          await mkdir(lock);
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      try {
        await use();
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    },
    { timeout: 300_000 },
  ],
});

/**
 * Adds a link to `href` at the end of the page's main content and clicks it: a link the site
 * has no page for (gone stale, or to a page no menu links), followed as a visitor would.
 */
export async function followAddedLink(page: Page, href: string): Promise<void> {
  await page.evaluate((address) => {
    const link = Object.assign(document.createElement("a"), {
      href: address,
      id: "added-link",
      textContent: "An added link",
    });
    document.querySelector("main")!.append(link);
  }, href);
  await page.locator("#added-link").click();
}
