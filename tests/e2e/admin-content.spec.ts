import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { listContentTypeNames } from "../../common/schemas/content.ts";
import { signedInServer, signedInState, type SignedInServer } from "./own-server.ts";
import { expect, test as base } from "./fixtures.ts";
import { pngBytes } from "./fixtures/admin.ts";

// The site content screens (issue 12): for every content type a person changes an item in
// the back office and sees it on the public page at the next load. These tests change what
// other specs assert (offer prices, the phone, the policy date), so each worker runs them
// against a server of its own over a fresh database (the same build); within this file each
// test changes its own items and puts every change back in `finally` through the API.

const test = base.extend<object, { contentServer: SignedInServer }>({
  contentServer: [
    signedInServer("admin-content", "content-admin@example.com"),
    { scope: "worker" },
  ],
  baseURL: async ({ contentServer }, use) => use(contentServer.url),
  // Every page starts signed in, the way the back office keeps it: the token in localStorage.
  storageState: async ({ contentServer }, use) => use(signedInState(contentServer)),
  page: async ({ page, contentServer }, use) => {
    token = contentServer.token;
    await use(page);
  },
});

/** The session of this worker's admin, for the API calls. */
let token: string;

// One worker runs this file, in order: one server of its own instead of one per worker.
// Each test edits in the back office and then loads public pages: room for a busy machine.
test.describe.configure({ mode: "default", timeout: 180_000 });

type Item = { _id: string } & Record<string, unknown>;

/** The content API as the e2e admin, for reading the seeded items and putting them back. */
async function contentApi(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${token}` };
  const json = async <T>(response: Awaited<ReturnType<APIRequestContext["get"]>>) => {
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };
  return {
    list: async (type: string) => json<Item[]>(await request.get(`/api/content/${type}`)),
    /** The item of `type` whose `field` is `value`. */
    find: async (type: string, field: string, value: string) => {
      const item = (await json<Item[]>(await request.get(`/api/content/${type}`))).find(
        (entry) => entry[field] === value,
      );
      expect(item, `${type} with ${field} ${value}`).toBeDefined();
      return item!;
    },
    /** Puts an item back as it was. */
    restore: async (type: string, item: Item) => {
      const { _id, ...data } = item;
      await json(await request.put(`/api/content/${type}/${_id}`, { headers, data }));
    },
    remove: (type: string, id: string) => request.delete(`/api/content/${type}/${id}`, { headers }),
    setting: async (type: string) =>
      json<Record<string, unknown>>(await request.get(`/api/settings/${type}`)),
    restoreSetting: async (type: string, data: Record<string, unknown>) => {
      await json(await request.put(`/api/settings/${type}`, { headers, data }));
    },
  };
}

/** Opens the editor of one item from its list, as a person would. */
async function openEditor(page: Page, type: string, title: string) {
  await page.goto(`/admin/content/${type}`);
  await page.getByRole("link", { name: `Edit ${title}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Edit / })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

/** Saves the editor and waits for the list with the notice. */
async function save(page: Page, notice: string) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").getByText(notice).last()).toBeVisible();
}

const row = (page: Page, title: string): Locator =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });

test("offers: the naira input, checked before saving, and a new price on the home page", async ({
  page,
}) => {
  const api = await contentApi(page.request);
  const before = await api.find("offers", "name", "Page Revamp");
  try {
    await openEditor(page, "offers", "Page Revamp");
    const amount = page.getByLabel("Amount");
    await expect(amount).toHaveValue("N30,000");
    await expect(page.getByLabel("Price")).toHaveValue("");

    // Not an amount: the schema's message beside the field, and focus on it.
    await amount.fill("thirty five");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAccessibleDescription(/Amount must be an amount in naira\./);
    await expect(page.getByText("One field needs a change before it can be saved.")).toBeVisible();

    // 35000, 35,000 and N35,000 are all taken; leaving the field writes it the site's way.
    await amount.fill("35000");
    await amount.blur();
    await expect(amount).toHaveValue("N35,000");
    await amount.fill("35,000");
    await save(page, "Offer saved.");
    await expect(page).toHaveURL(/\/admin\/content\/offers$/);
    await expect(row(page, "Page Revamp")).toContainText("N35,000");

    await page.goto("/");
    const offers = page.getByRole("region", { name: "One Time Offers" });
    await expect(offers.getByRole("listitem").filter({ hasText: "Page Revamp" })).toContainText(
      "N35,000",
    );
  } finally {
    await api.restore("offers", before);
  }
});

