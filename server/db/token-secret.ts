import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

const KEY = "token_secret";

/**
 * The secret that signs sign-in tokens when TOKEN_SECRET is not set: kept in the database
 * (`meta.token_secret`), so every instance on one database signs and checks with the same
 * key, without extra configuration. The first instance to start creates it; one that starts
 * at the same moment loses the insert and reads the winner's. An installation from before
 * this version kept its secret in DATA_DIR/token-secret: that one is adopted, so nobody is
 * signed out by the upgrade.
 */
export async function sharedTokenSecret(db: Kysely<Database>, dataDir: string): Promise<string> {
  const stored = await read(db);
  if (stored) return stored;
  const legacy = (
    await readFile(path.join(dataDir, "token-secret"), "utf8").catch(() => "")
  ).trim();
  const secret = legacy.length >= 32 ? legacy : randomBytes(48).toString("base64url");
  await db
    .insertInto("meta")
    .values({ key: KEY, value: secret, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const kept = await read(db);
  if (!kept) throw new Error("the token secret could not be stored");
  return kept;
}

async function read(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", KEY).executeTakeFirst();
  return row && row.value.length >= 32 ? row.value : undefined;
}
