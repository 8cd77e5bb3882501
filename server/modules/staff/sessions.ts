import { createHash, randomUUID } from "node:crypto";
import Bowser from "bowser";
import type { Kysely, Selectable } from "kysely";
import type { StaffSession } from "../../../common/schemas/sign-in.ts";
import type { AdminsTable, Database } from "../../db/schema.ts";
import type { Notifier } from "../../mail/notifier.ts";
import { networkOf } from "../traffic/visitor-key.ts";
import type { TokenClaims, TokenSigner } from "./tokens.ts";
import type { SignInContext, SignInMethod } from "./types.ts";

// The sessions (devices) of the staff (issue 34, decision 0038). Every sign-in of any kind
// ends in `start`, which writes an admin_sessions row and signs a token naming it (`sid`);
// every authenticated request passes `isLive`, which finds the row. Ending a session is
// deleting its row: every instance on the database sees it at that session's next request.

export type AdminRow = Selectable<AdminsTable>;

/** The User-Agent kept with a session, at most this long. */
export const USER_AGENT_KEPT = 300;
/** A session's last_seen_at is written at most this often (ms). */
export const SEEN_EVERY_MS = 60_000;

export interface SessionStoreDeps {
  db: Kysely<Database>;
  tokens: TokenSigner;
  /** Tells a person of a sign-in from a new device. */
  notifier: Pick<Notifier, "newSignIn">;
  /** How long a token (and so its session) lasts: TOKEN_TTL. */
  tokenTtlSeconds: number;
  clock?: () => number;
}

/** What a User-Agent says: names for the Devices list, and families for the device key. */
export interface DeviceDescription {
  /** "Chrome 131", "" when unknown. */
  browser: string;
  /** "Android 14", "Windows 10", "macOS", "" when unknown. */
  os: string;
  /** "Chrome", "Android": what stays the same across updates (the device key). */
  browserName: string;
  osName: string;
}

const major = (version: string | undefined) => /^\d+/.exec(version ?? "")?.[0] ?? "";

/**
 * The browser and system of a User-Agent (bowser), e.g. "Chrome 131" on "Android 14".
 * macOS and Linux get no version (Safari and Chrome freeze macOS's at 10.15.7); Windows is
 * named by its version name ("10"); an unknown one is "".
 */
export function describeDevice(userAgent: string): DeviceDescription {
  if (!userAgent.trim()) return { browser: "", os: "", browserName: "", osName: "" };
  const parsed = Bowser.parse(userAgent);
  const browserName = parsed.browser.name ?? "";
  const osName = parsed.os.name ?? "";
  const browserVersion = major(parsed.browser.version);
  let osVersion = "";
  if (osName === "Windows") osVersion = parsed.os.versionName ?? "";
  else if (osName !== "macOS" && osName !== "Linux") osVersion = major(parsed.os.version);
  const join = (name: string, version: string) => (name && version ? `${name} ${version}` : name);
  return {
    browser: join(browserName, browserVersion),
    os: join(osName, osVersion),
    browserName,
    osName,
  };
}

/**
 * The device key of a sign-in: SHA-256 of the admin, the browser's and system's names (not
 * their versions: an update is the same device) and the network.
 */
export function deviceKey(adminId: string, device: DeviceDescription, network: string): string {
  return createHash("sha256")
    .update([adminId, device.browserName, device.osName, network].join("\n"))
    .digest("hex");
}

