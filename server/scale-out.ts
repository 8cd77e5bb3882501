import type { FastifyInstance } from "fastify";
import { Redis, type RedisOptions } from "ioredis";
import type { Config } from "./config.ts";
import { relayThroughPostgres, relayThroughRedis, type ChangeRelay } from "./lib/change-relay.ts";
import { throttledWarning } from "./lib/throttled-warning.ts";
import type { Services } from "./services.ts";

/**
 * What several instances of the site share besides the database (issue 10): with
 * REDIS_URL, the per-IP rate limits and the change feed through Redis; without it on
 * PostgreSQL, the change feed through LISTEN/NOTIFY; on SQLite alone, nothing (one process).
 * Called once per app, after the services and before the rate limits.
 */
export interface ScaleOut {
  /**
   * Redis for the rate limits, when configured. Its commands fail at once while Redis is
   * unreachable (no queue), so a caller can let the request through instead of waiting.
   */
  redis?: Redis;
  close(): Promise<void>;
}

/** How long the start waits for Redis or the LISTEN connection before going on without. */
const START_WAIT_MS = 2000;

/**
 * Redis must never hold a request up or stop the site from starting: no queue of commands
 * while disconnected (they fail at once and the caller fails open), short timeouts, and
 * reconnection forever in the background, at most every 2 s.
 */
export const redisOptions: RedisOptions = {
  enableOfflineQueue: false,
  connectTimeout: 1000,
  commandTimeout: 1000,
  maxRetriesPerRequest: 1,
  retryStrategy: (attempts) => Math.min(100 * attempts, 2000),
};

/** Waits for `promise` at most `ms`; never rejects. */
async function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => {}),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

function ready(client: Redis): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve) => client.once("ready", () => resolve()));
}

/** Resolves when `up` does or the client's first attempt fails, whichever is first. */
function firstOutcome(client: Redis, up: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      client.off("error", done);
      resolve();
    };
    client.on("error", done);
    void up.then(done, done);
  });
}

async function quit(client: Redis): Promise<void> {
  try {
    if (client.status === "ready") await client.quit();
  } catch {
    // Closing anyway.
  } finally {
    client.disconnect();
  }
}

export async function connectScaleOut(
  app: FastifyInstance,
  config: Config,
  services: Services,
): Promise<ScaleOut> {
  const warn = throttledWarning(app.log);

  if (!config.redisUrl) {
    if (config.database.kind !== "postgres") return { close: async () => {} };
    const relay: ChangeRelay = relayThroughPostgres({
      changes: services.changes,
      url: config.database.url,
      schema: config.database.schema,
      db: services.database.db,
      warn,
    });
    await atMost(relay.listening, START_WAIT_MS);
    return { close: () => relay.close() };
  }

  const prefix = config.redisPrefix;
  const clients = {
    commands: new Redis(config.redisUrl, { ...redisOptions, connectionName: `${prefix}-commands` }),
    // Resubscribed by the relay itself, so that it knows when it listens again.
    relay: new Redis(config.redisUrl, {
      ...redisOptions,
      autoResubscribe: false,
      connectionName: `${prefix}-relay`,
    }),
  };
  for (const [role, client] of Object.entries(clients)) {
    let down = false;
    // Without a listener ioredis prints every failed attempt to stderr.
    client.on("error", (error: unknown) => {
      down = true;
      warn(
        `redis-${role}`,
        error,
        `Redis is unreachable (${role} connection): rate limits let requests through and ` +
          "other instances' changes are not heard until it is back",
      );
    });
    client.on("ready", () => {
      if (down) app.log.info(`Redis is back (${role} connection)`);
      down = false;
    });
  }

  const relay = relayThroughRedis({
    changes: services.changes,
    publisher: clients.commands,
    subscriber: clients.relay,
    channel: `${prefix}:changes`,
    warn,
  });
  services.readiness.add("redis", async () => {
    await clients.commands.ping();
    if (!relay.isListening()) throw new Error("the change relay is not subscribed");
  });

  // Not a blocking connect: an unreachable Redis fails its first attempt at once (or within
  // connectTimeout) and the app starts without it. A reachable one is ready before the first
  // request, so that request is counted and the relay hears every change from the start.
  await atMost(
    Promise.all([
      firstOutcome(clients.commands, ready(clients.commands)),
      firstOutcome(clients.relay, relay.listening),
    ]),
    START_WAIT_MS,
  );

  // The visit counter shares the day's visitor keys through Redis (issue 33).
  services.traffic.useRedis(clients.commands, prefix);
  return {
    redis: clients.commands,
    async close() {
      await relay.close();
      await Promise.all(Object.values(clients).map(quit));
    },
  };
}
