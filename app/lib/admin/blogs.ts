// The back office's calls about blog posts. Every answer is checked with the shared schema
// (common/schemas/blog.ts): an answer of another shape is an error, never passed on.
import { z } from "zod";
import {
  DEFAULT_BLOG_BG,
  adminBlogSchema,
  blogRevisionSchema,
  blogRevisionSummarySchema,
  blogSchema,
  previewLinkSchema,
  tagSchema,
  type Blog,
  type Tag,
  type AdminBlog,
  type BlogRevision,
  type BlogRevisionSummary,
  type BlogStatus,
} from "../../../common/schemas/blog.ts";
import { successResponse, type ListPage } from "../../../common/schemas/common.ts";
import { api, apiList } from "../admin-api.ts";

export type { AdminBlog, BlogRevision, BlogRevisionSummary, BlogStatus, Tag };

const blogList = z.array(adminBlogSchema);
const path = (id: string) => `/blogs/${encodeURIComponent(id)}`;
const adminPath = (id: string) => `/admin/blogs/${encodeURIComponent(id)}`;

/**
 * GET /api/admin/blogs: one page of the posts whatever their status, newest first, and how
 * many posts there are in all; `filter` is the Posts screen's query (q, status, tag).
 */
export async function listBlogs(options: {
  page: number;
  pageSize: number;
  filter?: string;
}): Promise<ListPage<AdminBlog>> {
  const query = new URLSearchParams(options.filter);
  query.set("page", String(options.page));
  query.set("pageSize", String(options.pageSize));
  const { items, total } = await apiList<unknown>(`/admin/blogs?${query}`);
  return { items: blogList.parse(items), total };
}

/** GET /api/admin/blogs/{id}: one post whatever its status. */
export async function getBlog(id: string): Promise<AdminBlog> {
  return adminBlogSchema.parse(await api<unknown>(adminPath(id)));
}

/** POST /api/admin/blogs/{id}/preview-link: a new private preview address (the old one ends). */
export async function createPreviewLink(id: string): Promise<string> {
  return previewLinkSchema.parse(
    await api<unknown>(`${adminPath(id)}/preview-link`, { method: "POST" }),
  ).previewPath;
}

const revisionList = z.array(blogRevisionSummarySchema);
const revisionPath = (id: string, revisionId: string) =>
  `${adminPath(id)}/revisions/${encodeURIComponent(revisionId)}`;

/** GET /api/admin/blogs/{id}/revisions: the post's revisions, newest first. */
export async function listRevisions(id: string): Promise<BlogRevisionSummary[]> {
  return revisionList.parse(await api<unknown>(`${adminPath(id)}/revisions`));
}

/** GET /api/admin/blogs/{id}/revisions/{revisionId}: one revision's fields. */
export async function getRevision(id: string, revisionId: string): Promise<BlogRevision> {
  return blogRevisionSchema.parse(await api<unknown>(revisionPath(id, revisionId)));
}

/** POST …/revisions/{revisionId}/restore: puts the revision's text back; answers the post. */
export async function restoreRevision(id: string, revisionId: string): Promise<AdminBlog> {
  return adminBlogSchema.parse(
    await api<unknown>(`${revisionPath(id, revisionId)}/restore`, { method: "POST" }),
  );
}

/** POST /api/admin/blogs/{id}/submit: sends a draft for review; answers the post. */
export async function submitForReview(id: string): Promise<AdminBlog> {
  return adminBlogSchema.parse(await api<unknown>(`${adminPath(id)}/submit`, { method: "POST" }));
}

/** POST /api/admin/blogs/{id}/return: back to draft with a note for its author. */
export async function returnToDraft(id: string, note: string): Promise<AdminBlog> {
  return adminBlogSchema.parse(
    await api<unknown>(`${adminPath(id)}/return`, { method: "POST", json: { note } }),
  );
}

/** GET /api/admin/tags: every tag, by name (the editor's suggestions, the Posts filter). */
export async function listTags(): Promise<Tag[]> {
  return z.array(tagSchema).parse(await api<unknown>("/admin/tags"));
}

/** What the blog form sends. */
export interface BlogFields {
  title: string;
  /**
   * The points, each kept whole with its own line breaks: sent as the back office's JSON
   * `points` field, not as §7's `content` where every line is a point (decision 0033).
   */
  points: readonly string[];
  /** Editing: the version opened; a post saved since by someone else is refused (409). */
  version?: number;
  bg: string;
  /** A new image, if one was chosen. */
  image?: File | null;
  /** Editing only: drop the current image (ignored when a new one is sent). */
  removeImage?: boolean;
  /** Not sent: a new post is published at once, an edited one keeps its status. */
  status?: Exclude<BlogStatus, "review">;
  /** For "scheduled": when, as an ISO instant (UTC). */
  publishedAt?: string;
  /** "" makes it from the title. */
  slug?: string;
  excerpt?: string;
  seoTitle?: string;
  seoDescription?: string;
  imageAlt?: string;
  /** The post's tags by name; not sent (undefined), the post keeps its tags. */
  tags?: readonly string[];
}

const optionalFields = [
  "status",
  "publishedAt",
  "slug",
  "excerpt",
  "seoTitle",
  "seoDescription",
  "imageAlt",
] as const;

function blogForm(fields: BlogFields): FormData {
  const form = new FormData();
  form.set("title", fields.title);
  form.set("points", JSON.stringify(fields.points));
  if (fields.version !== undefined) form.set("version", String(fields.version));
  form.set("bg", fields.bg || DEFAULT_BLOG_BG);
  for (const name of optionalFields) {
    const value = fields[name];
    if (value !== undefined) form.set(name, value);
  }
  // One text of comma-separated names (a name has no comma: the tag field splits at them).
  if (fields.tags !== undefined) form.set("tags", fields.tags.join(","));
  if (fields.image) form.set("image", fields.image);
  else if (fields.removeImage) form.set("removeImage", "true");
  return form;
}

/** POST /api/blogs (multipart): answers the new post. */
export async function createBlog(fields: BlogFields): Promise<Blog> {
  const body = blogForm({ ...fields, removeImage: false });
  return blogSchema.parse(await api<unknown>("/blogs", { method: "POST", body }));
}

/** PATCH /api/blogs/{id} (multipart), then the post as saved, as the back office sees it. */
export async function updateBlog(id: string, fields: BlogFields): Promise<AdminBlog> {
  blogSchema.parse(await api<unknown>(path(id), { method: "PATCH", body: blogForm(fields) }));
  return getBlog(id);
}

/** DELETE /api/blogs/{id}. */
export async function deleteBlog(id: string): Promise<void> {
  successResponse.parse(await api<unknown>(path(id), { method: "DELETE" }));
}
