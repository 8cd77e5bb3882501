// The back office's calls about blog posts. Every answer is checked with the shared schema
// (common/schemas/blog.ts): an answer of another shape is an error, never passed on.
import { z } from "zod";
import { DEFAULT_BLOG_BG, blogSchema, type Blog } from "../../../common/schemas/blog.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import { api } from "../admin-api.ts";

export type { Blog };

const blogList = z.array(blogSchema);
const path = (id: string) => `/blogs/${encodeURIComponent(id)}`;

/** GET /api/blogs: every post, newest first. */
export async function listBlogs(): Promise<Blog[]> {
  return blogList.parse(await api<unknown>("/blogs"));
}

/** GET /api/blogs/{id}. */
export async function getBlog(id: string): Promise<Blog> {
  return blogSchema.parse(await api<unknown>(path(id)));
}

/** What the blog form sends. */
export interface BlogFields {
  title: string;
  /** The points; sent as one text joined by line breaks (spec). */
  points: readonly string[];
  bg: string;
  /** A new image, if one was chosen. */
  image?: File | null;
  /** Editing only: drop the current image (ignored when a new one is sent). */
  removeImage?: boolean;
}

function blogForm(fields: BlogFields): FormData {
  const form = new FormData();
  form.set("title", fields.title);
  form.set("content", fields.points.join("\n"));
  form.set("bg", fields.bg || DEFAULT_BLOG_BG);
  if (fields.image) form.set("image", fields.image);
  else if (fields.removeImage) form.set("removeImage", "true");
  return form;
}

/** POST /api/blogs (multipart): answers the new post. */
export async function createBlog(fields: BlogFields): Promise<Blog> {
  const body = blogForm({ ...fields, removeImage: false });
  return blogSchema.parse(await api<unknown>("/blogs", { method: "POST", body }));
}

/** PATCH /api/blogs/{id} (multipart): answers the post as saved. */
export async function updateBlog(id: string, fields: BlogFields): Promise<Blog> {
  return blogSchema.parse(
    await api<unknown>(path(id), { method: "PATCH", body: blogForm(fields) }),
  );
}

/** DELETE /api/blogs/{id}. */
export async function deleteBlog(id: string): Promise<void> {
  successResponse.parse(await api<unknown>(path(id), { method: "DELETE" }));
}
