import type { Kysely } from "kysely";

// The per-account sign-in lock: failures for one e-mail from any address within an hour
// are counted by e-mail and time, old ones are pruned by time, and the admin is mailed at
// most once an hour when the lock closes (lock_notified_at).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admins").addColumn("lock_notified_at", "text").execute();
  await db.schema
    .createIndex("login_attempts_email_attempted_at_idx")
    .on("login_attempts")
    .columns(["email", "attempted_at"])
    .execute();
  await db.schema
    .createIndex("login_attempts_attempted_at_idx")
    .on("login_attempts")
    .column("attempted_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("login_attempts_attempted_at_idx").execute();
  await db.schema.dropIndex("login_attempts_email_attempted_at_idx").execute();
  await db.schema.alterTable("admins").dropColumn("lock_notified_at").execute();
}
