// What is being written and not saved yet, kept in this browser (decision 0033), so a reload,
// a closed tab or a lost connection does not lose it: a new post until it is created, and
// the unsaved changes of an existing post until they are saved. The key holds the signed-in
// admin's id (the token's subject) and, for an existing post, its id.

import type { BlogStatus } from "../../../common/schemas/blog.ts";
import { getToken } from "../admin-api.ts";

/** The editor's fields that are kept: text only (a chosen picture cannot be stored). */
export interface KeptPost {
  title: string;
  points: string[];
  bg: string;
  slug: string;
  slugEdited: boolean;
  /** "review": a post waiting for review (the form then sends no status: it stays so). */
  status: BlogStatus;
  scheduleAt: string;
  excerpt: string;
  seoTitle: string;
  seoDescription: string;
  imageAlt: string;
  /** The tags' names. */
  tags: string[];
  /** When it was kept (ISO). */
  keptAt: string;
  /** An existing post: the version the changes were made to (they are only brought back to it). */
  version?: number;
}

/** The signed-in admin's id, read from the token's payload (not verified: a storage key only). */
function personOf(token: string | null): string {
  try {
    const payload = JSON.parse(atob(token!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload.sub === "string" ? payload.sub : "anyone";
  } catch {
    return "anyone";
  }
}

/** `postId`: an existing post's changes; without it, the new post. */
export const keptPostKey = (postId?: string, token: string | null = getToken()) =>
  postId ? `adminPostEdits:${personOf(token)}:${postId}` : `adminNewPost:${personOf(token)}`;

function isKeptPost(value: unknown): value is KeptPost {
  const post = value as KeptPost | null;
  return (
    typeof post === "object" &&
    post !== null &&
    typeof post.title === "string" &&
    Array.isArray(post.points) &&
    post.points.every((point) => typeof point === "string") &&
    typeof post.keptAt === "string"
  );
}

/** What is kept for the signed-in person, if anything (a damaged one is dropped). */
export function readKeptPost(
  postId?: string,
  storage: Storage = window.localStorage,
): KeptPost | null {
  try {
    const raw = storage.getItem(keptPostKey(postId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    // Kept before posts had tags: none.
    if (isKeptPost(value)) return { ...value, tags: Array.isArray(value.tags) ? value.tags : [] };
    storage.removeItem(keptPostKey(postId));
  } catch {
    // Storage unavailable or the value unreadable: nothing is kept.
  }
  return null;
}

/** Keeps what is written; answers false when the browser refused (full, or private mode). */
export function keepPost(
  post: KeptPost,
  postId?: string,
  storage: Storage = window.localStorage,
): boolean {
  try {
    storage.setItem(keptPostKey(postId), JSON.stringify(post));
    return true;
  } catch {
    return false;
  }
}

export function forgetKeptPost(postId?: string, storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(keptPostKey(postId));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
