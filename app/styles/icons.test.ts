import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { iconsCss, renderIconsCss } from "../../scripts/icons.ts";

const appDir = path.resolve(import.meta.dirname, "..");

/** Every .tsx file under app/. */
function* sources(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith(".tsx")) yield full;
  }
}

describe("the icons' stylesheet", () => {
  it("is what scripts/icons.ts makes from the drawings (run it after changing one)", async () => {
    expect(readFileSync(iconsCss, "utf8")).toBe(await renderIconsCss());
  }, 30_000);

  it("has a drawing for every icon-* class the components use", () => {
    const css = readFileSync(iconsCss, "utf8");
    const defined = new Set([...css.matchAll(/@utility (icon-[a-z-]+) \{/g)].map((m) => m[1]));
    const used = new Set<string>();
    for (const file of sources(appDir)) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bicon-[a-z]+(?:-[a-z]+)*\b/g)) {
        used.add(match[0]);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
    // Each is a picture the browser decodes without building an SVG document.
    for (const match of css.matchAll(/url\("data:([^;]+);base64,/g)) {
      expect(match[1]).toBe("image/webp");
    }
  });
});
