import { defaultNavServices as services } from "../../app/lib/nav-services.ts";
import { site } from "../../common/site-config.ts";
import { defaultItems } from "../factories/content.ts";
import { expect, test } from "./fixtures.ts";

/** The team of a fresh database (these tests do not change it). */
const team = defaultItems("team");

// About, Team and Services: their sections and texts and per-page meta. Their accessibility
// (axe) and fit at 375 and 1280 px: public-a11y.spec.ts.

test("/about: hero, welcome with Get in Touch, mission, Why Choose Us, the team, Let's Get Started", async ({
  page,
}) => {
  const response = await page.goto("/about");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome to ${site.name}` })).toBeVisible();
  await expect(
    page.locator("main").getByRole("link", { name: "Get in Touch" }).first(),
  ).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();

  const why = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Why Choose Us" }) });
  await expect(why.getByRole("heading", { level: 3 })).toHaveText([
    "Proven Results",
    "Creative Expertise",
    "Tailored Solutions",
    "Experienced Team",
  ]);

  const meet = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Meet Our Team" }) });
  await expect(meet.getByRole("article")).toHaveCount(4);
  for (const member of team) {
    const card = meet.getByRole("article").filter({ hasText: member.name });
    await expect(card.getByRole("img", { name: `Portrait of ${member.name}` })).toBeAttached();
    await expect(card.getByText(member.position)).toBeAttached();
  }
  await expect(meet.getByRole("link", { name: "More about the team" })).toHaveAttribute(
    "href",
    "/about/team",
  );
  await expect(page.getByRole("heading", { name: "Let's Get Started" })).toBeAttached();
});

test("/about/team: the four members in full", async ({ page }) => {
  const response = await page.goto("/about/team");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Meet Our Team" })).toBeVisible();
  const cards = page.locator("main").getByRole("article");
  await expect(cards).toHaveCount(4);
  for (const member of team) {
    const card = cards.filter({ hasText: member.name });
    await expect(card.getByRole("heading", { name: member.name })).toBeAttached();
    await expect(card.getByText(member.position)).toBeAttached();
    await expect(card.getByText(member.bio)).toBeAttached();
  }
  // The navigation shows About Us as the section of this page.
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }),
  ).toHaveAttribute("aria-current", "page");
});

test("/services: hero, the three claims, seven cards with Learn More, Let's Get Started", async ({
  page,
}) => {
  const response = await page.goto("/services");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Our Services" })).toBeVisible();
  for (const [value, label] of [
    ["200+", "Projects Completed"],
    ["150+", "Satisfied Clients"],
    ["5+", "Years of Experience"],
  ]) {
    await expect(page.getByText(value!, { exact: true })).toBeVisible();
    await expect(page.getByText(label!, { exact: true })).toBeVisible();
  }
  const cards = page.locator("main").getByRole("article");
  await expect(cards).toHaveCount(7);
  for (const service of services) {
    const card = cards.filter({ has: page.getByRole("heading", { name: service.name }) });
    await expect(card.getByRole("link", { name: /^Learn More/ })).toHaveAttribute(
      "href",
      service.path,
    );
  }
  await expect(page.getByRole("heading", { name: "Let's Get Started" })).toBeAttached();
  await page.getByRole("link", { name: "Learn More about Page Revamp" }).click();
  await expect(page).toHaveURL(/\/page-revamp$/);
});

test("each page has its own title, description and canonical URL", async ({ page }) => {
  const seen = new Set<string>();
  for (const [path, title] of [
    ["/", site.name],
    ["/about", "About Us"],
    ["/about/team", "Our Team"],
    ["/services", "Our Services"],
  ]) {
    await page.goto(path!);
    await expect(page).toHaveTitle(new RegExp(title!));
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(40);
    seen.add(description!);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`^https?://[^/]+${path === "/" ? "/" : path}$`),
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
  expect(seen.size).toBe(4);
});
