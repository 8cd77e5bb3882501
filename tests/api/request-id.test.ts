import { hostname } from "node:os";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createTestApp } from "./helpers.ts";

// Every request has an id: its answer's x-request-id header and every log line it causes
// carry it, answers from memory included (issue 10).

interface LogLine {
  msg: string;
  reqId?: string;
  memory?: boolean;
  url?: string;
}

/** An app whose log lines are collected, listening on a port (the front door needs one). */
async function loggedApp(env: Record<string, string> = {}) {
  const lines: LogLine[] = [];
  const logStream = new PassThrough();
  logStream.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) {
      lines.push(JSON.parse(line) as LogLine);
    }
  });
  const t = await createTestApp({ LOG_LEVEL: "info", ...env }, { logger: true, logStream });
  const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, base, lines };
}

/** The log lines of one request, once its closing "request" line is written. */
async function linesOf(lines: LogLine[], reqId: string): Promise<LogLine[]> {
  await expect.poll(() => lines.some((l) => l.reqId === reqId && l.msg === "request")).toBe(true);
  return lines.filter((line) => line.reqId === reqId);
}

describe("request ids", () => {
  it("name each answer and every log line of its request, errors and memory answers too", async () => {
    const { t, base, lines } = await loggedApp();
    const first = await fetch(`${base}/api/health`);
    const second = await fetch(`${base}/api/health`);
    const id = first.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(second.headers.get("x-request-id")).not.toBe(id);
    expect((await linesOf(lines, id)).map((line) => line.msg)).toEqual(["request"]);

    // An answer from memory (the render cache's, once it has stored the list) has its id
    // and its log line.
    let memoryId = "";
    await expect
      .poll(async () => {
        const answer = await fetch(`${base}/api/prices`);
        memoryId = answer.headers.get("x-request-id")!;
        return (await linesOf(lines, memoryId)).some((line) => line.memory);
      })
      .toBe(true);
    expect(memoryId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    // Written by the door in batches, in the shape pino gives every other line.
    const [memoryLine] = await linesOf(lines, memoryId);
    expect(memoryLine).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: hostname(),
      reqId: memoryId,
      method: "GET",
      url: "/api/prices",
      status: 200,
      ms: 0,
      ip: "127.0.0.1",
      memory: true,
      msg: "request",
    });
    expect(Math.abs((memoryLine as unknown as { time: number }).time - Date.now())).toBeLessThan(
      60_000,
    );
    expect(await linesOf(lines, memoryId)).toHaveLength(1);

    // A failing request: its error line and its request line share the id of the answer.
    await t.app.services.database.close();
    const failing = await fetch(`${base}/api/ready`);
    expect(failing.status).toBe(503);
    const failingId = failing.headers.get("x-request-id")!;
    expect((await linesOf(lines, failingId)).map((line) => line.msg)).toEqual([
      "not ready: database",
      "request",
    ]);

    // Refused before routing (a malformed %-escape): still named.
    const malformed = await fetch(`${base}/api/blogs/%ff`);
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  });

  it("keep a trusted proxy's well-formed x-request-id, and only a trusted proxy's", async () => {
    const proxied = await loggedApp({ TRUST_PROXY: "loopback" });
    const kept = await fetch(`${proxied.base}/api/health`, {
      headers: { "x-request-id": "edge-4f2a9c" },
    });
    expect(kept.headers.get("x-request-id")).toBe("edge-4f2a9c");
    expect(await linesOf(proxied.lines, "edge-4f2a9c")).toHaveLength(1);
    const odd = await fetch(`${proxied.base}/api/health`, {
      headers: { "x-request-id": "two words\tand a tab" },
    });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);

    const direct = await loggedApp();
    const ignored = await fetch(`${direct.base}/api/health`, {
      headers: { "x-request-id": "edge-4f2a9c" },
    });
    expect(ignored.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  });
});
