import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import routes from "../routes.ts";
import { isReservedPageSlug } from "./page-slugs.ts";

interface RouteLike {
  path?: string;
  children?: RouteLike[];
}

/** The first segments of every route's full path ("blog" for blog/:id). */
function firstSegments(entries: readonly RouteLike[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const own = full.split("/").filter(Boolean)[0];
    return [...(own ? [own] : []), ...firstSegments(entry.children ?? [], full)];
  });
}

describe("the reserved page slugs", () => {
  it("hold every static first segment of the route table and every folder of public/", () => {
    const segments = new Set(
      firstSegments(routes as RouteLike[])
        // "sitemap.xml", "robots.txt": a slug holds no dot, so no page can take a file's name.
        .filter((segment) => !segment.startsWith(":") && segment !== "*" && !segment.includes(".")),
    );
    const folders = readdirSync("public", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const segment of [...segments, ...folders]) {
      expect(isReservedPageSlug(segment), segment).toBe(true);
    }
    expect(isReservedPageSlug("terms")).toBe(false);
    expect(isReservedPageSlug("careers")).toBe(false);
  });
});
