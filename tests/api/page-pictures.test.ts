import type { Kysely } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { defaultSingles } from "../../common/content/defaults.ts";
import { down, up } from "../../server/db/migrations/0044-page-pictures.ts";
import { pngImage } from "../factories/images.ts";
import { call, multipart, useTestApp, type TestApp } from "./helpers.ts";

// Issue 47, items 2 and 3 (decision 0049): each built-in picture of a page is a field of its
// page's words (the built-in file by default, an upload, or none), and the Contact and Team
// pages' words are content.

interface Picture {
  src: string;
  alt: string;
  variants: { width: number; url: string }[];
}

async function upload(t: TestApp, headers: { authorization: string }): Promise<Picture> {
  const form = multipart({}, [
    { field: "image", filename: "studio.png", contentType: "image/png", data: await pngImage() },
  ]);
  const uploaded = await call<Omit<Picture, "alt">>(t.app, {
    method: "POST",
    url: "/api/content-images",
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(uploaded.status).toBe(201);
  return { ...uploaded.body, alt: "Our studio in Lagos" };
}

const page = async (t: TestApp, url: string) => {
  const answer = await t.app.inject({ method: "GET", url });
  expect(answer.statusCode, url).toBe(200);
  return answer.body;
};

/** The `<img>` tags of a page that show this file. */
const imagesOf = (html: string, src: string) =>
  [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`src="${src}`));

describe("a page's built-in pictures can be replaced or removed", () => {
  const t = useTestApp({}, () => ({ web: true, buildDirectory: inject("buildDir") }));

  it("shows today's pictures and alt texts until staff change them", async () => {
    const headers = await t.adminHeaders();
    const home = await call<Record<string, unknown>>(t.app, {
      method: "GET",
      url: "/api/settings/home-page",
      headers,
    });
    expect(home.body.heroPicture).toEqual({ src: "/images/hero.svg", alt: "", variants: [] });
    expect(home.body.aboutPicture).toEqual({
      src: "/images/about-level-up.svg",
      alt: "Level Up Your Business",
      variants: [],
    });
    const html = await page(t, "/");
    expect(imagesOf(html, "/images/hero.svg")).toHaveLength(1);
    expect(imagesOf(html, "/images/hero.svg")[0]).toContain('alt=""');
    expect(imagesOf(html, "/images/about-level-up.svg")[0]).toContain(
      'alt="Level Up Your Business"',
    );
    expect(imagesOf(await page(t, "/about"), "/images/about-level-up.svg")).toHaveLength(1);
    expect(imagesOf(await page(t, "/about/team"), "/images/team.svg")).toHaveLength(1);
    expect(await page(t, "/contact")).toContain("url(/images/contact-banner.svg)");
  });

  it("shows an upload with its alt text in place of the built-in picture, and no picture once removed", async () => {
    const headers = await t.adminHeaders();
    const picture = await upload(t, headers);
    const save = (type: string, words: Record<string, unknown>) =>
      call(t.app, {
        method: "PUT",
        url: `/api/settings/${type}`,
        headers,
        payload: { ...defaultSingles[type as keyof typeof defaultSingles], ...words },
      });

    expect((await save("home-page", { heroPicture: picture })).status).toBe(200);
    let html = await page(t, "/");
    expect(imagesOf(html, "/images/hero.svg")).toEqual([]);
    const shown = imagesOf(html, picture.src);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('alt="Our studio in Lagos"');
    // The upload fills the built-in picture's box: the layout keeps its place.
    expect(shown[0]).toContain('width="640"');
    expect(shown[0]).toContain("aspect-ratio:640 / 560");

    expect((await save("home-page", { heroPicture: null, aboutPicture: null })).status).toBe(200);
    html = await page(t, "/");
    expect(imagesOf(html, picture.src)).toEqual([]);
    expect(imagesOf(html, "/images/about-level-up.svg")).toEqual([]);
    expect(html).toContain("Crafting Impactful Stories, Driving Meaningful Results");
    // The upload no longer used is gone with the last use.
    expect((await t.app.inject({ url: picture.src })).statusCode).toBe(404);

    const team = await upload(t, headers);
    expect((await save("team-page", { heroPicture: team })).status).toBe(200);
    expect(imagesOf(await page(t, "/about/team"), team.src)).toHaveLength(1);
    expect((await save("about-page", { heroPicture: null })).status).toBe(200);
    expect(imagesOf(await page(t, "/about"), "/images/about-level-up.svg")).toEqual([]);
    expect((await save("contact-page", { bannerPicture: null })).status).toBe(200);
    const contact = await page(t, "/contact");
    expect(contact).not.toContain("contact-banner");
    expect(contact).not.toContain("data-parallax-layer");

    // Back to the built-in picture.
    expect((await save("home-page", {})).status).toBe(200);
    expect(imagesOf(await page(t, "/"), "/images/hero.svg")).toHaveLength(1);
  });

  it("refuses a picture from elsewhere, one not uploaded here, and a described one without alt text", async () => {
    const headers = await t.adminHeaders();
    const put = (words: Record<string, unknown>) =>
      call<{ error: string }>(t.app, {
        method: "PUT",
        url: "/api/settings/home-page",
        headers,
        payload: { ...defaultSingles["home-page"], ...words },
      });
    for (const heroPicture of [
      { src: "https://evil.example/x.png", alt: "", variants: [] },
      { src: "/images/../server/config.ts", alt: "", variants: [] },
      "/images/hero.svg",
    ]) {
      const refused = await put({ heroPicture });
      expect(refused.status, JSON.stringify(heroPicture)).toBe(400);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    const missing = await put({
      heroPicture: { src: "/media/content/0f0e0d0c-0b0a-4908-8706-050403020100.png", alt: "x" },
    });
    expect(missing.status).toBe(400);
    const noAlt = await put({
      aboutPicture: { src: "/images/about-level-up.svg", alt: "  ", variants: [] },
    });
    expect(noAlt.status).toBe(400);
    const unsigned = await t.app.inject({
      method: "PUT",
      url: "/api/settings/team-page",
      payload: defaultSingles["team-page"],
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe("the Contact and Team pages' words are content", () => {
  const t = useTestApp({}, () => ({ web: true, buildDirectory: inject("buildDir") }));

  it("shows today's words until changed, then the stored ones", async () => {
    const before = await page(t, "/contact");
    for (const words of ["Contact Us", "Book a Consultation", "Send Us a Detailed Enquiry"]) {
      expect(before).toContain(words);
    }
    expect(await page(t, "/about/team")).toContain("The People Behind Your Growth");
    const headers = await t.adminHeaders();
    const contactWords = {
      ...defaultSingles["contact-page"],
      title: "Reach Bloom",
      quickFormTitle: "Quick chat",
      longFormTitle: "Tell us everything",
      phoneLabel: "Call",
      faqTitle: "Asked often",
    };
    const saved = await call(t.app, {
      method: "PUT",
      url: "/api/settings/contact-page",
      headers,
      payload: contactWords,
    });
    expect(saved.status).toBe(200);
    const after = await page(t, "/contact");
    for (const words of ["Reach Bloom", "Quick chat", "Tell us everything", "Asked often"]) {
      expect(after).toContain(words);
    }
    expect(after).not.toContain("Book a Consultation");
    expect(after).toContain("<title>Reach Bloom | ");
    const team = await call(t.app, {
      method: "PUT",
      url: "/api/settings/team-page",
      headers,
      payload: { ...defaultSingles["team-page"], heading: "Bloom people", badge: "" },
    });
    expect(team.status).toBe(200);
    const teamHtml = await page(t, "/about/team");
    expect(teamHtml).toContain("Bloom people");
    expect(teamHtml).not.toContain("Our People");
  });
});

describe("migration 0044: the home page's alt text moves into its picture", () => {
  const t = useTestApp();

  it("keeps an alt text staff wrote, both ways", async () => {
    const headers = await t.adminHeaders();
    const db = t.app.services.database.db as unknown as Kysely<unknown>;
    const saved = await call(t.app, {
      method: "PUT",
      url: "/api/settings/home-page",
      headers,
      payload: {
        ...defaultSingles["home-page"],
        aboutPicture: { src: "/images/about-level-up.svg", alt: "Our team at work", variants: [] },
      },
    });
    expect(saved.status).toBe(200);
    await down(db);
    const row = await t.app.services.database.db
      .selectFrom("content_items")
      .select("data")
      .where("id", "=", "home-page")
      .executeTakeFirstOrThrow();
    const old = JSON.parse(row.data) as Record<string, unknown>;
    expect(old.aboutImageAlt).toBe("Our team at work");
    expect(old).not.toHaveProperty("aboutPicture");
    await up(db);
    await up(db);
    const read = await call<Record<string, unknown>>(t.app, {
      method: "GET",
      url: "/api/settings/home-page",
      headers,
    });
    expect(read.body.aboutPicture).toEqual({
      src: "/images/about-level-up.svg",
      alt: "Our team at work",
      variants: [],
    });
    expect(read.body).not.toHaveProperty("aboutImageAlt");
  });
});
