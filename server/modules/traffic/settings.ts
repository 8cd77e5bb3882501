import type { Kysely } from "kysely";
import type { TrafficSettings } from "../../../common/schemas/traffic.ts";
import type { Database } from "../../db/schema.ts";
import type { ChangeFeed } from "../../lib/changes.ts";

// The traffic settings (issue 33, decision 0037): whether browsers that send Do Not Track or
// Global Privacy Control are counted. One row of traffic_settings ("traffic"), written the
// first time an owner saves; until then the defaults. A save is announced on the change feed
// under TRAFFIC_TOPIC (which the change relay repeats on every instance), so each instance's
// counter reads the row again.

/** The change feed's topic of a saved traffic setting. */
export const TRAFFIC_TOPIC = "traffic";
const ROW = "traffic";

/** Before an owner saves: every browser is counted (DNT and GPC not honoured). */
export const DEFAULT_TRAFFIC_SETTINGS: TrafficSettings = { respectDnt: false };

/** The settings as stored, or the defaults without a row. */
export async function readTrafficSettings(db: Kysely<Database>): Promise<TrafficSettings> {
  const row = await db
    .selectFrom("traffic_settings")
    .select("respect_dnt")
    .where("id", "=", ROW)
    .executeTakeFirst();
  return row ? { respectDnt: Number(row.respect_dnt) === 1 } : { ...DEFAULT_TRAFFIC_SETTINGS };
}

export function createTrafficSettings(deps: {
  db: Kysely<Database>;
  changes: ChangeFeed;
  clock?: () => number;
}) {
  const { db, changes } = deps;
  const clock = deps.clock ?? Date.now;
  return {
    read: () => readTrafficSettings(db),

    /** Writes the one row (insert or update) and announces it; answers before and after. */
    async save(
      input: TrafficSettings,
    ): Promise<{ before: TrafficSettings; after: TrafficSettings }> {
      const before = await readTrafficSettings(db);
      const values = {
        respect_dnt: input.respectDnt ? 1 : 0,
        updated_at: new Date(clock()).toISOString(),
      };
      await db
        .insertInto("traffic_settings")
        .values({ id: ROW, ...values })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
      changes.publish(TRAFFIC_TOPIC);
      return { before, after: { respectDnt: input.respectDnt } };
    },
  };
}
export type TrafficSettingsService = ReturnType<typeof createTrafficSettings>;