test("offers: linked to a price key, the offer shows that price", async ({ page }) => {
  const api = await contentApi(page.request);
  const before = await api.find("offers", "name", "Prepaid Ad Account");
  const voice = (
    (await (await page.request.get("/api/prices")).json()) as { key: string; amount: number }[]
  ).find((price) => price.key === "video-voice")!;
  const shown = `N${voice.amount.toLocaleString("en-US")}`;
  try {
    await openEditor(page, "offers", "Prepaid Ad Account");
    await page.getByLabel("Price").selectOption({ label: `video-voice — ${shown}` });
    await expect(page.getByLabel("Price")).toHaveAccessibleDescription(
      new RegExp(`The site shows ${shown} \\(the video-voice price\\)`),
    );
    await save(page, "Offer saved.");
    await expect(row(page, "Prepaid Ad Account")).toContainText(`video-voice price: ${shown}`);

    await page.goto("/");
    const offers = page.getByRole("region", { name: "One Time Offers" });
    await expect(
      offers.getByRole("listitem").filter({ hasText: "Prepaid Ad Account" }),
    ).toContainText(shown);
  } finally {
    await api.restore("offers", before);
  }
});

test("video rates and ads offers: a new point, one per line", async ({ page }) => {
  const api = await contentApi(page.request);
  const rate = await api.find("video-rates", "title", "Video Voice Over");
  const ads = await api.find("ads-offers", "title", "Running Sponsored Ads");
  try {
    await openEditor(page, "video-rates", "Video Voice Over");
    const points = page.getByLabel("Points");
    await expect(points).toHaveValue((rate.descs as string[]).join("\n"));
    await points.fill(`${(rate.descs as string[]).join("\n")}\n\n  Subtitles on request  \n`);
    await save(page, "Video rate saved.");
    await page.goto("/video-creation");
    const card = page.locator("li", {
      has: page.getByRole("heading", { name: "Video Voice Over" }),
    });
    await expect(card).toContainText("Subtitles on request");
    expect((await api.find("video-rates", "title", "Video Voice Over")).descs).toEqual([
      ...(rate.descs as string[]),
      "Subtitles on request",
    ]);

    await openEditor(page, "ads-offers", "Running Sponsored Ads");
    const adsPoints = page.getByLabel("Points");
    await adsPoints.fill(`${await adsPoints.inputValue()}\nMonthly strategy call`);
    await save(page, "Ads offer saved.");
    await page.goto("/ads");
    await expect(
      page.locator("li", { has: page.getByRole("heading", { name: "Running Sponsored Ads" }) }),
    ).toContainText("Monthly strategy call");
  } finally {
    await api.restore("video-rates", rate);
    await api.restore("ads-offers", ads);
  }
});

test("packages: a new feature on Social Media Management", async ({ page }) => {
  const api = await contentApi(page.request);
  const before = await api.find("packages", "name", "EMPOWER ME");
  try {
    await openEditor(page, "packages", "EMPOWER ME");
    await expect(page.getByLabel("Monthly price")).toHaveValue("empower-me");
    await expect(page.getByLabel("Highlight as the most popular")).not.toBeChecked();
    const features = page.getByLabel("Features");
    await features.fill(`${await features.inputValue()}\nQuarterly strategy review`);
    await save(page, "Package saved.");
    await page.goto("/social-media-management");
    await expect(page.getByText("Quarterly strategy review")).toBeVisible();
  } finally {
    await api.restore("packages", before);
  }
});