export function createSessionStore(deps: SessionStoreDeps) {
  const { db, tokens, notifier, tokenTtlSeconds, clock = Date.now } = deps;
  const iso = (ms: number) => new Date(ms).toISOString();

  /**
   * Notes the device as known to the admin; a device new to an account that already had
   * one mails the person (not awaited: the sign-in does not wait for the mail). The very
   * first sign-in of an account mails nobody. Concurrent sign-ins from one new device
   * insert one row (the primary key), so they mail once.
   */
  async function noteDevice(
    admin: AdminRow,
    device: DeviceDescription,
    network: string,
    now: number,
  ): Promise<void> {
    const key = deviceKey(admin.id, device, network);
    const at = iso(now);
    const inserted = await db
      .insertInto("admin_known_devices")
      .values({ admin_id: admin.id, device_key: key, created_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(["admin_id", "device_key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      await db
        .updateTable("admin_known_devices")
        .set({ last_seen_at: at })
        .where("admin_id", "=", admin.id)
        .where("device_key", "=", key)
        .execute();
      return;
    }
    const other = await db
      .selectFrom("admin_known_devices")
      .select("device_key")
      .where("admin_id", "=", admin.id)
      .where("device_key", "<>", key)
      .limit(1)
      .executeTakeFirst();
    if (!other) return;
    void notifier.newSignIn({
      email: admin.email,
      browser: device.browser,
      os: device.os,
      network,
      at: new Date(now),
    });
  }

  const toSession = (
    row: Pick<
      Selectable<Database["admin_sessions"]>,
      "id" | "browser" | "os" | "network" | "method" | "created_at" | "last_seen_at"
    >,
    currentId: string | undefined,
  ): StaffSession => ({
    id: row.id,
    browser: row.browser,
    os: row.os,
    network: row.network,
    method: row.method,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === currentId,
  });

  return {
    /**
     * Records a new session of the admin (browser, system, network from `context`), mails
     * the person when the device is new to the account, and answers the session's token.
     */
    async start(admin: AdminRow, context: SignInContext, method: SignInMethod): Promise<string> {
      const now = clock();
      const userAgent = context.userAgent.slice(0, USER_AGENT_KEPT);
      const device = describeDevice(userAgent);
      const network = networkOf(context.ip);
      const id = randomUUID();
      // Sessions past their token's expiry count for nothing: an indexed delete.
      await db.deleteFrom("admin_sessions").where("expires_at", "<=", iso(now)).execute();
      await db
        .insertInto("admin_sessions")
        .values({
          id,
          admin_id: admin.id,
          user_agent: userAgent,
          browser: device.browser,
          os: device.os,
          network,
          method,
          created_at: iso(now),
          last_seen_at: iso(now),
          expires_at: iso(now + tokenTtlSeconds * 1000),
        })
        .execute();
      await noteDevice(admin, device, network, now);
      return tokens.sign(
        {
          adminId: admin.id,
          email: admin.email,
          sessionVersion: admin.session_version,
          sessionId: id,
        },
        now,
      );
    },

    /**
     * Whether the token's session is still there (one query by primary key); notes it as
     * seen, at most once a minute (one conditional update, so concurrent requests write
     * once). A token without a session (signed before sessions were kept) is not live.
     */
    async isLive(claims: TokenClaims): Promise<boolean> {
      if (!claims.sessionId) return false;
      const now = clock();
      const row = await db
        .selectFrom("admin_sessions")
        .select("last_seen_at")
        .where("id", "=", claims.sessionId)
        .where("admin_id", "=", claims.adminId)
        .where("expires_at", ">", iso(now))
        .executeTakeFirst();
      if (!row) return false;
      const stale = iso(now - SEEN_EVERY_MS);
      if (row.last_seen_at <= stale) {
        // Best effort: a database that takes no writes (locked, read-only, going away) must
        // not turn a signed-in read into an error; the next request notes it.
        await db
          .updateTable("admin_sessions")
          .set({ last_seen_at: iso(now) })
          .where("id", "=", claims.sessionId)
          .where("last_seen_at", "<=", stale)
          .execute()
          .catch(() => undefined);
      }
      return true;
    },

    /** The admin's sessions, last seen first; `currentId` (the asking token's) is marked. */
    async list(adminId: string, currentId: string | undefined): Promise<StaffSession[]> {
      const rows = await db
        .selectFrom("admin_sessions")
        .select(["id", "browser", "os", "network", "method", "created_at", "last_seen_at"])
        .where("admin_id", "=", adminId)
        .where("expires_at", ">", iso(clock()))
        .orderBy("last_seen_at", "desc")
        .orderBy("created_at", "desc")
        .orderBy("id")
        .execute();
      return rows.map((row) => toSession(row, currentId));
    },

    /** Ends one session of the admin; answers it, or undefined when the admin has no such. */
    async end(adminId: string, sessionId: string): Promise<StaffSession | undefined> {
      const row = await db
        .deleteFrom("admin_sessions")
        .where("id", "=", sessionId)
        .where("admin_id", "=", adminId)
        .returning(["id", "browser", "os", "network", "method", "created_at", "last_seen_at"])
        .executeTakeFirst();
      return row ? toSession(row, undefined) : undefined;
    },

    /** Ends every session of the admin but `keepId`; answers how many ended. */
    async endOthers(adminId: string, keepId: string | undefined): Promise<number> {
      let query = db.deleteFrom("admin_sessions").where("admin_id", "=", adminId);
      if (keepId) query = query.where("id", "<>", keepId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Ends every session of the admin. */
    async endAll(adminId: string): Promise<void> {
      await db.deleteFrom("admin_sessions").where("admin_id", "=", adminId).execute();
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
