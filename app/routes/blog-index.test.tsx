// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { siteServicesContext, type SiteServices } from "../../common/load-context.ts";
import type { Blog } from "../../common/schemas/blog.ts";
import { defaultSingles } from "../../common/content/defaults.ts";
import BlogIndex, { loader } from "./blog-index.tsx";

// The blog list when the database cannot be read: the page still renders, with the spec's
// message. (The browser tests cover the list over the real database.)

afterEach(cleanup);

type PageFilter = Parameters<SiteServices["blogs"]["page"]>[0];

const words = defaultSingles["blog-page"];

/** The blogs service answers with `page`; the content (the blog's words) fails with it. */
function contextWith(page: (filter: PageFilter) => Promise<{ items: Blog[]; total: number }>) {
  const context = new RouterContextProvider();
  const all = async () => {
    await page({ page: 1, pageSize: 1 }).catch((error: unknown) => {
      throw error;
    });
    return { "blog-page": { ...words, introText: "Our own intro." } };
  };
  context.set(siteServicesContext, {
    blogs: { page },
    content: { all },
  } as unknown as SiteServices);
  return context;
}

const args = (url: string, context: RouterContextProvider) =>
  ({ request: new Request(url), context, params: {} }) as unknown as Parameters<typeof loader>[0];

describe("blog list loader", () => {
  it("passes the trimmed search and the page to the blogs service", async () => {
    const seen: PageFilter[] = [];
    const context = contextWith(async (filter) => {
      seen.push(filter);
      return { items: [], total: 30 };
    });
    expect(await loader(args("https://x.ng/blog?q=%20ads%20", context))).toEqual({
      q: "ads",
      page: 1,
      pageCount: 3,
      total: 30,
      blogs: [],
      failed: false,
      words: { ...words, introText: "Our own intro." },
    });
    await loader(args("https://x.ng/blog?page=3", context));
    expect(seen.filter((filter) => filter.pageSize === 12)).toEqual([
      { q: "ads", page: 1, pageSize: 12 },
      { q: undefined, page: 3, pageSize: 12 },
    ]);
  });

  it("reports a failure instead of throwing, and the page says so in red", async () => {
    const context = contextWith(async () => {
      throw new Error("database is down");
    });
    const data = await loader(args("https://x.ng/blog", context));
    // The words cannot be read either: today's.
    expect(data).toEqual({
      q: "",
      page: 1,
      pageCount: 1,
      total: 0,
      blogs: [],
      failed: true,
      words,
    });

    const Stub = createRoutesStub([{ path: "/blog", Component: BlogIndex, loader: () => data }]);
    render(<Stub initialEntries={["/blog"]} />);
    const alert = await screen.findByText("Failed to fetch blogs. Please reload page");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.className).toContain("text-danger");
    expect(screen.queryByText("No articles yet. Check back soon.")).toBeNull();
  });
});
