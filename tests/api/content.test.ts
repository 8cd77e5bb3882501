import type { Kysely } from "kysely";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultLists } from "../../common/content/defaults.ts";
import * as serviceBlocksPolicySections from "../../server/db/migrations/0017-service-blocks-policy-sections.ts";
import { singleContentTypeNames } from "../../common/schemas/content.ts";
import { call, useTestApp, expectAdminOnly, multipart } from "./helpers.ts";

interface Item {
  _id: string;
  [field: string]: unknown;
}

describe("site content", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const list = async (type: string) =>
    (await call<Item[]>(t.app, { method: "GET", url: `/api/content/${type}` })).body;

  it("starts with the content of the modules, in their order", async () => {
    const offers = await list("offers");
    expect(offers.map((offer) => offer.name)).toEqual(
      (defaultLists.offers as { name: string }[]).map((offer) => offer.name),
    );
    expect(offers[2]).toMatchObject({ name: "Branding", amount: 100000, upTo: 300000 });
    const { body: all } = await call<Record<string, unknown>>(t.app, {
      method: "GET",
      url: "/api/content",
    });
    expect(Object.keys(all).sort()).toEqual(
      [...Object.keys(defaultLists), ...singleContentTypeNames].sort(),
    );
    expect(all.policy).toEqual({ lastUpdated: "2024-10-01" });
    expect((all.brands as unknown[]).length).toBe(20);
    expect((all.gallery as unknown[]).length).toBe(12);
  });

  it("adds, edits, reorders and deletes an item", async () => {
    const created = await call<Item>(t.app, {
      method: "POST",
      url: "/api/content/faq",
      headers,
      payload: { question: "Do you work weekends?", answer: "On Saturdays, yes." },
    });
    expect(created.status).toBe(201);
    const id = created.body._id;
    expect((await list("faq")).at(-1)).toEqual({
      _id: id,
      question: "Do you work weekends?",
      answer: "On Saturdays, yes.",
    });

    const edited = await call<Item>(t.app, {
      method: "PUT",
      url: `/api/content/faq/${id}`,
      headers,
      payload: { question: "Do you work on Saturdays?", answer: "Yes, 8am to 5pm." },
    });
    expect(edited.status).toBe(200);

    const ids = (await list("faq")).map((item) => item._id);
    const reversed = [...ids].reverse();
    const reordered = await call<Item[]>(t.app, {
      method: "PUT",
      url: "/api/content/faq/order",
      headers,
      payload: { ids: reversed },
    });
    expect(reordered.status).toBe(200);
    expect((await list("faq")).map((item) => item._id)).toEqual(reversed);
    expect((await list("faq"))[0]).toMatchObject({ question: "Do you work on Saturdays?" });

    const partial = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: "/api/content/faq/order",
      headers,
      payload: { ids: reversed.slice(1) },
    });
    expect(partial.status).toBe(400);

    const removed = await call(t.app, { method: "DELETE", url: `/api/content/faq/${id}`, headers });
    expect(removed.status).toBe(200);
    expect((await list("faq")).map((item) => item._id)).toEqual(reversed.filter((x) => x !== id));
    const again = await call(t.app, { method: "DELETE", url: `/api/content/faq/${id}`, headers });
    expect(again.status).toBe(404);
  });

  it("gives the pages a write at once, though it keeps the content in memory", async () => {
    const services = t.app.services;
    const before = await services.content.all();
    expect(await services.content.all()).toBe(before);
    const claim = before.claims[0]!;
    await call(t.app, {
      method: "PUT",
      url: `/api/content/claims/${claim._id}`,
      headers,
      payload: { value: "250+", label: "Projects Completed" },
    });
    const after = await services.content.all();
    expect(after.claims[0]).toMatchObject({ value: "250+" });
    await call(t.app, {
      method: "PUT",
      url: `/api/content/claims/${claim._id}`,
      headers,
      payload: { value: claim.value, label: claim.label },
    });
    expect((await services.content.all()).claims[0]).toMatchObject({ value: claim.value });
  });

  it("checks every write with the type's schema (400 with the field's message)", async () => {
    const cases: [string, unknown, RegExp][] = [
      ["offers", { name: "No price" }, /Enter an amount/],
      ["offers", { name: "Range", amount: 500, upTo: 100 }, /Up to must be at least/],
      ["offers", { name: "Fraction", amount: 10.5 }, /whole number/],
      [
        "team",
        { name: "A", position: "B", color: "red", image: { src: "/images/x.svg", alt: "A" } },
        /colour/,
      ],
      [
        "team",
        { name: "A", position: "B", color: "#000000", image: { src: "/images/x.svg", alt: " " } },
        /Alt text is required/,
      ],
      [
        "brands",
        { name: "Evil", image: { src: "https://evil.example/x.png", alt: "x" } },
        /Upload the image/,
      ],
      [
        "brands",
        { name: "Evil", image: { src: "/media/../secret.png", alt: "x" } },
        /Upload the image/,
      ],
      ["nonsense", { name: "x" }, /no such content type/],
    ];
    for (const [type, payload, message] of cases) {
      const answer = await call<{ error: string }>(t.app, {
        method: "POST",
        url: `/api/content/${type}`,
        headers,
        payload: payload as object,
      });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.error).toMatch(message);
    }
  });

  it("saves a testimonial without a picture (issue 50)", async () => {
    const headers = await t.adminHeaders();
    const created = await call<{ _id: string; image: unknown }>(t.app, {
      method: "POST",
      url: "/api/content/testimonials",
      headers,
      payload: { name: "Chidi Obi", text: "They doubled our enquiries." },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.image).toBeNull();
    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/content/testimonials/${created.body._id}`,
      headers,
    });
    expect(removed.status).toBeLessThan(300);
  });

  it("is public to read and admin-only to write", async () => {
    await expectAdminOnly(t, {
      method: "POST",
      url: "/api/content/faq",
      payload: { question: "Q?", answer: "A." },
    });
    await expectAdminOnly(t, {
      method: "PUT",
      url: "/api/settings/policy",
      payload: { lastUpdated: "2026-01-01" },
    });
  });

  it("keeps the contact details and the policy date as settings", async () => {
    const { body: contact } = await call<Record<string, string>>(t.app, {
      method: "GET",
      url: "/api/settings/contact",
    });
    expect(contact.phone).toBe("+234 812 345 6789");
    const bad = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: "/api/settings/contact",
      headers,
      payload: { ...contact, instagram: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/https:\/\//);
    const saved = await call(t.app, {
      method: "PUT",
      url: "/api/settings/contact",
      headers,
      payload: { ...contact, phone: "+234 800 000 0000" },
    });
    expect(saved.status).toBe(200);
    expect(
      (await call<Record<string, string>>(t.app, { method: "GET", url: "/api/settings/contact" }))
        .body.phone,
    ).toBe("+234 800 000 0000");
  });

  it("keeps the pages' words and search fields as settings: today's texts until changed, checked on write", async () => {
    const get = async (type: string) =>
      (await call<Record<string, unknown>>(t.app, { method: "GET", url: `/api/settings/${type}` }))
        .body;
    const put = (type: string, payload: object) =>
      call<{ error: string }>(t.app, {
        method: "PUT",
        url: `/api/settings/${type}`,
        headers,
        payload,
      });
    // No row on a site installed before them: the defaults, which are today's texts.
    const home = await get("home-page");
    expect(home).toMatchObject({
      heroHeading: "",
      aboutHeading: "Crafting Impactful Stories, Driving Meaningful Results",
      portfolioHeading: "Videos We’ve Made",
      brandsHeading: "Brands We've Worked With",
    });
    expect(await get("banners")).toMatchObject({
      closingHeading: "Let's Get Started",
      homeButton: "Get Started",
    });
    const about = await get("about-page");
    expect(about.reason4Title).toBe("Experienced Team");
    const search = await get("search");
    expect(search).toMatchObject({ aboutTitle: "", aboutImage: null });

    const blank = await put("about-page", { ...about, whyHeading: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe("Heading is required.");
    const long = await put("search", { ...search, aboutTitle: "x".repeat(71) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/at most 70 characters/);
    const foreign = await put("search", {
      ...search,
      aboutImage: { src: "https://elsewhere.example/x.png", alt: "x" },
    });
    expect(foreign.status).toBe(400);
    const notUploaded = await put("search", {
      ...search,
      aboutImage: { src: "/media/content/never-uploaded.png", alt: "x" },
    });
    expect(notUploaded.status).toBe(400);

    expect((await put("home-page", { ...home, heroHeading: "Grow with us" })).status).toBe(200);
    expect((await put("search", { ...search, aboutTitle: "About the agency" })).status).toBe(200);
    const { body: all } = await call<Record<string, Record<string, unknown>>>(t.app, {
      method: "GET",
      url: "/api/content",
    });
    expect(all["home-page"]).toMatchObject({
      heroHeading: "Grow with us",
      aboutHeading: "Crafting Impactful Stories, Driving Meaningful Results",
    });
    expect(all.search).toMatchObject({ aboutTitle: "About the agency", homeTitle: "" });
  });

  it("stores an uploaded picture with variants, and removes it with the last item using it", async () => {
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: "#053685" },
    })
      .png()
      .toBuffer();
    const form = multipart({}, [
      { field: "image", filename: "x.txt", contentType: "text/plain", data: png },
    ]);
    const uploaded = await call<{ src: string; variants: { url: string }[] }>(t.app, {
      method: "POST",
      url: "/api/content-images",
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.src).toMatch(/^\/media\/content\/[0-9a-f-]{36}\.png$/);
    expect(uploaded.body.variants.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: uploaded.body.src })).statusCode).toBe(200);

    const brand = await call<Item>(t.app, {
      method: "POST",
      url: "/api/content/brands",
      headers,
      payload: {
        name: "New Client",
        image: { src: uploaded.body.src, alt: "New Client logo", variants: uploaded.body.variants },
      },
    });
    expect(brand.status).toBe(201);
    await call(t.app, { method: "DELETE", url: `/api/content/brands/${brand.body._id}`, headers });
    expect((await t.app.inject({ url: uploaded.body.src })).statusCode).toBe(404);

    // An upload address nobody uploaded (or one that no upload can have) is refused with 400.
    for (const src of ["/media/content/nothing-here.png", "/media/content/a/b/c.png"]) {
      const made = await call<{ error: string }>(t.app, {
        method: "POST",
        url: "/api/content/brands",
        headers,
        payload: { name: "Made up", image: { src, alt: "x" } },
      });
      expect(made.status, src).toBe(400);
      expect(made.body.error).toMatch(/not uploaded here/);
    }

    const text = multipart({}, [
      { field: "image", filename: "x.png", contentType: "image/png", data: Buffer.from("hello") },
    ]);
    const refused = await call(t.app, {
      method: "POST",
      url: "/api/content-images",
      headers: { ...headers, ...text.headers },
      payload: text.payload,
    });
    expect(refused.status).toBe(415);
  });

  it("keeps the service pages' blocks and the policy's sections, checked by their schemas", async () => {
    // Migration 0017 gives a site that had none the texts its pages showed.
    const db = t.app.services.database.db as unknown as Kysely<unknown>;
    await serviceBlocksPolicySections.down(db);
    expect(await list("service-blocks")).toEqual([]);
    await serviceBlocksPolicySections.up(db);
    t.app.services.changes.publish("service-blocks");
    const blocks = await list("service-blocks");
    expect(blocks.map(({ _id: _, ...block }) => block)).toEqual(defaultLists["service-blocks"]);
    expect(blocks.filter((block) => block.page === "page-revamp")).toMatchObject([
      { title: "Social Media Page Optimization", options: ["Social Media Page Optimization"] },
      { title: "Content and Visual Updates", image: null },
    ]);
    const sections = await list("policy-sections");
    expect(sections).toHaveLength(12);
    expect(sections[8]).toMatchObject({ title: "Cookies" });
    expect(sections[8]!.body).toContain(
      "\n# Visitor statistics\nOur website counts its own visits",
    );
    expect(sections[1]).toMatchObject({ title: "Data We Collect" });
    expect(sections[1]!.body).toMatch(/^When you use our website.*\n\* Your name\n/);

    const block = await call<Item>(t.app, {
      method: "POST",
      url: "/api/content/service-blocks",
      headers,
      payload: { page: "ads", title: " Retargeting ", text: "Ads for past visitors.", options: [] },
    });
    expect(block.status).toBe(201);
    expect(block.body).toMatchObject({
      page: "ads",
      title: "Retargeting",
      image: null,
      options: [],
    });
    await call(t.app, {
      method: "DELETE",
      url: `/api/content/service-blocks/${block.body._id}`,
      headers,
    });

    const cases: [string, object, RegExp][] = [
      ["service-blocks", { page: "about", title: "T", text: "X" }, /Choose the page/],
      ["service-blocks", { page: "ads", title: "", text: "X" }, /Title is required/],
      [
        "service-blocks",
        { page: "ads", title: "T", text: "X", options: Array(13).fill("An option") },
        /at most 12/,
      ],
      [
        "service-blocks",
        {
          page: "ads",
          title: "T",
          text: "X",
          image: { src: "https://evil.example/x.png", alt: "x" },
        },
        /Upload the image/,
      ],
      ["policy-sections", { title: "Cookies" }, /Text is required/],
      ["policy-sections", { title: "Cookies", body: "x".repeat(8001) }, /at most 8,000 characters/],
    ];
    for (const [type, payload, message] of cases) {
      const answer = await call<{ error: string }>(t.app, {
        method: "POST",
        url: `/api/content/${type}`,
        headers,
        payload,
      });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.error).toMatch(message);
    }
  });
});
