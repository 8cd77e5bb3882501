import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { BUILT_IN_PICTURE_COLOURS, contrastRatio } from "../../common/brand-colours.ts";
import {
  contactWordFields,
  teamWordFields,
  wordDefaults,
  type WordField,
} from "../../common/content/page-words.ts";
import { defaultIdentity, type SiteIdentity } from "../../common/identity.ts";
import { publicPages } from "../../app/lib/navigation.ts";
import { call, multipart, useTestApp } from "./helpers.ts";

// Issue 47, item 7: the leftover scan. Rename the identity, pick new colours, give the
// contact details new words; then crawl every public page (with a post, its tag and a page
// staff made), the feeds, the sitemap, the manifest and the JSON-LD: none may carry the
// built-in name, nor the built-in colours written into the page.

const renamed: SiteIdentity = {
  ...defaultIdentity,
  name: "Lagos Bloom Media",
  shortName: "Bloom",
  tagline: "Green growth for Lagos brands",
  description: "Lagos Bloom Media grows brands in Lagos.",
  primaryColour: "#1b5e20",
  accentColour: "#ffb300",
};

const contact = {
  phone: "+234 701 000 0000",
  whatsapp: "2347010000000",
  email: "hello@lagosbloom.example",
  street: "4 Bloom Close",
  city: "Lagos",
  region: "Lagos State",
  country: "Nigeria",
  officeHours: "9am-6pm Mon-Fri",
  instagram: "https://www.instagram.com/lagosbloom",
  facebook: "https://www.facebook.com/lagosbloom",
  twitter: "https://twitter.com/lagosbloom",
  linkedin: "https://www.linkedin.com/company/lagosbloom",
  youtube: "",
};

/** The blog's words (Site content, "Blog page"); the title left blank derives from the name. */
const blogPage = {
  heroTitle: "",
  heroText: "Bloom notes for Lagos brands.",
  introText: "Short reads from our studio.",
  newsletterHeading: "Get the Bloom letter",
  newsletterText: "One mail a month.",
  newsletterButton: "Join",
};

/**
 * A word of our own in every text field of a page's words (the Contact and Team pages, issue
 * 47 item 2): each field's name, so each can be found on the page.
 */
const ownWords = (fields: readonly WordField[]) => ({
  ...wordDefaults(fields),
  ...Object.fromEntries(
    fields.filter((field) => !field.picture).map((field) => [field.name, `Bloom ${field.name}`]),
  ),
});
const contactPageWords = ownWords(contactWordFields);
const teamPageWords = ownWords(teamWordFields);

/** Any trace of the built-in name (its words, its domain) or of its two colours. */
const BUILT_IN_NAME = /brightlane/i;
const BUILT_IN_COLOURS = new RegExp(
  `${defaultIdentity.primaryColour}|${defaultIdentity.accentColour}`,
  "i",
);

