import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  defaultIdentity,
  siteIdentitySchema,
  type SiteIdentity,
} from "../../../common/schemas/identity.ts";
import type { Database } from "../../db/schema.ts";

/** The Site identity screen's one row. */
export const IDENTITY_ROW = "site";

/**
 * The stored identity as it is now (no cache), or the defaults of a fresh install: for the
 * service below and for the command line, which has no change feed.
 */
export async function readStoredIdentity(
  db: Kysely<Database>,
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<SiteIdentity> {
  const row = await db
    .selectFrom("site_identity")
    .select("data")
    .where("id", "=", IDENTITY_ROW)
    .executeTakeFirst();
  if (!row) return defaultIdentity;
  const parsed = siteIdentitySchema.safeParse(JSON.parse(row.data));
  if (parsed.success) return parsed.data;
  log.warn("the stored site identity does not fit its schema: the defaults are shown");
  return defaultIdentity;
}
