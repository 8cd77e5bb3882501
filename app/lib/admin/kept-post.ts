// A new post not yet created, kept in this browser while it is written (decision 0033), so
// a reload, a closed tab or a lost connection does not lose it. One per person: the key
// holds the signed-in admin's id (the token's subject). Removed once the post is created.

import { getToken } from "../admin-api.ts";

/** The editor's fields that are kept: text only (a chosen picture cannot be stored). */
export interface KeptPost {
  title: string;
  points: string[];
  bg: string;
  slug: string;
  slugEdited: boolean;
  status: "draft" | "scheduled" | "published";
  scheduleAt: string;
  excerpt: string;
  seoTitle: string;
  seoDescription: string;
  imageAlt: string;
  /** When it was kept (ISO). */
  keptAt: string;
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

export const keptPostKey = (token: string | null = getToken()) => `adminNewPost:${personOf(token)}`;

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

/** The new post kept for the signed-in person, if any (a damaged one is dropped). */
export function readKeptPost(storage: Storage = window.localStorage): KeptPost | null {
  try {
    const raw = storage.getItem(keptPostKey());
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (isKeptPost(value)) return value;
    storage.removeItem(keptPostKey());
  } catch {
    // Storage unavailable or the value unreadable: nothing is kept.
  }
  return null;
}

/** Keeps the new post; answers false when the browser refused (full, or private mode). */
export function keepPost(post: KeptPost, storage: Storage = window.localStorage): boolean {
  try {
    storage.setItem(keptPostKey(), JSON.stringify(post));
    return true;
  } catch {
    return false;
  }
}

export function forgetKeptPost(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(keptPostKey());
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
