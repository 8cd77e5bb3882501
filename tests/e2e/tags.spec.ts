import { expect, test as base } from "./fixtures.ts";
import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";

// Tags of posts and the Posts screen (issue 30, parts 5 and 6). Posts with tags change the
// blog's pages, so this file runs against a server of its own over a fresh database.

const test = base.extend<object, { tagsServer: SignedInServer }>({
  tagsServer: [signedInServer("tags", "tags-owner@example.com"), { scope: "worker" }],
  baseURL: async ({ tagsServer }, use) => use(tagsServer.url),
  storageState: async ({ tagsServer }, use) => use(signedInState(tagsServer)),
});

test.describe.configure({ mode: "default" });

/** Creates a post through the API, as the back office's form does. */
async function createPost(
  server: SignedInServer,
  fields: Record<string, string>,
): Promise<{ _id: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(`${server.url}/api/blogs`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { _id: string };
}

test("tags added in the editor show on the cards, lead to the tag's page, and relate posts", async ({
  page,
  tagsServer,
}) => {
  await createPost(tagsServer, {
    title: "Growth hacks for Lagos shops",
    content: "Older.",
    tags: "Growth",
  });

  await page.goto("/admin/create");
  await page.getByLabel("Title").fill("Reels that grow a brand");
  await page.getByLabel("Point 1").fill("Short videos, every day.");
  const tags = page.getByLabel("Tags", { exact: true });
  await tags.fill("Instagram");
  await tags.press("Enter");
  await tags.fill("growth,");
  const chips = page.getByRole("list", { name: "Tags of this post" });
  await expect(chips.getByRole("listitem")).toHaveText(["Instagram×", "Growth×"]);
  await page.getByRole("button", { name: "Remove tag Instagram" }).click();
  await tags.fill("Instagram");
  await tags.press("Enter");
  // A new post starts as a draft: this one goes on the site at once.
  await page.getByRole("radio", { name: "Publish now" }).check();
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByText("Blog created successfully!")).toBeVisible();

  await page.goto("/blog");
  const card = page.getByRole("article").filter({ hasText: "Reels that grow a brand" });
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveText([
    "Growth",
    "Instagram",
  ]);
  await card.getByRole("link", { name: "Growth" }).click();
  await expect(page).toHaveURL(/\/blog\/tag\/growth$/);
  await expect(page.getByRole("heading", { name: "Posts tagged Growth", level: 1 })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);

  await page.getByRole("link", { name: /Read More\s*: Reels that grow a brand/ }).click();
  const related = page.getByRole("region", { name: "Related posts" });
  await expect(related.getByRole("article")).toHaveText([/Growth hacks for Lagos shops/]);
});

test("the Posts screen filters by status and tag, searches, and pages", async ({
  page,
  tagsServer,
}) => {
  // 27 posts tagged Bulk: every third a draft; 26 more than a page of 25.
  for (let i = 1; i <= 27; i++) {
    await createPost(tagsServer, {
      title: `Bulk post ${String(i).padStart(2, "0")}${i === 7 ? " about harmattan" : ""}`,
      content: "Words.",
      tags: "Bulk",
      ...(i % 3 === 0 ? { status: "draft" } : {}),
    });
  }
  await page.goto("/admin/posts");
  await expect(page.getByRole("heading", { name: "Posts", level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Posts" })).toBeVisible();

  await page.getByLabel("Tag").selectOption("Bulk");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/tag=bulk/);
  await expect(page.getByText("27 posts")).toBeVisible();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  const rows = page.getByRole("table", { name: "Posts" }).getByRole("row");
  await expect(rows).toHaveCount(3); // the header and two posts
  await expect(rows.nth(1)).toContainText("Bulk post 02");

  await page.getByLabel("Status").selectOption("Draft");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("9 posts")).toBeVisible();
  await expect(rows.nth(1)).toContainText(/draft/i);
  await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText("—none");

  await page.getByLabel("Status").selectOption("All");
  await page.getByLabel("Search").fill("harmattan");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText(/^1 post ·/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Bulk post 07 about harmattan" })).toHaveAttribute(
    "href",
    /\/admin\/edit\//,
  );

  await page.getByLabel("Search").fill("nothing-like-this");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No posts match “nothing-like-this”, tag Bulk.")).toBeVisible();
});
