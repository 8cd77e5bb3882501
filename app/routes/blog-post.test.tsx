// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { siteServicesContext, type SiteServices } from "../../common/load-context.ts";
import type { Blog } from "../../common/schemas/blog.ts";
import BlogPost, { ErrorBoundary, loader } from "./blog-post.tsx";

afterEach(cleanup);

const failing = async (): Promise<Blog | undefined> => {
  throw new Error("database is down");
};

function load(get: (id: string) => Promise<Blog | undefined>, id = "abc") {
  const context = new RouterContextProvider();
  context.set(siteServicesContext, { blogs: { get } } as unknown as SiteServices);
  return loader({
    request: new Request(`https://x.ng/blog/${id}`),
    context,
    params: { id },
  } as unknown as Parameters<typeof loader>[0]);
}

/** The error response a loader threw (data(…, { status })), as the error boundary sees it. */
async function thrown(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  const response = error as { data: unknown; init: ResponseInit };
  return { status: response?.init?.status, data: response?.data };
}

describe("blog post loader", () => {
  it("answers the post by its id", async () => {
    const post = {
      _id: "abc",
      title: "Hello",
      content: ["Hi **there**"],
      tags: [],
    } as unknown as Blog;
    // The points come parsed, beside the post (decision 0032).
    expect(await load(async (id) => (id === "abc" ? post : undefined))).toEqual({
      blog: { _id: "abc", title: "Hello", tags: [] },
      body: [{ kind: "paragraph", text: ["Hi ", { tag: "strong", children: ["there"] }] }],
      related: [],
    });
  });

  it("throws 404 'Blog not found.' for an unknown id", async () => {
    expect(await thrown(load(async () => undefined))).toEqual({
      status: 404,
      data: "Blog not found.",
    });
  });

  it("throws 500 'Failed to fetch blog' when the database cannot be read", async () => {
    expect(await thrown(load(failing))).toEqual({ status: 500, data: "Failed to fetch blog" });
  });

  it("shows the failure and the not-found message in the route's error boundary", async () => {
    for (const [get, heading] of [
      [failing, "Failed to fetch blog"],
      [async () => undefined, "Blog not found."],
    ] as const) {
      const Stub = createRoutesStub([
        {
          path: "/blog/:id",
          Component: BlogPost,
          ErrorBoundary,
          loader: () => load(get),
        },
      ]);
      render(<Stub initialEntries={["/blog/abc"]} />);
      expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(heading);
      cleanup();
    }
  });
});
