// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { parsePost } from "../../common/post-format.ts";
import { robotsTxt, rssXml, sitemapXml } from "./feeds.ts";
import { publicPages } from "./navigation.ts";

const origin = "https://brightlane.example";

function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
}

const posts = [
  {
    _id: "b2",
    title: 'Ads & budgets: <what> to "spend"',
    content: ["# Heading", "* one point", "A paragraph with words enough to be cut off later on"],
    date: "2026-11-20T09:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
  },
  {
    _id: "b1",
    title: "Older post",
    content: ["Short"],
    date: "2026-10-01T09:00:00.000Z",
    updatedAt: "2026-10-01T09:00:00.000Z",
  },
];
/** The posts as the feed's route hands them over: their points parsed. */
const feedPosts = posts.map(({ content, ...post }) => ({ ...post, body: parsePost(content) }));

describe("sitemapXml", () => {
  it("lists every public page and every post with absolute URLs", () => {
    const doc = parse(sitemapXml(origin, posts));
    const locs = [...doc.getElementsByTagName("loc")].map((loc) => loc.textContent);
    expect(locs).toEqual([
      ...publicPages.map((path) => `${origin}${path}`),
      `${origin}/blog/b2`,
      `${origin}/blog/b1`,
    ]);
    expect(locs).toContain(`${origin}/page-revamp`);
    expect(locs).toContain(`${origin}/about/team`);
  });

  it("dates the posts and the blog list by their last change", () => {
    const doc = parse(sitemapXml(origin, posts));
    const lastmod = (loc: string) =>
      [...doc.getElementsByTagName("url")]
        .find((url) => url.getElementsByTagName("loc")[0]?.textContent === loc)
        ?.getElementsByTagName("lastmod")[0]?.textContent;
    expect(lastmod(`${origin}/blog/b2`)).toBe("2026-11-21");
    expect(lastmod(`${origin}/blog/b1`)).toBe("2026-10-01");
    expect(lastmod(`${origin}/blog`)).toBe("2026-11-21");
    expect(lastmod(`${origin}/about`)).toBeUndefined();
  });

  it("gives a post with a slug its readable address", () => {
    const doc = parse(sitemapXml(origin, [{ ...posts[0]!, slug: "ads-and-budgets" }]));
    const locs = [...doc.getElementsByTagName("loc")].map((loc) => loc.textContent);
    expect(locs).toContain(`${origin}/blog/ads-and-budgets`);
    expect(locs).not.toContain(`${origin}/blog/b2`);
    const feed = parse(rssXml(origin, [{ ...feedPosts[0]!, slug: "ads-and-budgets" }]));
    expect(feed.getElementsByTagName("item")[0]?.getElementsByTagName("link")[0]?.textContent).toBe(
      `${origin}/blog/ads-and-budgets`,
    );
  });

  it("is well formed without posts", () => {
    expect(parse(sitemapXml(origin, [])).getElementsByTagName("url")).toHaveLength(
      publicPages.length,
    );
  });
});

describe("rssXml", () => {
  it("is RSS 2.0 with one escaped item per post and absolute links", () => {
    const doc = parse(rssXml(origin, feedPosts));
    expect(doc.documentElement.getAttribute("version")).toBe("2.0");
    const items = [...doc.getElementsByTagName("item")];
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(first.getElementsByTagName("title")[0]?.textContent).toBe(posts[0]!.title);
    expect(first.getElementsByTagName("link")[0]?.textContent).toBe(`${origin}/blog/b2`);
    expect(first.getElementsByTagName("pubDate")[0]?.textContent).toBe(
      "Fri, 20 Nov 2026 09:00:00 GMT",
    );
    expect(first.getElementsByTagName("description")[0]?.textContent).toMatch(
      /^Heading one point A paragraph/,
    );
    expect(doc.getElementsByTagName("lastBuildDate")[0]?.textContent).toBe(
      "Sat, 21 Nov 2026 10:00:00 GMT",
    );
    expect(
      doc.getElementsByTagName("channel")[0]?.getElementsByTagName("link")[0]?.textContent,
    ).toBe(`${origin}/blog`);
  });

  it("carries each post's formatted text, escaped, with absolute addresses", () => {
    const image = "/media/posts/0b5e8a4c-1f2d-4e3a-9b7c-5d6e7f8a9b0c-1000x500.webp";
    const [post] = [
      {
        ...feedPosts[1]!,
        body: parsePost([
          "Read **our** [guide](/blog/guide) & <b>more</b>",
          `![Team](${image})`,
          "[bad](javascript:alert(1))",
        ]),
      },
    ];
    const item = parse(rssXml(origin, [post!])).getElementsByTagName("item")[0]!;
    expect(item.getElementsByTagName("description")[0]?.textContent).toBe(
      "Read our guide & <b>more</b> Team [bad](javascript:alert(1))",
    );
    expect(item.getElementsByTagName("content:encoded")[0]?.textContent).toBe(
      `<p>Read <strong>our</strong> <a href="${origin}/blog/guide">guide</a> &#38; &#60;b&#62;more&#60;/b&#62;</p>\n` +
        `<p><img src="${origin}${image}" alt="Team" width="1000" height="500"></p>\n` +
        "<p>[bad](javascript:alert(1))</p>",
    );
  });

  it("is well formed without posts", () => {
    const doc = parse(rssXml(origin, []));
    expect(doc.getElementsByTagName("item")).toHaveLength(0);
    expect(doc.getElementsByTagName("lastBuildDate")).toHaveLength(0);
  });
});

describe("robotsTxt", () => {
  it("allows the site, keeps robots out of the back office and the API, names the sitemap", () => {
    expect(robotsTxt(origin).split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /api",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ]);
  });
});