test("team: a new photo uploaded with its alt text, with progress and Cancel", async ({
  page,
  allowConsoleErrors,
}) => {
  const api = await contentApi(page.request);
  const before = await api.find("team", "name", "Segun Bello");
  const alt = "Segun Bello at the editing desk";
  const photo = { name: "segun.png", mimeType: "image/png", buffer: await pngBytes(480, 480) };
  try {
    await openEditor(page, "team", "Segun Bello");
    const photoGroup = page.getByRole("group", { name: "Photo" });
    await expect(photoGroup.getByRole("img", { name: "Portrait of Segun Bello" })).toBeVisible();
    const file = photoGroup.getByLabel("Replace the picture");

    // An upload that is cancelled changes nothing.
    let held = false;
    await page.route("**/api/content-images", () => {
      held = true; // never answered: the upload stays under way until cancelled
    });
    await file.setInputFiles(photo);
    await expect(photoGroup.getByText(/^Uploading… \d+%$/)).toBeVisible();
    await expect(photoGroup.getByRole("progressbar")).toBeVisible();
    await expect(page.getByRole("button", { name: "Uploading…" })).toBeVisible();
    await photoGroup.getByRole("button", { name: "Cancel upload" }).click();
    await expect(
      photoGroup.getByText("Upload cancelled. The picture was not changed."),
    ).toBeVisible();
    await expect(file).toBeFocused();
    expect(held).toBe(true);
    await page.unroute("**/api/content-images");

    await file.setInputFiles(photo);
    await expect(photoGroup.getByText("Uploaded segun.png. Save to keep it.")).toBeVisible();
    const altText = photoGroup.getByLabel("Alt text");
    // The alt text is required: the form says so beside it.
    await altText.fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(altText).toBeFocused();
    await expect(altText).toHaveAttribute("aria-invalid", "true");
    await expect(altText).toHaveAccessibleDescription(/Alt text is required\./);
    await altText.fill(alt);
    await expect(photoGroup.getByRole("img", { name: alt })).toHaveAttribute(
      "src",
      /^\/media\/content\//,
    );
    await save(page, "Team member saved.");
    // The thumbnail is decorative (alt=""): the title beside it names the row.
    await expect(row(page, "Segun Bello").locator("img")).toHaveAttribute(
      "src",
      /^\/media\/content\//,
    );

    await page.goto("/about/team");
    const picture = page.getByRole("img", { name: alt });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute("src", /^\/media\/content\//);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await page.unroute("**/api/content-images");
    await api.restore("team", before);
  }
  allowConsoleErrors(/Failed to load resource/);
});

test("testimonials and FAQ: new words on the home page and Contact Us", async ({ page }) => {
  const api = await contentApi(page.request);
  const testimonial = await api.find("testimonials", "name", "Emeka Obi");
  const question = "Do you work with businesses in different industries?";
  const faq = await api.find("faq", "question", question);
  const words = "They answered every enquiry within the hour, even on public holidays.";
  const answer = "Yes: food, fashion, property, tech and more, from Lagos to Abuja and beyond.";
  try {
    await openEditor(page, "testimonials", "Emeka Obi");
    await page.getByLabel("Text", { exact: true }).fill(words);
    await save(page, "Testimonial saved.");
    await page.goto("/");
    await expect(page.getByText(words).first()).toBeAttached();

    await openEditor(page, "faq", question);
    await page.getByLabel("Answer").fill(answer);
    await save(page, "Question saved.");
    await page.goto("/contact");
    await page.getByRole("button", { name: question }).click();
    await expect(page.getByText(answer)).toBeVisible();
  } finally {
    await api.restore("testimonials", testimonial);
    await api.restore("faq", faq);
  }
});

test("brand logos, gallery and carousel slides: new alt texts on the home page", async ({
  page,
}) => {
  const api = await contentApi(page.request);
  const brand = await api.find("brands", "name", "Baobab Events");
  const gallery = (await api.list("gallery")).at(-1)!;
  const slide = (await api.list("slides")).at(-1)!;
  const galleryAlt = (gallery.image as { alt: string }).alt;
  const slideAlt = (slide.image as { alt: string }).alt;
  try {
    await openEditor(page, "brands", "Baobab Events");
    await page.getByLabel("Name").fill("Baobab Events & Weddings");
    await page.getByLabel("Alt text").fill("Baobab Events & Weddings logo");
    await save(page, "Brand saved.");
    await expect(row(page, "Baobab Events & Weddings")).toBeVisible();

    await openEditor(page, "gallery", galleryAlt);
    await page.getByLabel("Alt text").fill("Delivery van poster for Delta Logistics");
    await save(page, "Gallery image saved.");

    await openEditor(page, "slides", slideAlt);
    await page.getByLabel("Alt text").fill("Community: every message answered, seven days a week");
    await save(page, "Slide saved.");

    await page.goto("/");
    await expect(page.locator('img[alt="Baobab Events & Weddings logo"]').first()).toBeAttached();
    await expect(
      page.locator('img[alt="Delivery van poster for Delta Logistics"]').first(),
    ).toBeAttached();
    await expect(
      page.locator('img[alt="Community: every message answered, seven days a week"]').first(),
    ).toBeAttached();
  } finally {
    await api.restore("brands", brand);
    await api.restore("gallery", gallery);
    await api.restore("slides", slide);
  }
});

test("claims: add, edit, move to the top by keyboard, delete", async ({ page }) => {
  const api = await contentApi(page.request);
  const label = `Brands Launched ${Date.now() % 100000}`;
  try {
    await page.goto("/admin/content/claims");
    await page.getByRole("link", { name: "Add claim" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/claims\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "Add claim" })).toBeVisible();
    // Nothing typed: both messages, focus on the first field.
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByLabel("Figure")).toBeFocused();
    await expect(page.getByLabel("Figure")).toHaveAccessibleDescription(/Figure is required\./);
    await expect(page.getByLabel("Label")).toHaveAccessibleDescription(/Label is required\./);
    await page.getByLabel("Figure").fill("40+");
    await page.getByLabel("Label").fill(label);
    await save(page, "Claim saved.");
    // Added at the end of the list.
    await expect(row(page, `40+ ${label}`).getByRole("cell").first()).toHaveText("4");

    await page.getByRole("link", { name: `Edit 40+ ${label}` }).click();
    await page.getByLabel("Figure").fill("45+");
    await save(page, "Claim saved.");
    const title = `45+ ${label}`;

    // Move up three times from the keyboard: focus stays on the button, the position is said.
    const up = page.getByRole("button", { name: `Move up ${title}` });
    await up.focus();
    for (const position of [3, 2]) {
      await page.keyboard.press("Enter");
      await expect(page.getByText(`${title} moved to position ${position} of 4.`)).toBeAttached();
      await expect(up).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page.getByText(`${title} moved to position 1 of 4.`)).toBeAttached();
    // At the top Move up is disabled: focus is on the row's Move down.
    await expect(up).toBeDisabled();
    await expect(page.getByRole("button", { name: `Move down ${title}` })).toBeFocused();
    await expect
      .poll(async () => (await api.list("claims"))[0]?.label, { timeout: 10_000 })
      .toBe(label);
    await page.reload();
    await expect(page.getByRole("row").nth(1)).toContainText(title);

    await page.goto("/services");
    const main = await page.locator("main").innerText();
    expect(main.indexOf(label)).toBeGreaterThan(-1);
    expect(main.indexOf(label)).toBeLessThan(main.indexOf("Projects Completed"));

    await page.goto("/admin/content/claims");
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete “${title}”?` });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").getByText("Claim deleted.")).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
    await page.goto("/services");
    await expect(page.getByText(label)).toHaveCount(0);
  } finally {
    for (const claim of await api.list("claims")) {
      if (claim.label === label) await api.remove("claims", claim._id);
    }
  }
});

test("a refused reorder puts the list back and says why", async ({ page, allowConsoleErrors }) => {
  await page.goto("/admin/content/faq");
  await expect(page.getByRole("button", { name: /^Move down / }).first()).toBeVisible();
  const first = page.getByRole("row").nth(1);
  const title = (await first.getByRole("cell").nth(1).innerText()).trim();
  await page.route("**/api/content/faq/order", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ error: "The order must list every item of this list once." }),
    }),
  );
  await page.getByRole("button", { name: `Move down ${title}` }).click();
  await expect(
    page.getByRole("status").getByText("The order must list every item of this list once."),
  ).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toContainText(title);
  allowConsoleErrors(/status of 400/);
});

test("contact details: a new phone number in the footer", async ({ page }) => {
  const api = await contentApi(page.request);
  const before = await api.setting("contact");
  const phone = "+234 809 555 0101";
  try {
    await page.goto("/admin/content");
    await page.getByRole("link", { name: "Contact details" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Contact details" })).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Site content", exact: true }).first(),
    ).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Phone").fill(phone);
    await save(page, "Contact details saved.");
    await page.goto("/");
    await expect(page.getByRole("contentinfo").getByText(phone)).toBeVisible();
  } finally {
    await api.restoreSetting("contact", before);
  }
});

test("privacy policy: a new date as Last updated", async ({ page }) => {
  const api = await contentApi(page.request);
  const before = await api.setting("policy");
  try {
    await page.goto("/admin/settings/policy");
    await expect(page.getByLabel("Last updated")).toHaveValue(String(before.lastUpdated));
    await page.getByLabel("Last updated").fill("2025-03-15");
    await save(page, "Privacy policy saved.");
    await page.goto("/policy");
    await expect(page.getByText("Last updated: March 2025")).toBeVisible();
  } finally {
    await api.restoreSetting("policy", before);
  }
});

test("the index: every type with its count and page; unknown types are not found", async ({
  page,
}) => {
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Site content" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  const lists = page.getByRole("region", { name: "Lists" });
  await expect(lists.getByRole("listitem")).toHaveCount(listContentTypeNames.length);
  await expect(lists.getByRole("listitem").filter({ hasText: "Brand logos" })).toContainText(
    /\d+ items/,
  );
  await lists.getByRole("link", { name: "FAQ" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "FAQ" })).toBeVisible();
  const view = page.getByRole("link", { name: /^View on site/ });
  await expect(view).toHaveAttribute("href", "/contact#faq-title");
  await expect(view).toHaveAttribute("target", "_blank");
  // The link leads to the section that shows the list.
  await page.goto("/contact#faq-title");
  await expect(page.locator("#faq-title")).toHaveText("Frequently Asked Questions");
  await page.goto("/admin/content/nonsense");
  await expect(page.getByText("There is no such content type.")).toBeVisible();
});

test("pages: a terms page made in the back office becomes the footer's Terms of Service", async ({
  page,
}) => {
  const footer = page.getByRole("contentinfo");
  await page.goto("/about");
  await expect(footer.getByText("Terms of Service", { exact: true })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveCount(0);
  let id: string | undefined;
  try {
    await page.goto("/admin/dashboard");
    await page.getByRole("link", { name: "Pages", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
    await expect(page.getByText("No pages yet.")).toBeVisible();
    await page.getByRole("link", { name: "New page" }).click();
    // The address follows the title until it is written; a route of the site is refused.
    await page.getByLabel("Title", { exact: true }).fill("Terms of Service");
    const address = page.getByLabel("Address", { exact: true });
    await expect(address).toHaveValue("terms-of-service");
    await address.fill("about");
    await page
      .getByLabel("Text", { exact: true })
      .fill("These terms apply to every service.\n# Payment\n* Half before work starts");
    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "The address /about is a page of the site already. Choose another address.",
    );
    await address.fill("terms");
    await save(page, "Page saved and published.");
    await expect(page).toHaveURL(/\/admin\/pages\/[0-9a-f-]{36}$/);
    id = page.url().split("/").at(-1);
    await expect(page.getByRole("link", { name: /^View the page/ })).toHaveAttribute(
      "href",
      "/terms",
    );

    await page.goto("/about");
    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Payment" })).toBeVisible();
    await expect(page.getByText("Half before work starts")).toBeVisible();
    await expect(page).toHaveTitle(/^Terms of Service \| /);
  } finally {
    if (id)
      await page.request.delete(`/api/pages/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
  }
});
