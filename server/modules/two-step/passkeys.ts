import { randomUUID } from "node:crypto";
import { isIP } from "node:net";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely, Selectable } from "kysely";
import { passkeyMessages, signInMessages, type Passkey } from "../../../common/schemas/sign-in.ts";
import type { AdminPasskeysTable, Database } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound, Unauthorized } from "../../errors.ts";

// Passkeys (WebAuthn) of the staff (issue 34): added on My account, used to sign in without
// a password (a discoverable credential: no e-mail typed) or as the second step after one.
// The relying party is PUBLIC_ORIGIN: its host name is the rpID, the origin the expected
// origin. A ceremony's challenge is a row of webauthn_challenges, so any instance finishes
// what another began, and it is taken by one conditional delete: used once, 5 minutes.

/** Minutes a passkey ceremony's challenge stays good. */
export const CHALLENGE_MINUTES = 5;
/**
 * EdDSA, ES256, RS256: what passkey providers use. Named, since the library's default asks
 * the runtime about ML-DSA, an experimental Web Crypto part that prints a warning.
 */
const ALGORITHMS = [-8, -7, -257];
/** The most passkeys one account may have. */
export const MAX_PASSKEYS = 20;

type PasskeyRow = Selectable<AdminPasskeysTable>;
type Purpose = "register" | "sign-in";

/** Passkeys need a domain name: browsers refuse an IP address as the relying party. */
export function passkeysAvailableAt(publicOrigin: string): boolean {
  const host = new URL(publicOrigin).hostname.replace(/^\[|\]$/g, "");
  return isIP(host) === 0;
}

export interface PasskeyServiceDeps {
  db: Kysely<Database>;
  publicOrigin: string;
  /** The agency's name, shown by the browser when a passkey is made. */
  rpName: () => Promise<string>;
  clock?: () => number;
}

export interface PasskeyOwner {
  id: string;
  email: string;
  name: string;
}

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  backedUp: row.backed_up === 1,
});

const transportsOf = (row: Pick<PasskeyRow, "transports">): AuthenticatorTransport[] => {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed)
      ? parsed.filter((item): item is AuthenticatorTransport => typeof item === "string")
      : [];
  } catch {
    return [];
  }
};

