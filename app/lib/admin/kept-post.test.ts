import { describe, expect, it } from "vitest";
import { forgetKeptPost, keepPost, keptPostKey, readKeptPost, type KeptPost } from "./kept-post.ts";

/** A Storage kept in a Map. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const post: KeptPost = {
  title: "Half written",
  points: ["First line\nSecond line"],
  bg: "#ffffff",
  slug: "",
  slugEdited: false,
  status: "draft",
  scheduleAt: "",
  excerpt: "",
  seoTitle: "",
  seoDescription: "",
  imageAlt: "",
  keptAt: "2026-11-27T13:05:00.000Z",
};

describe("a new post kept in the browser", () => {
  it("is keyed by the signed-in person (the token's subject)", () => {
    const payload = btoa(JSON.stringify({ sub: "admin-42" })).replace(/=+$/, "");
    expect(keptPostKey(`head.${payload}.sig`)).toBe("adminNewPost:admin-42");
    expect(keptPostKey("not a token")).toBe("adminNewPost:anyone");
  });

  it("is kept, read back whole, and forgotten; a damaged one is dropped", () => {
    const storage = memoryStorage();
    expect(readKeptPost(storage)).toBeNull();
    expect(keepPost(post, storage)).toBe(true);
    expect(readKeptPost(storage)).toEqual(post);
    forgetKeptPost(storage);
    expect(readKeptPost(storage)).toBeNull();
    storage.setItem(keptPostKey(), JSON.stringify({ title: 3 }));
    expect(readKeptPost(storage)).toBeNull();
    expect(storage.length).toBe(0);
  });
});
