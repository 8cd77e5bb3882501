import { expect, expectNoAxeViolations, signIn, test } from "./fixtures.ts";
import { adminApi, sendEnquiry, stamp } from "./fixtures/admin.ts";

// The lead pipeline (issue 52, item 1): the board by keyboard and by drag and drop, its
// filters in the address, and an enquiry's Lead panel (owner, value, follow-up, notes).

const SHOTS = "/tmp/shots-52";

test("the board moves a lead by keyboard and by drag and drop; filters live in the address", async ({
  page,
}) => {
  const run = stamp();
  const source = `board${run}`;
  const name = `Board Bisi ${run}`;
  const other = `Board Tayo ${run}`;
  const lead = await sendEnquiry(page.request, { name, source: { utmSource: source } });
  await sendEnquiry(page.request, { name: other, source: { utmSource: source } });
  const api = await adminApi(page.request);
  const stageOf = async () =>
    ((await (await api.get(`/api/leads/${lead._id}`)).json()) as { stage: string }).stage;

  await signIn(page);
  await page.goto("/admin/pipeline");
  await page.getByLabel("Source", { exact: true }).selectOption(source);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`source=${source}`));
  const column = (label: string) => page.getByRole("region", { name: new RegExp(`^${label} `) });
  await expect(column("New").getByRole("link", { name })).toBeVisible();
  await expect(column("New").getByRole("heading")).toHaveText("New (2)");

  // Keyboard: the card's name, then the arrow keys; the focus stays on the card.
  await column("New").getByRole("link", { name }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(column("Contacted").getByRole("link", { name })).toBeFocused();
  await expect.poll(stageOf).toBe("contacted");
  await page.keyboard.press("ArrowRight");
  await expect(column("Proposal").getByRole("link", { name })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(column("Contacted").getByRole("link", { name })).toBeFocused();
  await expect.poll(stageOf).toBe("contacted");
  await expect(page.getByText(`Moved ${name} to Contacted.`).first()).toBeAttached();

  // The address keeps the filter on a reload.
  await page.reload();
  await expect(column("Contacted").getByRole("link", { name })).toBeVisible();
  await expect(column("New").getByRole("heading")).toHaveText("New (1)");

  // Drag and drop to Lost asks why.
  await column("Contacted").getByRole("listitem").filter({ hasText: name }).dragTo(column("Lost"));
  await page.getByLabel("Reason").fill("Chose another agency");
  await page.getByRole("button", { name: "Mark as lost" }).click();
  await expect(column("Lost").getByRole("link", { name })).toBeVisible();
  await expect.poll(stageOf).toBe("lost");
  await expect(column("Lost")).toContainText("Lost: Chose another agency");

  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/board-${width}.png`, fullPage: true });
  }
});

test("an enquiry's lead: owner, value, follow-up date and notes; the dashboard's Due today", async ({
  page,
}) => {
  const name = `Lead Lola ${stamp()}`;
  const lead = await sendEnquiry(page.request, { name });
  await signIn(page);
  await page.goto(`/admin/enquiries/${lead._id}`);
  const panel = page.getByRole("region", { name: "Lead" });
  await expect(panel.getByLabel("Stage")).toHaveValue("new");
  const owner = panel.getByLabel("Owner");
  await expect(owner.locator("option")).not.toHaveCount(1);
  const firstOwner = await owner.locator("option").nth(1).getAttribute("value");
  await owner.selectOption(firstOwner!);
  await expect(page.getByText("Owner saved.")).toBeVisible();
  await panel.getByLabel("Value (naira)").fill("180000");
  await panel.getByLabel("Value (naira)").blur();
  await expect(page.getByText("Value saved.")).toBeVisible();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
  await panel.getByLabel("Next follow-up").fill(today);
  await expect(page.getByText("Follow-up saved.")).toBeVisible();
  await panel.getByLabel("Add a note").fill("Called: wants GROW ME from January.");
  await panel.getByRole("button", { name: "Add note" }).click();
  await expect(panel.getByText("Called: wants GROW ME from January.")).toBeVisible();
  await page.reload();
  await expect(panel.getByLabel("Value (naira)")).toHaveValue("180000");
  await expect(panel.getByText("Called: wants GROW ME from January.")).toBeVisible();
  // A reply from a template, with the name filled in; this server has no mail set up.
  const replies = page.getByRole("region", { name: "Replies" });
  await replies.getByLabel("Start from a template").selectOption({ index: 1 });
  await expect(replies.getByLabel("Reply")).toHaveValue(new RegExp(`^Hello ${name},`));
  await expect(replies.getByLabel("Subject")).toHaveValue(
    "Your enquiry about Branding and Graphic Designs",
  );
  await replies.getByRole("button", { name: "Send reply" }).click();
  await expect(replies.getByText(/Not sent: mail is not set up/)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/lead-${width}.png`, fullPage: true });
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/dashboard");
  const due = page.getByRole("region", { name: "Due today" });
  await expect(due.getByRole("link", { name })).toBeVisible();
});

test("a reply template made on its screen is offered in an enquiry's reply form, filled in", async ({
  page,
}) => {
  const run = stamp();
  const name = `Template Tunde ${run}`;
  const label = `Portfolio link ${run}`;
  const lead = await sendEnquiry(page.request, { name });
  await signIn(page);
  await page.goto("/admin/reply-templates");
  await expect(page.getByRole("heading", { name: "Reply templates", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Thank you, next steps" })).toBeVisible();
  const form = page.getByRole("region", { name: "Add a template" });
  await form.getByLabel("Name").fill(label);
  await form.getByLabel("Subject").fill("Our work for {package}");
  await form.getByLabel("Text").fill("Hello {name},\n\nHere is our portfolio.");
  await form.getByRole("button", { name: "Add template" }).click();
  await expect(page.getByText("Template added.")).toBeVisible();
  const added = page.getByRole("listitem").filter({ hasText: label });
  await expect(added).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");
  // Moved up by keyboard: the focus stays on the moved template.
  await added.getByRole("button", { name: `Move up ${label}` }).press("Enter");
  await expect(page.getByRole("listitem").filter({ hasText: label })).toBeFocused();
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/reply-templates-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/admin/enquiries/${lead._id}`);
  const replies = page.getByRole("region", { name: "Replies" });
  await replies.getByLabel("Start from a template").selectOption({ label });
  await expect(replies.getByLabel("Subject")).toHaveValue(/^Our work for /);
  await expect(replies.getByLabel("Reply")).toHaveValue(`Hello ${name},\n\nHere is our portfolio.`);
  await expect(replies.getByRole("link", { name: "Edit the templates" })).toHaveAttribute(
    "href",
    "/admin/reply-templates",
  );

  await page.goto("/admin/reply-templates");
  await page
    .getByRole("listitem")
    .filter({ hasText: label })
    .getByRole("button", { name: `Delete ${label}` })
    .click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(page.getByText("Template deleted.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: label })).toHaveCount(0);
});
