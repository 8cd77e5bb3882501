import { createSecretKey, randomBytes, type KeyObject } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

// The salt of the day (issue 33, decision 0037): one random value per calendar day in the
// site's time zone, shared by every instance through traffic_salts. The first instance to
// need a day's salt writes it; the others find it there. The days before are deleted in the
// same round, so yesterday's visitor keys can never be made again.

/** Bytes of a new salt (stored as hex). */
const SALT_BYTES = 32;

/**
 * The salt of `day`, made if missing: insert a fresh one unless the day has one (another
 * instance may have written it first), read the day's row back, delete older days. Three
 * statements, once per instance and day.
 */
export async function loadSalt(
  db: Kysely<Database>,
  day: string,
  now: Date = new Date(),
): Promise<Buffer> {
  await db
    .insertInto("traffic_salts")
    .values({ day, salt: randomBytes(SALT_BYTES).toString("hex"), created_at: now.toISOString() })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db
    .selectFrom("traffic_salts")
    .select("salt")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  await db.deleteFrom("traffic_salts").where("day", "<", day).execute();
  return Buffer.from(row.salt, "hex");
}

/**
 * The salt of each day, loaded once per instance (as the HMAC's key object): callers of the same day share one
 * promise (beacons arriving while it loads wait on it). A failed load is forgotten, so the
 * next caller tries again, but not before `retryMs` have passed (a database that is down is
 * not asked once per beacon); until then `get` rejects at once. Every time is the injected
 * clock's (a test moves it instead of waiting).
 */
export function createSaltStore(deps: {
  db: Kysely<Database>;
  clock: () => number;
  retryMs?: number;
}) {
  const retryMs = deps.retryMs ?? 1000;
  let current: { day: string; salt: Promise<KeyObject> } | undefined;
  let failed: { day: string; at: number; error: unknown } | undefined;
  /** The salt once loaded, for the beacons' synchronous path. */
  let ready: { day: string; salt: KeyObject } | undefined;

  return {
    /** The loaded salt of `day`, or undefined until it is there. */
    ready(day: string): KeyObject | undefined {
      return ready?.day === day ? ready.salt : undefined;
    },
    get(day: string): Promise<KeyObject> {
      if (current?.day === day) return current.salt;
      const now = deps.clock();
      if (failed?.day === day && now - failed.at < retryMs) {
        return Promise.reject(failed.error);
      }
      const salt = loadSalt(deps.db, day, new Date(now)).then((bytes) => createSecretKey(bytes));
      const loading = { day, salt };
      current = loading;
      salt.then(
        (value) => {
          if (current === loading) ready = { day, salt: value };
        },
        (error: unknown) => {
          if (current === loading) current = undefined;
          failed = { day, at: deps.clock(), error };
        },
      );
      return salt;
    },
  };
}
export type SaltStore = ReturnType<typeof createSaltStore>;
