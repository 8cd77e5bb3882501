import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { spawnServer, type ServerProcess } from "../support/server-process.ts";

// The server as an operator runs it: `node server/main.ts` on the production build, a fresh
// data folder, real signals. These tests start their own servers beside the shared one.

interface Started extends ServerProcess {
  output: () => string;
  exited: Promise<number | null>;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const server = await spawnServer(
    dataDir,
    { BUILD_DIR: process.env.E2E_SITE_BUILD ?? "", SEED_SAMPLE_CONTENT: "false", ...env },
    "pipe",
  );
  let output = "";
  server.child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
  return { ...server, output: () => output, exited };
}

async function waitUntilReady(server: Started): Promise<void> {
  await expect
    .poll(
      async () => {
        if (server.child.exitCode !== null) return `exited: ${server.output()}`;
        return server.output().includes("Site ready") ? "ready" : "starting";
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBe("ready");
}

test.describe("running the server", () => {
  let dataDir: string;
  test.beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "agency-lifecycle-"));
  });
  test.afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the first start prints an admin login once; the next start does not", async () => {
    const first = await start(dataDir);
    await waitUntilReady(first);
    const match = /E-mail:\s+(\S+)\s+Password:\s+(\S+)/.exec(first.output());
    expect(match, first.output()).not.toBeNull();
    const [, email, password] = match!;
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { token: string }).token).toBeTruthy();
    // An empty database is seeded with the five prices.
    const prices = (await (await fetch(`${first.url}/api/prices`)).json()) as { key: string }[];
    expect(prices.map((price) => price.key).sort()).toEqual(
      ["brand-me", "empower-me", "grow-me", "take-off", "video-voice"].sort(),
    );
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const second = await start(dataDir);
    await waitUntilReady(second);
    expect(second.output()).not.toContain("Password:");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });

  test("says the site is ready only after the server listens (issue 50)", async () => {
    const server = await start(dataDir, { LOG_LEVEL: "info" });
    await waitUntilReady(server);
    const output = server.output();
    const listening = output.indexOf("Server listening at");
    expect(listening, output).toBeGreaterThanOrEqual(0);
    expect(listening, output).toBeLessThan(output.indexOf("Site ready"));
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  test("SIGTERM lets an in-flight request finish, then exits 0", async () => {
    // LOG_LEVEL info: the test waits for the line that says the server is shutting down.
    const server = await start(dataDir, { LOG_LEVEL: "info" });
    await waitUntilReady(server);
    const body = JSON.stringify({
      name: "Ada Obi",
      email: "ada@example.com",
      phoneNumber: "8031234567",
      textarea: "Sent while the server was stopping.",
      serviceType: "Inquiry form response",
    });
    const half = Math.floor(body.length / 2);
    const { port } = new URL(server.url);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: Number(port),
          path: "/api/contact",
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            // The server answers "100 Continue" once it has read the request line and
            // headers: from then on the request is in flight on its side.
            expect: "100-continue",
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.on("continue", () => {
        // In flight: half the body sent, then the server is stopped, and the rest is sent
        // once it says it is shutting down (no longer taking new connections).
        req.write(body.slice(0, half), () => {
          server.child.kill("SIGTERM");
          void expect
            .poll(() => server.output().includes("shutting down: finishing in-flight requests"))
            .toBe(true)
            .then(() => req.end(body.slice(half)), reject);
        });
      });
    });
    const { status, text } = await answer;
    expect(status, text).toBe(201);
    expect((JSON.parse(text) as { _id: string })._id).toBeTruthy();
    expect(await server.exited).toBe(0);
  });

  test("a bad setting stops the start with a one-line message", async () => {
    const server = await start(dataDir, { PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("PORT");
  });
});
