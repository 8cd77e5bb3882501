import { beforeAll, describe, expect, inject, it } from "vitest";
import { defaultServiceItems } from "../../common/content/services.ts";
import { serviceNames, servicePages } from "../../common/service-pages.ts";
import { call, expectAdminOnly, useTestApp } from "./helpers.ts";

// Services as a content list (issue 47, decision 0048): the seven of a fresh install, and a
// service staff add, rename, move and remove, with its page, blocks, enquiry, cards, menus and
// sitemap; addresses that a route, another service or a page has are refused.

interface Service {
  _id: string;
  name: string;
  slug: string;
  footerLabel: string;
  [field: string]: unknown;
}

const newService = {
  name: "Website Design",
  slug: "web-design",
  footerLabel: "Websites",
  summary: "Fast, clear websites that turn visitors into enquiries.",
  onHome: true,
  illustration: "branding",
  image: null,
  heroText: "A website your customers find, trust and buy from.",
  heroButton: "Ask for a website",
  blocksBadge: "What You Get",
  blocksTitle: "Our Website Services",
  extra: "none",
  enquiryBadge: "Enquiry",
  enquiryTitle: "Request a Website",
  enquiryIntro: "Tell us about your business.",
  promises: ["A free consultation about your website"],
  talkHeading: "Rather call?",
};

