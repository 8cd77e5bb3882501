import type { Kysely, Selectable } from "kysely";
import type { Database, RedirectsTable } from "../../db/schema.ts";

export type RedirectRow = Selectable<RedirectsTable>;

/** A slice of a list. */
export interface Window {
  limit: number;
  offset: number;
}

/** What an import (or a CSV row) writes: the old address, the new one, the status. */
export interface RedirectWrite {
  from: string;
  to: string;
  status: number;
}

/** One flush's hits of one redirect. */
export interface HitCount {
  id: string;
  hits: number;
  at: string;
}

/** One flush's 404s of one address. */
export interface NotFoundCount {
  path: string;
  hits: number;
  botHits: number;
  first: string;
  last: string;
}

/** LIKE's wildcards in a search typed by staff are the characters themselves. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** The redirects' and 404 counts' SQL, through Kysely only. */
export function createRedirectRepository(db: Kysely<Database>) {
  const searched = (q: string | undefined) =>
    db
      .selectFrom("redirects")
      .$if(q !== undefined && q !== "", (query) =>
        query.where((eb) =>
          eb.or([
            eb("from_path", "like", likeOf(q!.toLowerCase())),
            eb("to_path", "like", likeOf(q!)),
          ]),
        ),
      );
  return {
    /** Every redirect, as the memory map holds them. */
    all: () =>
      db.selectFrom("redirects").select(["id", "from_path", "to_path", "status"]).execute(),
    list: (q: string | undefined, window: Window) =>
      searched(q)
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
    async count(q: string | undefined): Promise<number> {
      const row = await searched(q)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    find: (id: string) =>
      db.selectFrom("redirects").selectAll().where("id", "=", id).executeTakeFirst(),
    findByFrom: (from: string) =>
      db.selectFrom("redirects").selectAll().where("from_path", "=", from).executeTakeFirst(),
    insert: (row: RedirectRow) => db.insertInto("redirects").values(row).execute(),
    async update(id: string, changes: Partial<RedirectRow>): Promise<boolean> {
      const result = await db
        .updateTable("redirects")
        .set(changes)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom("redirects").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /**
     * The redirects an import makes: new ones added, its own earlier ones changed; one that
     * staff made for the same old address stays as they made it.
     */
    async writeImported(
      rows: readonly (RedirectWrite & { id: string })[],
      now: string,
      into: Kysely<Database> = db,
    ): Promise<void> {
      if (rows.length === 0) return;
      await into
        .insertInto("redirects")
        .values(
          rows.map((row) => ({
            id: row.id,
            from_path: row.from,
            to_path: row.to,
            status: row.status,
            hits: 0,
            last_hit_at: null,
            source: "import",
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc
            .column("from_path")
            .doUpdateSet((eb) => ({
              to_path: eb.ref("excluded.to_path"),
              status: eb.ref("excluded.status"),
              updated_at: eb.ref("excluded.updated_at"),
            }))
            .where("redirects.source", "=", "import"),
        )
        .execute();
    },
    /** Adds the hits counted in memory (additive: every instance adds its own). */
    async addHits(counts: readonly HitCount[]): Promise<void> {
      if (counts.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const count of counts) {
          await trx
            .updateTable("redirects")
            .set((eb) => ({ hits: eb("hits", "+", count.hits) }))
            .where("id", "=", count.id)
            .execute();
          await trx
            .updateTable("redirects")
            .set({ last_hit_at: count.at })
            .where("id", "=", count.id)
            .where((eb) => eb.or([eb("last_hit_at", "is", null), eb("last_hit_at", "<", count.at)]))
            .execute();
        }
      });
    },
    /** Adds the 404s counted in memory, then keeps the `keep` addresses seen last. */
    async addNotFound(counts: readonly NotFoundCount[], keep: number): Promise<void> {
      if (counts.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const count of counts) {
          await trx
            .insertInto("not_found")
            .values({
              path: count.path,
              hits: count.hits,
              bot_hits: count.botHits,
              first_seen_at: count.first,
              last_seen_at: count.last,
            })
            .onConflict((oc) =>
              oc.column("path").doUpdateSet((eb) => ({
                hits: eb("not_found.hits", "+", eb.ref("excluded.hits")),
                bot_hits: eb("not_found.bot_hits", "+", eb.ref("excluded.bot_hits")),
                last_seen_at: eb.ref("excluded.last_seen_at"),
              })),
            )
            .execute();
        }
        const { n } = await trx
          .selectFrom("not_found")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        if (Number(n) <= keep) return;
        const edge = await trx
          .selectFrom("not_found")
          .select("last_seen_at")
          .orderBy("last_seen_at", "desc")
          .offset(keep)
          .limit(1)
          .executeTakeFirst();
        if (edge) {
          await trx
            .deleteFrom("not_found")
            .where("last_seen_at", "<=", edge.last_seen_at)
            .execute();
        }
      });
    },
    /** The 404 addresses, seen last first; without `bots`, those visitors asked for. */
    listNotFound: (bots: boolean, window: Window) =>
      db
        .selectFrom("not_found")
        .selectAll()
        .$if(!bots, (query) => query.where("hits", ">", 0))
        .orderBy("last_seen_at", "desc")
        .orderBy("path")
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
    async countNotFound(bots: boolean): Promise<number> {
      const row = await db
        .selectFrom("not_found")
        .$if(!bots, (query) => query.where("hits", ">", 0))
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async removeNotFound(path: string): Promise<boolean> {
      const result = await db.deleteFrom("not_found").where("path", "=", path).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type RedirectRepository = ReturnType<typeof createRedirectRepository>;
