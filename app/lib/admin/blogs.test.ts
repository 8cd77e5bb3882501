import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { createBlog, deleteBlog, getBlog, listBlogs } from "./blogs.ts";

// A thin HTTP client: what matters is that an answer of the wrong shape is an error.

const blog = {
  _id: "b1",
  title: "Hello",
  content: ["One", "Two"],
  bg: "#ffffff",
  image: null,
  imageWidth: null,
  imageHeight: null,
  imageVariants: [],
  duration: 1,
  date: "2026-11-20T09:00:00.000Z",
  updatedAt: "2026-11-20T09:00:00.000Z",
  slug: "hello",
  excerpt: "One Two",
  tags: [],
  status: "published",
  publishedAt: "2026-11-20T09:00:00.000Z",
  createdAt: "2026-11-20T09:00:00.000Z",
  customExcerpt: "",
  seoTitle: "",
  seoDescription: "",
  imageAlt: "",
  authorName: "ada",
  authorId: null,
  submittedBy: null,
  submittedAt: null,
  reviewNote: "",
  previewPath: null,
  version: 1,
};

function answer(body: unknown, init: ResponseInit = {}) {
  const stub = vi.fn<typeof fetch>(async () => Response.json(body, init));
  vi.stubGlobal("fetch", stub);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe("blogs", () => {
  it("passes on a well-formed page with the total from X-Total-Count", async () => {
    answer([blog], { headers: { "x-total-count": "31" } });
    await expect(listBlogs({ page: 2, pageSize: 25 })).resolves.toEqual({
      items: [blog],
      total: 31,
    });
  });

  it("reports a malformed answer as an error", async () => {
    answer([{ ...blog, content: "One" }]);
    await expect(listBlogs({ page: 1, pageSize: 25 })).rejects.toBeInstanceOf(ZodError);
    answer({ error: "nope" });
    await expect(getBlog("b1")).rejects.toBeInstanceOf(ZodError);
    answer({ deleted: 1 });
    await expect(deleteBlog("b1")).rejects.toBeInstanceOf(ZodError);
  });

  it("sends the points whole in the back office's `points` field (decision 0033)", async () => {
    const fetch = answer(blog, { status: 201 });
    await createBlog({
      title: "Hello",
      points: ["One\nline two", "Two"],
      bg: "",
      removeImage: true,
    });
    const [url, init = {}] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/blogs");
    expect(init.method).toBe("POST");
    const form = init.body as FormData;
    expect(form.get("points")).toBe('["One\\nline two","Two"]');
    expect(form.has("content")).toBe(false);
    expect(form.has("version")).toBe(false);
    expect(form.get("bg")).toBe("#ffffff");
    expect(form.has("removeImage")).toBe(false);
    expect(form.has("status")).toBe(false);
  });

  it("sends the publishing fields when given, and lists a page of every post from the admin endpoint", async () => {
    let fetch = answer(blog);
    await createBlog({
      title: "Hello",
      points: ["One"],
      bg: "",
      status: "scheduled",
      publishedAt: "2026-12-01T08:00:00.000Z",
      slug: "hello-there",
      seoTitle: "Hello!",
    });
    const form = fetch.mock.calls[0]![1]!.body as FormData;
    expect(form.get("status")).toBe("scheduled");
    expect(form.get("publishedAt")).toBe("2026-12-01T08:00:00.000Z");
    expect(form.get("slug")).toBe("hello-there");
    expect(form.get("seoTitle")).toBe("Hello!");
    fetch = answer([blog]);
    await listBlogs({ page: 3, pageSize: 50 });
    expect(fetch.mock.calls[0]![0]).toBe("/api/admin/blogs?page=3&pageSize=50");
  });
});