export function createPasskeyService(deps: PasskeyServiceDeps) {
  const { db, publicOrigin, clock = Date.now } = deps;
  const origin = publicOrigin;
  const rpID = new URL(publicOrigin).hostname;
  const available = passkeysAvailableAt(publicOrigin);

  const assertAvailable = () => {
    if (!available) throw new Conflict(passkeyMessages.passkeysUnavailable);
  };

  const rowsOf = (adminId: string) =>
    db
      .selectFrom("admin_passkeys")
      .selectAll()
      .where("admin_id", "=", adminId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();

  /** Stores a ceremony's challenge (and drops the expired ones); answers its id. */
  async function storeChallenge(
    purpose: Purpose,
    adminId: string | null,
    challenge: string,
  ): Promise<string> {
    const now = clock();
    await db
      .deleteFrom("webauthn_challenges")
      .where("expires_at", "<=", new Date(now).toISOString())
      .execute();
    const id = randomUUID();
    await db
      .insertInto("webauthn_challenges")
      .values({
        id,
        purpose,
        admin_id: adminId,
        challenge,
        expires_at: new Date(now + CHALLENGE_MINUTES * 60_000).toISOString(),
      })
      .execute();
    return id;
  }

  /**
   * Takes a challenge for its one use: read, then deleted by a conditional delete that only
   * one caller (on any instance) wins. Undefined when it is unknown, used, expired, or made
   * for another purpose or account.
   */
  async function takeChallenge(
    id: string,
    purpose: Purpose,
    adminId: string | null,
  ): Promise<string | undefined> {
    const now = new Date(clock()).toISOString();
    const row = await db
      .selectFrom("webauthn_challenges")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    const taken = await db
      .deleteFrom("webauthn_challenges")
      .where("id", "=", id)
      .where("challenge", "=", row.challenge)
      .executeTakeFirst();
    if (Number(taken.numDeletedRows) !== 1) return undefined;
    if (row.purpose !== purpose || row.admin_id !== adminId || row.expires_at <= now) {
      return undefined;
    }
    return row.challenge;
  }

  return {
    /** Whether passkeys can work on this site (PUBLIC_ORIGIN names a domain, not an IP). */
    available,

    /** An account's passkeys, oldest first. */
    async list(adminId: string): Promise<Passkey[]> {
      return (await rowsOf(adminId)).map(toPasskey);
    },

    /** The options of navigator.credentials.create() for a new passkey of `admin`. */
    async registrationOptions(admin: PasskeyOwner) {
      assertAvailable();
      const existing = await rowsOf(admin.id);
      if (existing.length >= MAX_PASSKEYS) throw new Conflict(passkeyMessages.tooManyPasskeys);
      const options = await generateRegistrationOptions({
        rpName: await deps.rpName(),
        rpID,
        userName: admin.email,
        userDisplayName: admin.name || admin.email,
        userID: new TextEncoder().encode(admin.id),
        attestationType: "none",
        excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      const challengeId = await storeChallenge("register", admin.id, options.challenge);
      return { challengeId, options: { ...options } as Record<string, unknown> };
    },

    /**
     * Checks the browser's answer to `registrationOptions` and keeps the passkey under
     * `name`. A failed check or a used or expired challenge is 400 (the admin stays signed in).
     */
    async register(
      admin: PasskeyOwner,
      challengeId: string,
      name: string,
      response: Record<string, unknown>,
    ): Promise<Passkey> {
      assertAvailable();
      const challenge = await takeChallenge(challengeId, "register", admin.id);
      if (!challenge) throw new Invalid(signInMessages.passkeyFailed);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
          supportedAlgorithmIDs: ALGORITHMS,
        });
      } catch {
        throw new Invalid(signInMessages.passkeyFailed);
      }
      if (!verified.verified) throw new Invalid(signInMessages.passkeyFailed);
      const { credential, credentialBackedUp } = verified.registrationInfo;
      const known = await db
        .selectFrom("admin_passkeys")
        .select("id")
        .where("id", "=", credential.id)
        .executeTakeFirst();
      if (known) throw new Conflict(passkeyMessages.passkeyKnown);
      const row: PasskeyRow = {
        id: credential.id,
        admin_id: admin.id,
        name,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        backed_up: credentialBackedUp ? 1 : 0,
        created_at: new Date(clock()).toISOString(),
        last_used_at: null,
      };
      await db.insertInto("admin_passkeys").values(row).execute();
      return toPasskey(row);
    },

    /** Renames one of the admin's passkeys; 404 for another's or an unknown one. */
    async rename(adminId: string, id: string, name: string) {
      const row = await db
        .selectFrom("admin_passkeys")
        .selectAll()
        .where("id", "=", id)
        .where("admin_id", "=", adminId)
        .executeTakeFirst();
      if (!row) throw new NotFound(passkeyMessages.passkeyNotFound);
      await db
        .updateTable("admin_passkeys")
        .set({ name })
        .where("id", "=", id)
        .where("admin_id", "=", adminId)
        .execute();
      return { before: toPasskey(row), after: toPasskey({ ...row, name }) };
    },

    /** The admin's passkeys added since `since` (ISO), newest first. */
    async addedSince(adminId: string, since: string): Promise<Passkey[]> {
      const rows = await db
        .selectFrom("admin_passkeys")
        .selectAll()
        .where("admin_id", "=", adminId)
        .where("created_at", ">=", since)
        .orderBy("created_at", "desc")
        .orderBy("id")
        .execute();
      return rows.map(toPasskey);
    },

    /** Removes those of `ids` that are the admin's passkeys; answers the ones removed. */
    async removeSome(adminId: string, ids: readonly string[]): Promise<Passkey[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .deleteFrom("admin_passkeys")
        .where("admin_id", "=", adminId)
        .where("id", "in", [...new Set(ids)])
        .returningAll()
        .execute();
      return rows.map(toPasskey);
    },

    /** Removes one of the admin's passkeys; answers it; 404 for another's or an unknown one. */
    async remove(adminId: string, id: string): Promise<Passkey> {
      const row = await db
        .selectFrom("admin_passkeys")
        .selectAll()
        .where("id", "=", id)
        .where("admin_id", "=", adminId)
        .executeTakeFirst();
      if (!row) throw new NotFound(passkeyMessages.passkeyNotFound);
      const gone = await db
        .deleteFrom("admin_passkeys")
        .where("id", "=", id)
        .where("admin_id", "=", adminId)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) throw new NotFound(passkeyMessages.passkeyNotFound);
      return toPasskey(row);
    },

    /**
     * The options of navigator.credentials.get(). Without `adminId` any passkey of the site
     * may answer (discoverable: no e-mail typed) and the person must be verified; with it
     * (the second step after a password) only that account's passkeys.
     */
    async signInOptions(adminId?: string) {
      assertAvailable();
      let allowCredentials: { id: string; transports: AuthenticatorTransport[] }[] = [];
      if (adminId) {
        const rows = await rowsOf(adminId);
        if (rows.length === 0) throw new Conflict(passkeyMessages.noPasskey);
        allowCredentials = rows.map((row) => ({ id: row.id, transports: transportsOf(row) }));
      }
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials,
        userVerification: adminId ? "preferred" : "required",
      });
      const challengeId = await storeChallenge("sign-in", adminId ?? null, options.challenge);
      return { challengeId, options: { ...options } as Record<string, unknown> };
    },

    /**
     * Checks the browser's answer to `signInOptions` and answers whose passkey it is: 401
     * unknownPasskey for a credential the site does not know (or, with `adminId`, another
     * account's), 401 passkeyFailed for a failed check or a used or expired challenge. The
     * counter, last use and backup state are kept.
     */
    async signIn(
      challengeId: string,
      response: Record<string, unknown>,
      adminId?: string,
    ): Promise<string> {
      assertAvailable();
      const challenge = await takeChallenge(challengeId, "sign-in", adminId ?? null);
      if (!challenge) throw new Unauthorized(signInMessages.passkeyFailed);
      const credentialId = typeof response.id === "string" ? response.id : "";
      if (!/^[A-Za-z0-9_-]{1,1400}$/.test(credentialId)) {
        throw new Unauthorized(signInMessages.passkeyFailed);
      }
      const row = await db
        .selectFrom("admin_passkeys")
        .selectAll()
        .where("id", "=", credentialId)
        .executeTakeFirst();
      if (!row) throw new Unauthorized(signInMessages.unknownPasskey);
      if (adminId && row.admin_id !== adminId) {
        throw new Unauthorized(signInMessages.passkeyFailed);
      }
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: row.id,
            publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
            counter: row.counter,
            transports: transportsOf(row),
          },
          requireUserVerification: !adminId,
        });
      } catch {
        throw new Unauthorized(signInMessages.passkeyFailed);
      }
      if (!verified.verified) throw new Unauthorized(signInMessages.passkeyFailed);
      const { newCounter, credentialBackedUp } = verified.authenticationInfo;
      // The counter only grows: a write that finds it moved on (a cloned key racing this
      // one on another instance) fails the sign-in.
      const kept = await db
        .updateTable("admin_passkeys")
        .set({
          counter: newCounter,
          last_used_at: new Date(clock()).toISOString(),
          backed_up: credentialBackedUp ? 1 : 0,
        })
        .where("id", "=", row.id)
        .where("counter", "=", row.counter)
        .executeTakeFirst();
      if (Number(kept.numUpdatedRows) !== 1) throw new Unauthorized(signInMessages.passkeyFailed);
      return row.admin_id;
    },
  };
}
export type PasskeyService = ReturnType<typeof createPasskeyService>;
