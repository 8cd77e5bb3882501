import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/where-to-change-what.md names the files each usual change touches: a file it names
// must exist, so the page cannot fall behind a move or a rename without a failing test.
const root = path.resolve(import.meta.dirname, "..");
const page = readFileSync(path.join(root, "docs/where-to-change-what.md"), "utf8");

/** Every `code` span of the page that reads as a path of this repository. */
const namedPaths = [...page.matchAll(/`([^`\s]+)`/g)]
  .map((match) => match[1]!)
  .filter((name) => /^(app|common|server|scripts|tests|docs|bench)\//.test(name))
  // Placeholders (`server/modules/<area>/routes.ts`, `00NN-….ts`) name a kind of file.
  .filter((name) => !/[<…]|00NN/.test(name));

describe("docs/where-to-change-what.md", () => {
  it("names files that exist", () => {
    expect(namedPaths.length).toBeGreaterThan(20);
    const missing = namedPaths.filter((name) => !existsSync(path.join(root, name)));
    expect(missing).toEqual([]);
  });
});
