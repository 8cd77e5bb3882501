import type { Kysely } from "kysely";
import type { AuthSettings } from "../../../common/schemas/sign-in.ts";
import type { Database } from "../../db/schema.ts";
import { RESYNC_TOPIC } from "../../lib/change-relay.ts";
import type { ChangeFeed } from "../../lib/changes.ts";

// The owners' sign-in settings (issue 34): whether everyone must have a second step. One
// row of auth_settings ("auth"), written the first time an owner saves; until then off.
// Every authenticated request asks whether the requirement is on, so the value is kept in
// memory and read again only when a save is heard on the change feed (from this instance
// or, through the change relay, another) or the relay lost messages; and at most a minute
// old, for an instance that has no relay.

/** The change feed's topic of a saved sign-in setting. */
export const AUTH_SETTINGS_TOPIC = "auth-settings";
const ROW = "auth";
/** The longest a cached setting is kept without a word on the feed. */
export const AUTH_SETTINGS_MAX_AGE_MS = 60_000;

export async function readAuthSettings(db: Kysely<Database>): Promise<AuthSettings> {
  const row = await db
    .selectFrom("auth_settings")
    .select("require_second_step")
    .where("id", "=", ROW)
    .executeTakeFirst();
  return { requireSecondStep: Number(row?.require_second_step ?? 0) === 1 };
}

export function createAuthSettings(deps: {
  db: Kysely<Database>;
  changes: ChangeFeed;
  clock?: () => number;
}) {
  const { db, changes } = deps;
  const clock = deps.clock ?? Date.now;
  let cached: { at: number; value: Promise<AuthSettings> } | undefined;
  let writes = 0;
  changes.subscribe((topic) => {
    if (topic !== AUTH_SETTINGS_TOPIC && topic !== RESYNC_TOPIC) return;
    writes += 1;
    cached = undefined;
  });

  /** The settings, from memory unless a save was heard since (or a minute passed). */
  function read(): Promise<AuthSettings> {
    const now = Date.now();
    if (cached && now - cached.at < AUTH_SETTINGS_MAX_AGE_MS) return cached.value;
    const version = writes;
    const value = readAuthSettings(db);
    const entry = { at: now, value };
    cached = entry;
    value.then(
      () => {
        // A read that began before a save must not be kept after it.
        if (writes !== version && cached === entry) cached = undefined;
      },
      () => {
        if (cached === entry) cached = undefined;
      },
    );
    return value;
  }

  return {
    read,
    /** Writes the one row and announces it; answers before and after. */
    async save(input: AuthSettings): Promise<{ before: AuthSettings; after: AuthSettings }> {
      const before = await readAuthSettings(db);
      const values = {
        require_second_step: input.requireSecondStep ? 1 : 0,
        updated_at: new Date(clock()).toISOString(),
      };
      await db
        .insertInto("auth_settings")
        .values({ id: ROW, ...values })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
      changes.publish(AUTH_SETTINGS_TOPIC);
      return { before, after: { requireSecondStep: input.requireSecondStep } };
    },
  };
}
export type AuthSettingsStore = ReturnType<typeof createAuthSettings>;
