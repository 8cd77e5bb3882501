import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { publicPaths } from "../e2e/public-paths.ts";
import { insertPosts } from "../factories/blogs.ts";
import { useTestApp } from "./helpers.ts";

// What a first visit downloads before it can paint (issue 9): the public pages send the
// browser what they show, not the editable content's ids, and the home page fits the first
// round trip of a new connection.

/** TCP's first flight on a new connection: 10 packets of 1,460 bytes (RFC 6928). */
const FIRST_FLIGHT = 14_600;
/** The headers Node adds on the wire, and the encoding's, which inject() leaves out. */
const WIRE_HEADERS =
  "content-encoding: br\r\nvary: accept-encoding\r\nDate: Thu, 26 Nov 2026 18:08:58 GMT\r\n" +
  "Connection: keep-alive\r\nKeep-Alive: timeout=5\r\n";

describe("the weight of the public pages", () => {
  const t = useTestApp({}, { web: true, buildDirectory: inject("buildDir") });

  it("sends no id of the editable content's items", async () => {
    const content = (await t.app.inject({ method: "GET", url: "/api/content" })).json<
      Record<string, unknown>
    >();
    const ids = Object.values(content)
      .filter(Array.isArray)
      .flatMap((items: { _id: string }[]) => items.map((item) => item._id));
    // The sample site: brands, packages, testimonials, the team, the FAQ and the rest.
    expect(ids.length).toBeGreaterThan(60);
    for (const url of publicPaths) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      const sent = ids.filter((id) => page.body.includes(id));
      expect(sent, url).toEqual([]);
    }
  });

  it("the home page, at Brotli's best with its headers, fits the first round trip", async () => {
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(200);
    const body = brotliCompressSync(page.rawPayload, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    const head = Object.entries(page.headers)
      .map(([name, value]) => `${name}: ${String(value)}\r\n`)
      .join("");
    const bytes =
      "HTTP/1.1 200 OK\r\n".length + head.length + WIRE_HEADERS.length + 2 + body.length;
    expect(bytes).toBeLessThanOrEqual(FIRST_FLIGHT);
    // What the page shows is all there.
    expect(page.body).toContain("Brands We&#x27;ve Worked With");
  });

  it("carries the site's icon inside the page, so that the browser asks for nothing", async () => {
    const page = await t.app.inject({ method: "GET", url: "/contact" });
    const icons = [...page.body.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(icons).toHaveLength(1);
    const href = icons[0]!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    expect(href).toMatch(/^data:image\/svg\+xml,/);
    const svg = decodeURIComponent(href.slice("data:image/svg+xml,".length));
    // The same drawing as public/favicon.svg, which structured data still links to.
    const file = readFileSync(
      path.resolve(import.meta.dirname, "../../public/favicon.svg"),
      "utf8",
    );
    const colours = (text: string) => text.match(/#[0-9a-f]{6}/gi)?.map((c) => c.toLowerCase());
    expect(svg).toContain(/ d="([^"]+)"/.exec(file)![1]!);
    expect(colours(svg)).toEqual(colours(file));
  });

  // Issue 31 (docs/decisions/0039): a budget phone runs at most 80 KB of gzip JavaScript on
  // a first visit, and an islands page none of React's.
  it("an islands page loads its one script after the first paint: no React, at most 80 KB gzip", async () => {
    const clientDir = path.join(inject("buildDir"), "client");
    /** A built file and, followed through their static imports, the files it needs at once. */
    const closure = (file: string, seen = new Set<string>()) => {
      if (seen.has(file)) return seen;
      seen.add(file);
      const code = readFileSync(path.join(clientDir, file), "utf8");
      for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
        closure(path.posix.join(path.posix.dirname(file), match[1]!), seen);
      }
      return seen;
    };
    const [post] = await insertPosts(t.app.services.database.db, 1);
    for (const url of [
      "/",
      "/blog",
      `/blog/${post!.id}`,
      "/contact",
      "/services",
      "/about",
      "/policy",
    ]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toMatch(/<html[^>]* data-islands=""/);
      // No React Router in the page: no hydration data, no module preloads, no module script.
      expect(page.body, url).not.toContain("__reactRouterContext");
      expect(page.body, url).not.toContain("modulepreload");
      expect(page.body, url).not.toMatch(/<script[^>]*type="module"/);
      const scripts = [...page.body.matchAll(/<script[^>]*>([^<]*)<\/script>/g)].map((m) => m[1]!);
      const loaders = scripts.filter((script) => script.includes("import("));
      expect(loaders, url).toHaveLength(1);
      // Asked for after the first paint (a frame, then a task), never during the parse.
      expect(loaders[0], url).toMatch(
        /^requestAnimationFrame\(\(\)=>setTimeout\(\(\)=>import\("\/assets\/islands-[\w-]+\.js"\)\)\)$/,
      );
      const entry = /import\("\/(assets\/[^"]+)"\)/.exec(loaders[0]!)![1]!;
      expect(existsSync(path.join(clientDir, entry)), entry).toBe(true);
      const files = [...closure(entry)];
      expect(
        files.filter((file) => /\/(framework|shared)-/.test(file)),
        url,
      ).toEqual([]);
      const gzipBytes = files.reduce(
        (sum, file) =>
          sum + gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length,
        0,
      );
      expect(gzipBytes, url).toBeLessThanOrEqual(80 * 1024);
    }
  });
});
