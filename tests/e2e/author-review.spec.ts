import path from "node:path";
import type { Page } from "@playwright/test";
import { startMailServer } from "../support/mail-server.ts";
import { createAdmin } from "../support/server-process.ts";
import { expect, expectNoAxeViolations, signIn, test as base } from "./fixtures.ts";
import { withOwnServer } from "./own-server.ts";

// The author role in the browser (issue 50, item 4; decision 0051): an author writes a post
// and sends it for review, sees nothing of the agency's business; an owner is mailed, finds
// it under "Waiting for review", publishes it, and it is on /blog. A server of its own, with
// a real SMTP server, as the accounts it makes would change the shared one's Staff list.

interface ReviewServer {
  url: string;
  env: NodeJS.ProcessEnv;
  mail: Awaited<ReturnType<typeof startMailServer>>;
}

const test = base.extend<object, { reviewServer: ReviewServer }>({
  reviewServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const mail = await startMailServer();
      try {
        const env = { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: "website@agency.test" };
        await withOwnServer("review", env, async (server) => {
          await use({ url: server.url, env: server.env, mail });
        });
      } finally {
        await mail.close();
      }
    },
    { scope: "worker" },
  ],
  baseURL: async ({ reviewServer }, use) => use(reviewServer.url),
});

test.describe.configure({ timeout: 120_000 });

const nav = (page: Page) => page.getByRole("navigation", { name: "Back office" });

/** Screenshots at both widths, into SHOTS_DIR when set (the screens looked at), else the test's folder. */
async function shots(page: Page, name: string, outputPath: (file: string) => string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const file = `${name}-${width}.png`;
    const where = process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, file) : outputPath(file);
    await page.screenshot({ path: where, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an author writes a post and submits it; an owner sees it waiting, publishes it, and it is on /blog", async ({
  page,
  browser,
  reviewServer,
}, testInfo) => {
  const owner = createAdmin(reviewServer.env, "ada.owner@example.com");
  const author = createAdmin(reviewServer.env, "chi.author@example.com", "create", "author");
  await signIn(page, author);

  // The author's nav: their posts and their account, nothing else.
  await page.goto("/admin/dashboard");
  await expect(nav(page).getByRole("link", { name: "My account" })).toBeVisible();
  const links = await nav(page).getByRole("link").allTextContents();
  expect(links.filter((text) => text !== "View the site")).toEqual([
    "Dashboard",
    "Create Blog",
    "Posts",
    "My account",
  ]);
  await page.goto("/admin/enquiries");
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("signed in as an author");

  // A post, created as a draft; then sent for review.
  const title = "Reels that sell in Lagos";
  await page.goto("/admin/create");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Point 1", { exact: true }).fill("Open with the hook, then the offer.");
  await expect(page.getByRole("radio", { name: "Publish now" })).toHaveCount(0);
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page).toHaveURL(/\/admin\/edit\/[0-9a-f-]{36}$/);
  const submit = page.getByRole("button", { name: "Submit for review" });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText("Sent for review: the editors have been told.")).toBeVisible();
  await expect(page.getByText(/^Waiting for review: sent by chi\.author on/)).toBeVisible();
  await shots(page, "author-editor", testInfo.outputPath.bind(testInfo));

  await page.goto("/admin/posts");
  const own = page.getByRole("table", { name: "Posts" });
  await expect(own.getByRole("row").filter({ hasText: title })).toContainText("Waiting for review");
  await expectNoAxeViolations(page);
  await shots(page, "author-posts", testInfo.outputPath.bind(testInfo));

  // The owner is mailed, naming the post and its author.
  await expect
    .poll(() => reviewServer.mail.inbox.filter((m) => m.rcptTo.includes(owner.email)).length)
    .toBe(1);
  const mail = reviewServer.mail.inbox.find((m) => m.rcptTo.includes(owner.email))!.mail;
  expect(mail.subject).toContain(title);
  expect(mail.text).toContain(`chi.author sent the post "${title}" for review.`);

  // The owner: "Waiting for review" with its count, then the post, published.
  const ownerContext = await browser.newContext({ baseURL: reviewServer.url });
  const editor = await ownerContext.newPage();
  await signIn(editor, owner);
  await editor.goto("/admin/posts");
  const filter = editor.getByRole("link", { name: "Waiting for review 1 post" });
  await filter.click();
  await expect(editor).toHaveURL(/status=review/);
  await expect(editor.getByText("1 post", { exact: false }).first()).toBeVisible();
  const waiting = editor.getByRole("table", { name: "Posts" });
  await expect(waiting.getByRole("row")).toHaveCount(2);
  await expectNoAxeViolations(editor);
  await shots(editor, "review-filter", testInfo.outputPath.bind(testInfo));
  await waiting.getByRole("link", { name: title }).click();
  await expect(editor.getByText(/^Waiting for review: sent by chi\.author/)).toBeVisible();
  await editor.getByRole("radio", { name: "Publish now" }).check();
  await editor.getByRole("button", { name: "Update Blog" }).click();
  await expect(editor.getByRole("radio", { name: "Published" })).toBeChecked();

  await editor.goto("/blog");
  await expect(editor.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  await ownerContext.close();
});
