import { createHash, randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { sql, type QueryExecutorProvider } from "kysely";
import pg from "pg";
import { z } from "zod";
import type { ChangeFeed } from "./changes.ts";
import type { ThrottledWarning } from "./throttled-warning.ts";

/**
 * Spreads the change feed (lib/changes.ts) to every instance on one database (issue 10):
 * each write made here is sent out with this instance's random id, and what other
 * instances send is published on the local feed as `{ remote: true }`, which is never sent
 * back out. Their render caches and content caches so drop what the write made stale.
 * Through Redis PUBLISH/SUBSCRIBE when REDIS_URL is set, otherwise through PostgreSQL
 * LISTEN/NOTIFY; SQLite without Redis is one process and needs no relay.
 */
export interface ChangeRelay {
  /** Resolves the first time the relay listens; never rejects (it keeps trying). */
  listening: Promise<void>;
  /** Whether it hears the other instances right now. */
  isListening(): boolean;
  /** Stops relaying; the connections it was given are closed by their owner. */
  close(): Promise<void>;
}

/**
 * Published on the local feed when the relay listens again after a lost connection, and
 * sent to the others when a change could not be sent: what was written meanwhile was not
 * heard, so every copy is dropped once.
 */
export const RESYNC_TOPIC = "relay-resync";

/** What goes over the wire: small, and checked on arrival like any other input. */
const relayMessage = z.object({
  from: z.string().min(1).max(64),
  topic: z.string().min(1).max(200),
});

/** The part both relays share: who we are, what we send, what we accept. */
function relayCore(changes: ChangeFeed, warn: ThrottledWarning) {
  const instance = randomUUID();
  let markListening!: () => void;
  const listening = new Promise<void>((resolve) => {
    markListening = resolve;
  });
  let heard = false;
  let everListened = false;
  return {
    listening,
    encode: (topic: string) => JSON.stringify({ from: instance, topic }),
    receive(raw: string): void {
      let parsed;
      try {
        parsed = relayMessage.safeParse(JSON.parse(raw));
      } catch (error) {
        warn("relay-message", error, "the change relay ignored a message that is not JSON");
        return;
      }
      if (!parsed.success) {
        warn("relay-message", parsed.error, "the change relay ignored a malformed message");
        return;
      }
      // Our own writes went to our feed when they were made.
      if (parsed.data.from === instance) return;
      changes.publish(parsed.data.topic, { remote: true });
    },
    /** The relay listens (again). */
    up(): void {
      heard = true;
      // Writes elsewhere while we were not listening were missed: drop every copy once.
      if (everListened) changes.publish(RESYNC_TOPIC, { remote: true });
      everListened = true;
      markListening();
    },
    down(): void {
      heard = false;
    },
    isListening: () => heard,
  };
}

export interface RedisRelayOptions {
  changes: ChangeFeed;
  /** Sends; may be shared with other work (the rate limits). */
  publisher: Redis;
  /** Listens: a connection of its own, as one in SUBSCRIBE mode can do nothing else. */
  subscriber: Redis;
  channel: string;
  warn: ThrottledWarning;
}

export function relayThroughRedis(options: RedisRelayOptions): ChangeRelay {
  const { changes, publisher, subscriber, channel, warn } = options;
  const core = relayCore(changes, warn);
  let missed = false;

  const send = (topic: string) => {
    publisher.publish(channel, core.encode(topic)).then(
      () => {},
      (error: unknown) => {
        missed = true;
        warn(
          "relay-send",
          error,
          "a change could not be sent to the other instances through Redis: they may show older pages until it is back",
        );
      },
    );
  };
  const stop = changes.subscribe((topic, origin) => {
    if (!origin.remote) send(topic);
  });
  const onPublisherReady = () => {
    if (!missed) return;
    missed = false;
    send(RESYNC_TOPIC);
  };
  publisher.on("ready", onPublisherReady);

  const onMessage = (from: string, message: string) => {
    if (from === channel) core.receive(message);
  };
  // Subscribed on every (re)connection rather than by ioredis's autoResubscribe, so that
  // the relay knows when it listens again and can drop what it may have missed.
  const onSubscriberReady = () => {
    subscriber.subscribe(channel).then(core.up, (error: unknown) => {
      warn("relay-subscribe", error, "the change relay could not subscribe to Redis; retrying");
      // A connection that is up but refused the subscription: try again on a new one.
      if (subscriber.status === "ready") subscriber.disconnect(true);
    });
  };
  const onSubscriberClose = () => core.down();
  subscriber.on("message", onMessage);
  subscriber.on("ready", onSubscriberReady);
  subscriber.on("close", onSubscriberClose);
  if (subscriber.status === "ready") onSubscriberReady();

  return {
    listening: core.listening,
    isListening: core.isListening,
    async close() {
      stop();
      publisher.off("ready", onPublisherReady);
      subscriber.off("message", onMessage);
      subscriber.off("ready", onSubscriberReady);
      subscriber.off("close", onSubscriberClose);
    },
  };
}

/**
 * The NOTIFY channel of a database schema: tests on separate schemas of one database, and
 * sites sharing one, do not hear each other. PostgreSQL cuts identifiers at 63 bytes, so a
 * long schema name is hashed instead.
 */
export function postgresChannel(schema: string | undefined): string {
  const name = `agency_changes_${schema ?? "public"}`;
  if (name.length <= 63) return name;
  return `agency_changes_${createHash("sha256")
    .update(schema ?? "")
    .digest("hex")
    .slice(0, 40)}`;
}

export interface PostgresRelayOptions {
  changes: ChangeFeed;
  /** Where the listening connection goes (config.database.url). */
  url: string;
  schema?: string;
  /** Sends: NOTIFY through the app's own pool. */
  db: QueryExecutorProvider;
  warn: ThrottledWarning;
}

const RETRY_MS = 200;
const MAX_RETRY_MS = 2000;

export function relayThroughPostgres(options: PostgresRelayOptions): ChangeRelay {
  const { changes, url, db, warn } = options;
  const channel = postgresChannel(options.schema);
  const core = relayCore(changes, warn);
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let attempts = 0;
  let closed = false;

  const stop = changes.subscribe((topic, origin) => {
    if (origin.remote) return;
    sql`select pg_notify(${channel}, ${core.encode(topic)})`.execute(db).then(
      () => {},
      (error: unknown) =>
        warn(
          "relay-send",
          error,
          "a change could not be sent to the other instances through PostgreSQL NOTIFY",
        ),
    );
  });

  const scheduleConnect = () => {
    attempts += 1;
    retry = setTimeout(
      () => {
        retry = undefined;
        void connect();
      },
      Math.min(RETRY_MS * attempts, MAX_RETRY_MS),
    );
  };

  async function connect(): Promise<void> {
    const connection = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    client = connection;
    let lost = false;
    const onLost = (error: unknown, ended: boolean) => {
      if (lost) return;
      lost = true;
      core.down();
      if (client === connection) client = undefined;
      if (!ended) connection.end().catch(() => {});
      if (closed) return;
      warn(
        "relay-listen",
        error,
        "the change relay lost its PostgreSQL connection: retrying; other instances' changes are not heard meanwhile",
      );
      scheduleConnect();
    };
    connection.on("error", (error) => onLost(error, false));
    connection.on("end", () => onLost(new Error("the connection ended"), true));
    connection.on("notification", (notice) => {
      if (notice.channel === channel && notice.payload) core.receive(notice.payload);
    });
    try {
      await connection.connect();
      // An identifier cannot be a parameter; the name is built from a checked schema name.
      await connection.query(`listen "${channel}"`);
    } catch (error) {
      onLost(error, false);
      return;
    }
    if (closed || lost) return;
    attempts = 0;
    core.up();
  }
  void connect();

  return {
    listening: core.listening,
    isListening: core.isListening,
    async close() {
      closed = true;
      stop();
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
