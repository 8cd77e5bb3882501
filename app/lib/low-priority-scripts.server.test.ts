import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  deferModuleScript,
  deferModulesInPage,
  lowPriorityModulePreloads,
} from "./low-priority-scripts.server.ts";

const through = (chunks: string[]) =>
  text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads()));

describe("lowPriorityModulePreloads", () => {
  const html =
    '<p>Ünïcode ₦</p><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/>';
  const expected =
    '<p>Ünïcode ₦</p><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/>';

  it("marks every module preload low priority and leaves the rest as it was", async () => {
    expect(await through([html])).toBe(expected);
    expect(await through(['<link rel="stylesheet" href="/x.css"/>'])).toBe(
      '<link rel="stylesheet" href="/x.css"/>',
    );
  });

  it("finds a tag split across chunks at any point", async () => {
    for (let cut = 1; cut < html.length; cut++) {
      expect(await through([html.slice(0, cut), html.slice(cut)])).toBe(expected);
    }
  });

  it("keeps characters whose bytes are split between chunks", async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      const stream = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(await text(stream.pipe(lowPriorityModulePreloads()))).toBe(expected);
    }
  });

  it("keeps a tail that only looks like the start of a tag", async () => {
    expect(await through(["<p>a</p><link rel", ""])).toBe("<p>a</p><link rel");
  });
});

describe("deferModulesInPage", () => {
  // The shape React Router 8 renders.
  const page =
    '<head><link rel="modulepreload" href="/e.js"/><link rel="modulepreload" href="/fw.js"/>' +
    '<link rel="modulepreload" href="/r0.js"/><title>₦ Ünï</title></head><body><p>Hi</p>' +
    '<script>window.x = 1;</script><script type="module" async="" nonce="n1">;\n' +
    'import * as route0 from "/r0.js";\nimport * as route1 from "/r1.js";\n' +
    '  window.__reactRouterManifest = {"entry":{"module":"/e.js","imports":["/fw.js"]}};\n' +
    '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
    'import("/e.js");</script><script>window.y = 2;</script></body>';

  it("writes React Router's manifest without its indents, the same data", () => {
    const manifest = { entry: { module: "/e.js", imports: ["/fw.js"] }, version: "v1" };
    const pretty = page.replace(
      /window\.__reactRouterManifest = \{.*?\};/,
      `window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};`,
    );
    expect(pretty).toContain('{\n  "entry": {');
    const script = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(
      deferModulesInPage(pretty),
    )![1]!;
    expect(script).toContain(`window.__reactRouterManifest = ${JSON.stringify(manifest)};`);
  });

  it("drops the preload links and imports the modules only after the load event", () => {
    const html = deferModulesInPage(page);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain(
      "<title>₦ Ünï</title></head><body><p>Hi</p><script>window.x = 1;</script>",
    );
    expect(html).toContain('<script type="module" async="" nonce="n1">');
    expect(html).toContain("<script>window.y = 2;</script></body>");
    const script = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toMatch(/^\s*import\s/m);
    expect(script).toContain(
      'Promise.all([import("/r0.js"),import("/r1.js"),import("/fw.js")]).then(([route0,route1])=>{',
    );
    expect(script).toContain('addEventListener("load",afterPaint,{once:true})');
    // The entry runs last, once the manifest and the route modules are set.
    expect(script.indexOf('import("/e.js")')).toBeGreaterThan(
      script.indexOf("__reactRouterRouteModules"),
    );
  });

  it("finds the module script when its nonce comes before its type (a page not stored)", () => {
    const withNonce = page.replace(
      '<script type="module" async="" nonce="n1">',
      '<script nonce="n1" type="module" async="">',
    );
    const html = deferModulesInPage(withNonce);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<script nonce="n1" type="module" async="">const hydrate=');
  });

  it("runs in a page: nothing is imported before load, then route modules, then the entry", async () => {
    const script = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(
      deferModulesInPage(page),
    )![1]!;
    const imported: string[] = [];
    const listeners: (() => void)[] = [];
    const window: Record<string, unknown> = {};
    const document = { readyState: "interactive" };
    const body = script.replaceAll(/import\(("[^"]+")\)/g, "load($1)");
    const load = (href: string) => {
      imported.push(href);
      return Promise.resolve({ href });
    };
    new Function("load", "window", "document", "addEventListener", "requestAnimationFrame", body)(
      load,
      window,
      document,
      (_type: string, listener: () => void) => listeners.push(listener),
      (callback: () => void) => setTimeout(callback, 0),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(imported).toEqual([]);
    listeners.forEach((listener) => listener());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(imported).toEqual(["/r0.js", "/r1.js", "/fw.js", "/e.js"]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { href: "/r0.js" },
      "routes/home": { href: "/r1.js" },
    });
  });

  it("leaves a module script of another shape as it was, with its preloads", () => {
    const odd =
      '<link rel="modulepreload" href="/a.js"/><p>x</p><script type="module">import { a } from "/a.js"; a();</script>';
    expect(deferModulesInPage(odd)).toBe(
      '<p>x</p><link rel="modulepreload" href="/a.js"/><script type="module">import { a } from "/a.js"; a();</script>',
    );
    expect(deferModuleScript('<script type="module">export const a = 1;</script>', [])).toBe(
      undefined,
    );
  });

  it("leaves a tag unfinished at the end of the page as it is", () => {
    expect(deferModulesInPage("<p>a</p><link rel")).toBe("<p>a</p><link rel");
    expect(deferModulesInPage("<p>a</p><script type=")).toBe("<p>a</p><script type=");
  });
});
