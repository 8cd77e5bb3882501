import type { Kysely } from "kysely";

// Staff sign-in as strong as a bank's (issue 34, decision 0038).
//
// - admin_sessions: one row per signed-in browser or client. A token carries its session's
//   id (claim `sid`); the token is valid only while the row is there, so ending a session is
//   deleting its row, seen by every instance at the next request. Rows past `expires_at`
//   (the token's own expiry) are pruned.
// - admin_known_devices: the devices (browser family, system, network) an admin has signed
//   in from, by a SHA-256 key: a sign-in from a device not in it mails the person.
// - admin_totp: the authenticator-app secret (RFC 6238). `confirmed_at` is null until one
//   code confirmed it; `last_step` is the time step of the last code taken, so no code
//   (and no earlier one) is taken twice.
// - admin_recovery_codes: ten single-use codes, by SHA-256, made when the app is confirmed.
// - admin_passkeys: WebAuthn credentials (id and public key as base64url).
// - webauthn_challenges: the challenge of a passkey ceremony under way, so any instance can
//   finish what another began; used once, 5 minutes.
// - auth_settings: one row ("auth"): whether owners require a second step for everyone.
//
// Every admin_id references admins.id ON DELETE CASCADE: a removed person's sessions,
// devices and second steps go with them.

export async function up(db: Kysely<unknown>): Promise<void> {
  const adminRef = "admins.id";

  await db.schema
    .createTable("admin_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references(adminRef).onDelete("cascade"))
    /** The User-Agent header as sent (cut to 300 characters). */
    .addColumn("user_agent", "text", (c) => c.notNull())
    /** "Chrome 131", "Firefox", "" when unknown (bowser). */
    .addColumn("browser", "text", (c) => c.notNull())
    /** "Android 14", "Windows", "" when unknown. */
    .addColumn("os", "text", (c) => c.notNull())
    /** The client address cut to its network: "102.89.34.0/24", "2c0f:2a80:10::/48". */
    .addColumn("network", "text", (c) => c.notNull())
    /** "password", "passkey", "password+totp", "password+recovery", "password+passkey", "link". */
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("admin_sessions_admin_idx")
    .on("admin_sessions")
    .columns(["admin_id", "last_seen_at"])
    .execute();
  await db.schema
    .createIndex("admin_sessions_expires_idx")
    .on("admin_sessions")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("admin_known_devices")
    .addColumn("admin_id", "text", (c) => c.notNull().references(adminRef).onDelete("cascade"))
    /** SHA-256 hex of browser family, system and network. */
    .addColumn("device_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("admin_known_devices_pk", ["admin_id", "device_key"])
    .execute();

  await db.schema
    .createTable("admin_totp")
    .addColumn("admin_id", "text", (c) => c.primaryKey().references(adminRef).onDelete("cascade"))
    /** Base32, 20 random bytes. */
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    /** The 30-second time step of the last code taken; null before the first. */
    .addColumn("last_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("admin_recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references(adminRef).onDelete("cascade"))
    /** SHA-256 hex of the code as shown, lower-case, without its hyphen. */
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("admin_recovery_codes_admin_idx")
    .on("admin_recovery_codes")
    .columns(["admin_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("admin_passkeys")
    /** The credential id, base64url. */
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references(adminRef).onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    /** The COSE public key, base64url. */
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
    /** JSON array of the authenticator's transports ("internal", "hybrid"…). */
    .addColumn("transports", "text", (c) => c.notNull().defaultTo("[]"))
    /** 1 when the passkey is synced (backed up) by its provider. */
    .addColumn("backed_up", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema
    .createIndex("admin_passkeys_admin_idx")
    .on("admin_passkeys")
    .column("admin_id")
    .execute();

  await db.schema
    .createTable("webauthn_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** "register" or "sign-in". */
    .addColumn("purpose", "text", (c) => c.notNull())
    /** Who registers, or whose second step it is; null for a passkey sign-in. */
    .addColumn("admin_id", "text", (c) => c.references(adminRef).onDelete("cascade"))
    .addColumn("challenge", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("auth_settings")
    /** Always "auth". */
    .addColumn("id", "text", (c) => c.primaryKey())
    /** 1: everyone must have a passkey or an authenticator app. */
    .addColumn("require_second_step", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "auth_settings",
    "webauthn_challenges",
    "admin_passkeys",
    "admin_recovery_codes",
    "admin_totp",
    "admin_known_devices",
    "admin_sessions",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
