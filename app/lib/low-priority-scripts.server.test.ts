import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-scripts.server.ts";

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
