import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { Redis } from "ioredis";
import { freePort } from "./free-port.ts";

/**
 * A Redis of the test's own on a free port (nothing saved to disk), which the test may
 * stop and start again on the same port: how an outage and a recovery look to the app.
 */
export async function startRedisServer() {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    // Ready when it answers PING: poll, a loaded machine may take a while to start it.
    const probe = new Redis(port, "127.0.0.1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on("error", () => {});
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await probe.connect();
          if ((await probe.ping()) === "PONG") return;
        } catch (error) {
          if (attempt > 200) throw error;
          probe.disconnect();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      probe.disconnect();
    }
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, "exit");
    running.kill("SIGKILL");
    await exited;
  }

  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop };
}
