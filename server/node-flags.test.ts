import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NODE_FLAGS } from "./node-flags.ts";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const command = `node ${NODE_FLAGS.join(" ")} server/main.ts`;
const MB = 2 ** 20;

/**
 * The size of V8's young generation in a node process started with `flags`: at its start,
 * and the largest seen while it allocates like a server under load (objects that mostly die
 * young, some kept for a while).
 */
function youngGeneration(flags: readonly string[]): { start: number; largest: number } {
  const script = `
    const v8 = require("node:v8");
    const size = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size;
    const start = size();
    let largest = start;
    const kept = [];
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 200000; i++) {
        const answer = { i, parts: [i, i] };
        if (i % 3 === 0) kept.push(answer);
      }
      if (kept.length > 300000) kept.splice(0, 200000);
      largest = Math.max(largest, size());
    }
    process.stdout.write(JSON.stringify({ start, largest }));`;
  return JSON.parse(
    execFileSync(process.execPath, [...flags, "-e", script], { encoding: "utf8" }),
  ) as { start: number; largest: number };
}

describe("the server's node flags", () => {
  it("are on every documented way of starting the server", () => {
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    expect(scripts.start).toContain(`exec ${command}`);
    expect(read("docs/deploy.md")).toContain(`ExecStart=/usr/local/bin/${command}`);
  });

  // Two node processes allocating some 16 million objects: seconds of CPU on a busy 2-core
  // machine, more than the default 5 s limit allows.
  it(
    "give the young generation 16 MB semi-spaces from the start, and no more under load",
    {
      timeout: 30_000,
    },
    () => {
      const pinned = youngGeneration(NODE_FLAGS);
      expect(pinned.start).toBeGreaterThanOrEqual(16 * MB);
      // Two semi-spaces of 16 MB, and a few pages V8 counts with them while it collects.
      expect(pinned.largest).toBeLessThanOrEqual(3 * 16 * MB);
      // What V8 does on its own, which the flags are there to change: it starts smaller and
      // grows past that under the same allocations.
      const own = youngGeneration([]);
      expect(own.start).toBeLessThan(16 * MB);
      expect(own.largest).toBeGreaterThanOrEqual(4 * 16 * MB);
    },
  );
});
