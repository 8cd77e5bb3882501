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
  tags: ["Ads"],
  keptAt: "2026-11-27T13:05:00.000Z",
};

describe("a new post kept in the browser", () => {
  it("is keyed by the signed-in person (the token's subject)", () => {
    const payload = btoa(JSON.stringify({ sub: "admin-42" })).replace(/=+$/, "");
    expect(keptPostKey(undefined, `head.${payload}.sig`)).toBe("adminNewPost:admin-42");
    expect(keptPostKey("p1", `head.${payload}.sig`)).toBe("adminPostEdits:admin-42:p1");
    expect(keptPostKey(undefined, "not a token")).toBe("adminNewPost:anyone");
  });

  it("is kept, read back whole, and forgotten; a damaged one is dropped", () => {
    const storage = memoryStorage();
    expect(readKeptPost(undefined, storage)).toBeNull();
    expect(keepPost(post, undefined, storage)).toBe(true);
    expect(keepPost({ ...post, version: 3 }, "p1", storage)).toBe(true);
    expect(readKeptPost(undefined, storage)).toEqual(post);
    expect(readKeptPost("p1", storage)).toEqual({ ...post, version: 3 });
    forgetKeptPost(undefined, storage);
    expect(readKeptPost(undefined, storage)).toBeNull();
    storage.setItem(keptPostKey("p1"), JSON.stringify({ title: 3 }));
    expect(readKeptPost("p1", storage)).toBeNull();
    expect(storage.length).toBe(0);
  });
});
