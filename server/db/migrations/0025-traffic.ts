import type { Kysely } from "kysely";

// The site's own visitor statistics (issue 33, decision 0037).
//
// Nothing here names a person. A visitor is a keyed hash of (the salt of the day, a
// truncated address, a browser family) that lives only in memory (and in Redis, with
// REDIS_URL) for the day it was made; the tables hold counts per calendar day in the site's
// time zone, written as additive upserts (views = views + n) a few seconds after the
// beacons, so several instances on one database add up instead of overwriting each other.
//
// - traffic_salts: the random salt of each day; a new day's row replaces the old ones,
//   which are deleted, so no two days can be linked.
// - traffic_pages: per day × path × source × device class: the visitors who viewed that
//   path (each once a day) and the views.
// - traffic_visitors: per day × source × campaign × device class: each visitor once a day
//   (under the source, campaign and device of their first view that day) and every view.
//   Summed over a range it gives the visitors, page views, sources, campaigns and devices.
// - traffic_settings: one row ("traffic"), written the first time an owner saves it.
// - admins.weekly_report: whether an owner gets the weekly report mail (on by default).
// - notification_outbox.enquiry_id becomes subject_id: the outbox now also carries the
//   weekly report, whose subject is "<admin id>/<monday>".

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("traffic_salts")
    /** yyyy-mm-dd in the site's time zone. */
    .addColumn("day", "text", (c) => c.primaryKey())
    /** 32 random bytes as hex. */
    .addColumn("salt", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("traffic_pages")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    /** The source key (common/lead-source.ts sourceKey): "" for direct. */
    .addColumn("source", "text", (c) => c.notNull())
    /** mobile, tablet or desktop (common/traffic.ts). */
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("traffic_pages_pk", ["day", "path", "source", "device"])
    .execute();

  await db.schema
    .createTable("traffic_visitors")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    /** utm_campaign as sent (trimmed), "" when none. */
    .addColumn("campaign", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("traffic_visitors_pk", ["day", "source", "campaign", "device"])
    .execute();

  await db.schema
    .createTable("traffic_settings")
    /** Always "traffic". */
    .addColumn("id", "text", (c) => c.primaryKey())
    /** 1: a browser that sends Sec-GPC: 1 or DNT: 1 is not counted. */
    .addColumn("respect_dnt", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("admins")
    .addColumn("weekly_report", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .alterTable("notification_outbox")
    .renameColumn("enquiry_id", "subject_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("notification_outbox")
    .renameColumn("subject_id", "enquiry_id")
    .execute();
  await db.schema.alterTable("admins").dropColumn("weekly_report").execute();
  await db.schema.dropTable("traffic_settings").execute();
  await db.schema.dropTable("traffic_visitors").execute();
  await db.schema.dropTable("traffic_pages").execute();
  await db.schema.dropTable("traffic_salts").execute();
}