describe("the leftover scan: renamed and recoloured, nothing of the built-in agency remains", () => {
  const t = useTestApp({}, () => ({ web: true, buildDirectory: inject("buildDir") }));
  let owner: { authorization: string };
  const seen = new Map<string, string>();
  const pictures = new Set<string>();
  const pictureBodies = new Map<string, Buffer>();

  beforeAll(async () => {
    owner = await t.adminHeaders();
    // The identity, the contact details and the blog's words, each set as the screens do.
    for (const [url, payload] of [
      ["/api/identity", renamed],
      ["/api/settings/contact", contact],
      ["/api/settings/blog-page", blogPage],
      ["/api/settings/contact-page", contactPageWords],
      ["/api/settings/team-page", teamPageWords],
    ] as const) {
      const saved = await call(t.app, { method: "PUT", url, headers: owner, payload });
      expect(saved.status, url).toBe(200);
    }
    const form = multipart({ title: "Reels that sell", content: "Words", tags: "Instagram" });
    const post = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/blogs",
      payload: form.payload,
      headers: { ...owner, ...form.headers },
    });
    expect(post.status).toBe(201);
    const page = await call<{ id: string }>(t.app, {
      method: "POST",
      url: "/api/pages",
      headers: owner,
      payload: { title: "Careers", slug: "careers", body: "Work with us.", seoDescription: "" },
    });
    expect(page.status).toBe(201);
    const published = await call(t.app, {
      method: "PUT",
      url: `/api/pages/${page.body.id}`,
      headers: owner,
      payload: {
        title: "Careers",
        slug: "careers",
        body: "Work with us.",
        seoDescription: "",
        seoTitle: "Careers | Lagos Bloom Media",
        status: "published",
      },
    });
    expect(published.status).toBe(200);
    const paths = [
      ...publicPages,
      `/blog/${post.body._id}`,
      "/blog/tag/instagram",
      "/careers",
      "/no-such-page",
      "/blog/rss.xml",
      "/blog/tag/instagram/rss.xml",
      "/sitemap.xml",
      "/manifest.webmanifest",
    ];
    for (const path of paths) {
      const answer = await t.app.inject({ method: "GET", url: path });
      expect(answer.statusCode, path).toBe(path === "/no-such-page" ? 404 : 200);
      seen.set(path, answer.body);
    }
    // Every built-in picture a page names (img src, a background, the share picture).
    for (const body of [...seen.values()]) {
      for (const match of body.matchAll(
        /(\/(?:images\/[\w/.-]+|favicon)\.(?:svg|png)(?:\?v=\w+)?)/g,
      )) {
        pictures.add(match[1]!);
      }
    }
    for (const url of pictures) {
      const answer = await t.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(200);
      pictureBodies.set(url, answer.rawPayload);
    }
  });

  it("names the stored identity everywhere: no page, feed, sitemap or manifest says the built-in name", () => {
    const found = [...seen]
      .map(([path, body]) => [path, BUILT_IN_NAME.exec(body)] as const)
      .filter(([, match]) => match)
      .map(
        ([path, match]) => `${path}: …${match!.input.slice(match!.index - 60, match!.index + 60)}…`,
      );
    expect(found).toEqual([]);
    expect(seen.get("/blog")).toContain("Lagos Bloom Media Blog");
    for (const words of Object.values(blogPage).filter(Boolean)) {
      expect(seen.get("/blog")).toContain(words);
    }
    expect(seen.get("/blog")).not.toContain("Don’t Miss Out on the Latest Insights");
    expect(seen.get("/about")).toContain("Lagos Bloom Media");
    expect(seen.get("/policy")).toContain("Lagos Bloom Media is a digital marketing");
  });

  it("titles the pages once with the name, and the JSON-LD names the stored identity", () => {
    const titles = [...seen]
      .filter(([path]) => !path.endsWith(".xml") && !path.endsWith("manifest"))
      .map(([path, body]) => [path, /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? ""] as const);
    for (const [path, title] of titles) {
      expect(title.split("Lagos Bloom Media").length - 1, `${path}: ${title}`).toBe(1);
    }
    expect(new Map(titles).get("/careers")).toBe("Careers | Lagos Bloom Media");
    const ld = [...seen.values()].flatMap((body) =>
      [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
        (match) => match[1]!,
      ),
    );
    expect(ld.length).toBeGreaterThan(0);
    expect(ld.join("\n")).toContain("Lagos Bloom Media");
  });

  it("writes no built-in colour into a page, a feed or the manifest", () => {
    const found = [...seen]
      .map(([path, body]) => [path, BUILT_IN_COLOURS.exec(body)] as const)
      .filter(([, match]) => match)
      .map(
        ([path, match]) => `${path}: …${match!.input.slice(match!.index - 80, match!.index + 40)}…`,
      );
    expect(found).toEqual([]);
  });

  it("draws every built-in picture a page names in the new colours, and the share card with the new name", async () => {
    expect([...pictures].some((url) => url.startsWith("/images/og-default.png?v="))).toBe(true);
    expect([...pictures].filter((url) => url.endsWith(".svg")).length).toBeGreaterThan(5);
    const found: string[] = [];
    for (const [url, body] of pictureBodies) {
      if (url.includes(".svg")) {
        const text = body.toString("utf8").toLowerCase();
        for (const colour of BUILT_IN_PICTURE_COLOURS) {
          if (text.includes(colour)) found.push(`${url}: ${colour}`);
        }
        continue;
      }
      // A PNG: its dominant colours, decoded; the pale shades are too near white to tell.
      const { data, info } = await sharp(body)
        .removeAlpha()
        .resize(120, 63)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = data.length / info.channels;
      for (const colour of BUILT_IN_PICTURE_COLOURS.filter(
        (c) => contrastRatio(c, "#ffffff") > 1.5,
      )) {
        const want = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
        let near = 0;
        for (let i = 0; i < data.length; i += info.channels) {
          if (want.every((c, k) => Math.abs(data[i + k]! - c) <= 20)) near += 1;
        }
        if (near / pixels > 0.01)
          found.push(`${url}: ${colour} (${Math.round((100 * near) / pixels)}%)`);
      }
    }
    expect(found).toEqual([]);
  });

  it("shows the words set in every field of the Contact and Team pages, and none of the defaults", () => {
    // The page's own part: the menus' labels (the same words) are the navigation's.
    const html = (path: string) =>
      /<main[^>]*>([\s\S]*)<\/main>/.exec(seen.get(path)!)![1]!.replaceAll("&#x27;", "'");
    for (const [path, words, fields] of [
      ["/contact", contactPageWords, contactWordFields],
      ["/about/team", teamPageWords, teamWordFields],
    ] as const) {
      for (const [name, text] of Object.entries(words)) {
        if (typeof text !== "string") continue;
        expect(html(path), `${path} ${name}`).toContain(text);
      }
      for (const field of fields as readonly WordField[]) {
        if (field.picture || field.text.length < 8) continue;
        expect(html(path), `${path} ${field.name}`).not.toContain(field.text);
      }
    }
  });
});
