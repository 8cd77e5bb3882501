import { expect, expectNoAxeViolations, signIn, test } from "./fixtures.ts";
import { stamp } from "./fixtures/admin.ts";

// Post revisions (decision 0034): two edits, the older revision shown and restored.

test("edit a post twice, show the older revision and restore it: the editor and the site have its text", async ({
  page,
}) => {
  const token = await signIn(page);
  const title = `Revised notes ${stamp()}`;
  const created = await page.request.post("/api/blogs", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { title, content: "The first words." },
  });
  expect(created.status()).toBe(201);
  const { _id: id, slug } = (await created.json()) as { _id: string; slug: string };

  await page.goto(`/admin/edit/${id}`);
  for (const words of ["The second words.", "The third words."]) {
    await page.getByLabel("Point 1").fill(words);
    await page.getByRole("button", { name: "Update Blog" }).click();
    await expect(page.getByText("Blog updated successfully!").last()).toBeVisible();
  }

  await page.getByText(/^Revisions/).click();
  const list = page.getByRole("list").filter({ hasText: title });
  // One person's saves within 5 minutes share a revision: the edits, then the creation.
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("Saved");
  const show = list.getByRole("button", { name: /^Show/ }).last();
  await show.click();
  const dialog = page.getByRole("dialog", { name: /^Revision of/ });
  await expect(dialog.getByText("The first words.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  // Escape closes it and gives the focus back; shown again, it passes axe.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(show).toBeFocused();
  await show.click();
  await expect(dialog.getByText("The first words.")).toBeVisible();
  await expectNoAxeViolations(page, { include: "dialog[open]" });

  await dialog.getByRole("button", { name: "Restore this revision" }).click();
  const question = page.getByRole("dialog", { name: /^Restore the revision of/ });
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await question.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText(/^Restored the revision of/)).toBeVisible();
  await expect(page.getByLabel("Point 1")).toHaveValue("The first words.");
  await expect(page.getByRole("listitem").filter({ hasText: "Restored" })).toHaveCount(1);

  await page.goto(`/blog/${slug}`);
  await expect(page.getByText("The first words.")).toBeVisible();
  await expect(page.getByText("The third words.")).toHaveCount(0);
});