describe("services as a content list", () => {
  const t = useTestApp({}, () => ({ web: true, buildDirectory: inject("buildDir") }));
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const list = async () =>
    (await call<Service[]>(t.app, { method: "GET", url: "/api/content/services" })).body;
  const page = (url: string) => t.app.inject({ method: "GET", url });
  const save = (payload: object, id?: string) =>
    call<Service & { error?: string; fields?: Record<string, string> }>(t.app, {
      method: id ? "PUT" : "POST",
      url: id ? `/api/content/services/${id}` : "/api/content/services",
      headers,
      payload,
    });
  /** The links of one labelled menu or footer column of a page. */
  const footerServices = (html: string) => {
    const column = /<nav aria-labelledby="footer-services">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    return [...column.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
  };

  it("starts with today's seven services, their words as defaults", async () => {
    const services = await list();
    expect(services.map((service) => service.slug)).toEqual([...servicePages]);
    expect(services.map((service) => service.name)).toEqual(
      servicePages.map((s) => serviceNames[s]),
    );
    expect(services.map(({ _id, ...service }) => service)).toEqual(defaultServiceItems);
    expect(services.find((service) => service.slug === "digital-marketing")?.footerLabel).toBe(
      "Digital Management",
    );
    const html = (await page("/social-media-management")).body;
    expect(html).toContain("Get Started With a Package");
    expect(html).toContain("A free consultation about your goals and budget");
    expect(html).toContain("Request Social Media Management");
    expect(footerServices(html)).toEqual(servicePages.map((slug) => `/${slug}`));
  });

  it("is written by staff only, checked with its schema", async () => {
    await expectAdminOnly(t, { method: "POST", url: "/api/content/services", payload: newService });
    const blank = await save({ ...newService, name: " " });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe("Name is required.");
    const badSlug = await save({ ...newService, slug: "Web Design" });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.error).toMatch(/^Address: lower-case letters/);
    const badExtra = await save({ ...newService, extra: "shop" });
    expect(badExtra.status).toBe(400);
    expect(await list()).toHaveLength(7);
  });

  it("refuses an address a route, another service or a page has", async () => {
    for (const slug of ["about", "blog", "admin", "services", "api"]) {
      const answer = await save({ ...newService, slug });
      expect(answer.status, slug).toBe(400);
      expect(answer.body.error).toBe(
        `The address /${slug} is a page of the site already. Choose another address.`,
      );
    }
    const taken = await save({ ...newService, slug: "ads" });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(
      "The address /ads is used by another service. Choose another address.",
    );
    const made = await call(t.app, {
      method: "POST",
      url: "/api/pages",
      headers,
      payload: { title: "Careers", slug: "careers", body: "Join us." },
    });
    expect(made.status).toBe(201);
    const page = await save({ ...newService, slug: "careers" });
    expect(page.status).toBe(409);
    expect(page.body.error).toBe(
      "The address /careers is used by a page (Pages). Choose another address.",
    );
    // …and a page may not take a service's address.
    const back = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/pages",
      headers,
      payload: { title: "Branding", slug: "branding", body: "Ours." },
    });
    expect(back.status).toBe(400);
    expect(back.body.error).toBe(
      "The address /branding is a page of the site already. Choose another address.",
    );
  });

  let id = "";

  it("adds a service: its page, blocks, enquiry, cards, menus and sitemap", async () => {
    expect((await page("/web-design")).statusCode).toBe(404);
    const created = await save(newService);
    expect(created.status).toBe(201);
    id = created.body._id;
    const block = await call(t.app, {
      method: "POST",
      url: "/api/content/service-blocks",
      headers,
      payload: {
        page: "web-design",
        title: "Landing Pages",
        text: "One page that sells one thing.",
        options: ["Landing Page"],
      },
    });
    expect(block.status).toBe(201);
    const unknown = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/content/service-blocks",
      headers,
      payload: { page: "no-such-service", title: "X", text: "Y" },
    });
    expect(unknown.status).toBe(400);

    const shown = await page("/web-design");
    expect(shown.statusCode).toBe(200);
    const html = shown.body;
    expect(html).toContain("<title>Website Design | ");
    for (const words of [
      "A website your customers find, trust and buy from.",
      "Ask for a website",
      "Our Website Services",
      "Landing Pages",
      'value="Landing Page"',
      "Request a Website",
      "A free consultation about your website",
      "Rather call?",
      'src="/images/services/branding.svg"',
    ]) {
      expect(html, words).toContain(words);
    }
    expect(footerServices(html)).toEqual([
      ...servicePages.map((slug) => `/${slug}`),
      "/web-design",
    ]);
    // The Our Services dropdown.
    expect(html).toContain('href="/web-design" data-discover="true">Website Design<');
    const services = (await page("/services")).body;
    expect(services).toContain('Learn More<span class="sr-only"> about <!-- -->Website Design');
    expect((await page("/")).body).toContain(
      "Fast, clear websites that turn visitors into enquiries.",
    );
    expect((await page("/contact")).body).toContain('value="Website Design"');
    expect((await page("/sitemap.xml")).body).toContain("/web-design</loc>");

    // Its forms post to its page without JavaScript; a page staff made takes no POST.
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const posted = await t.app.inject({
      method: "POST",
      url: "/web-design",
      headers: form,
      payload: "intent=service-form",
    });
    expect(posted.statusCode).not.toBe(405);
    expect(posted.statusCode).toBeLessThan(500);
    const refused = await t.app.inject({
      method: "POST",
      url: "/careers",
      headers: form,
      payload: "a=1",
    });
    expect(refused.statusCode).toBe(405);
    expect(refused.headers.allow).toBe("GET, HEAD");

    // The enquiry from its page names the service.
    const enquiry = await call(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: {
        companyName: "Ada Foods",
        name: "Ada",
        email: "ada@example.com",
        phoneNumber: "+2348012345678",
        options: ["Landing Page"],
        serviceType: "Website Design",
      },
    });
    expect(enquiry.status).toBe(201);
  });

  it("renames and moves it: blocks follow, the old address redirects, enquiries keep their service", async () => {
    const renamed = await save({ ...newService, name: "Websites", slug: "websites" }, id);
    expect(renamed.status).toBe(200);
    const moved = await page("/web-design");
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe("/websites");
    const html = (await page("/websites")).body;
    expect(html).toContain("Landing Pages");
    expect(html).toContain("<title>Websites | ");
    const blocks = (
      await call<{ page: string; title: string }[]>(t.app, {
        method: "GET",
        url: "/api/content/service-blocks",
      })
    ).body;
    expect(blocks.find((block) => block.title === "Landing Pages")?.page).toBe("websites");
    const enquiries = await call<{ serviceType: string }[]>(t.app, {
      method: "GET",
      url: "/api/contact/",
      headers,
    });
    expect(enquiries.body.map((enquiry) => enquiry.serviceType)).toContain("Website Design");
    // Back to the old address: the redirect the move made goes, a new one leads the other way.
    expect((await save({ ...newService, name: "Websites", slug: "web-design" }, id)).status).toBe(
      200,
    );
    expect((await page("/web-design")).statusCode).toBe(200);
    expect((await page("/websites")).headers.location).toBe("/web-design");
  });

  it("reorders the services: the menus follow", async () => {
    const ids = (await list()).map((service) => service._id);
    const order = [ids.at(-1)!, ...ids.slice(0, -1)];
    const answer = await call(t.app, {
      method: "PUT",
      url: "/api/content/services/order",
      headers,
      payload: { ids: order },
    });
    expect(answer.status).toBe(200);
    expect(footerServices((await page("/about")).body)[0]).toBe("/web-design");
  });

  it("removes it: its page is a 404, its blocks go, the menus and sitemap leave it", async () => {
    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/content/services/${id}`,
      headers,
    });
    expect(removed.status).toBe(200);
    const gone = await page("/web-design");
    expect(gone.statusCode).toBe(404);
    expect(footerServices(gone.body)).toEqual(servicePages.map((slug) => `/${slug}`));
    expect((await page("/sitemap.xml")).body).not.toContain("/web-design</loc>");
    const blocks = (
      await call<{ title: string }[]>(t.app, { method: "GET", url: "/api/content/service-blocks" })
    ).body;
    expect(blocks.some((block) => block.title === "Landing Pages")).toBe(false);
  });
});
