import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Rolldown } from "vite";
import { describe, expect, it } from "vitest";

// The beacon stays under 1 KB gzip (issue 33), counted with everything it imports (the lead
// source's reading of the landing, the staff token's key), minified as the build does.

describe("the page's beacon", () => {
  it("is under 1 KB gzip with all it imports", async () => {
    const output = (await build({
      configFile: false,
      logLevel: "silent",
      build: {
        write: false,
        minify: true,
        lib: { entry: path.resolve(import.meta.dirname, "beacon.ts"), formats: ["es"] },
        // A library build keeps the spaces of an ES module; the site's build does not.
        rolldownOptions: { output: { minify: true } },
      },
    })) as Rolldown.RolldownOutput[];
    const chunks = output
      .flatMap((result) => result.output)
      .filter((file) => file.type === "chunk");
    expect(chunks).toHaveLength(1);
    const code = chunks[0]!.code;
    expect(code).toContain("/api/traffic/views");
    expect(gzipSync(code, { level: 9 }).length).toBeLessThan(1024);
  });
});
