import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type {
  MailStatus,
  SmtpSecurity,
  SmtpSettings,
  SmtpSettingsView,
} from "../../../common/schemas/mail.ts";
import type { Config } from "../../config.ts";
import type { Database, SmtpSettingsTable } from "../../db/schema.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import { RESYNC_TOPIC } from "../../lib/change-relay.ts";
import { mailStatus, type MailSetup, type MailSource } from "../../mail/mailer.ts";

/** The change feed's topic of a saved mail server: every instance reads it again. */
export const MAIL_SETTINGS_TOPIC = "mail-settings";
const ROW_ID = "smtp";

/** The key of the stored password, derived from the token secret (never the secret itself). */
function passwordKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "smtp-password", "agency mail settings", 32));
}

/** The password as stored: "v1:" + base64 of iv (12), tag (16) and AES-256-GCM cipher text. */
export function sealPassword(password: string, secret: string): string {
  if (password === "") return "";
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", passwordKey(secret), iv);
  const body = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

/** The stored password in clear; undefined when it cannot be read (the secret changed). */
export function openPassword(sealed: string, secret: string): string | undefined {
  if (sealed === "") return "";
  if (!sealed.startsWith("v1:")) return undefined;
  try {
    const raw = Buffer.from(sealed.slice(3), "base64");
    const decipher = createDecipheriv("aes-256-gcm", passwordKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** nodemailer's settings for each choice of the Security field. */
const securityOptions: Record<SmtpSecurity, SMTPTransport.Options> = {
  // No encryption at all: not even a STARTTLS the server offers.
  none: { secure: false, ignoreTLS: true },
  // Plain connection, then STARTTLS, or no mail.
  starttls: { secure: false, requireTLS: true },
  tls: { secure: true },
};

/**
 * The mail server of the site (issue 50, item 2): SMTP_URL in the environment wins; else the
 * one an owner saved on the Mail screen (one row, the password encrypted); else none. It is
 * read at start and again whenever a save is announced on the change feed, from this
 * instance or another one (the change relay), so every mailer uses it from its next mail on,
 * without a restart.
 */
export function createMailSettings(deps: {
  db: Kysely<Database>;
  config: Pick<Config, "smtpUrl" | "mailFrom" | "notifyTo">;
  /** The token secret: the password's key is derived from it. */
  secret: () => string;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
}) {
  const { db, config, log } = deps;
  const environment = Boolean(config.smtpUrl);
  let version = 0;
  let row: SmtpSettingsTable | undefined;
  let setup: MailSetup = fromEnvironment();

  function fromEnvironment(): MailSetup {
    return {
      source: environment ? "environment" : "none",
      ...(config.smtpUrl ? { transport: { url: config.smtpUrl } } : {}),
      from: config.mailFrom,
      ...(config.notifyTo ? { notifyTo: config.notifyTo } : {}),
      status: mailStatus(config),
      version,
    };
  }

  function fromRow(stored: SmtpSettingsTable): MailSetup {
    const password = openPassword(stored.password, deps.secret());
    if (password === undefined) {
      // Never the password, nor what is stored of it.
      log.warn(
        "the stored SMTP password cannot be read (the token secret changed): enter it again on the Mail screen",
      );
    }
    const security = stored.security as SmtpSecurity;
    const status: MailStatus = {
      configured: true,
      host: stored.host,
      port: stored.port,
      secure: security === "tls",
      from: stored.from_address,
      notifyTo: stored.notify_to,
    };
    return {
      source: "back-office",
      transport: {
        host: stored.host,
        port: stored.port,
        ...securityOptions[security],
        ...(stored.username ? { auth: { user: stored.username, pass: password ?? "" } } : {}),
      },
      from: stored.from_address,
      ...(stored.notify_to ? { notifyTo: stored.notify_to } : {}),
      status,
      version,
    };
  }

  async function load(): Promise<void> {
    const found = environment
      ? undefined
      : await db
          .selectFrom("smtp_settings")
          .selectAll()
          .where("id", "=", ROW_ID)
          .executeTakeFirst();
    row = found;
    version += 1;
    setup = found ? fromRow(found) : fromEnvironment();
  }

  const ready = load().catch((error: unknown) => {
    // The environment's settings stay; the next announced save reads again.
    log.error({ err: error }, "could not read the mail settings");
  });

  deps.changes.subscribe((topic, origin) => {
    if (environment) return;
    if ((topic === MAIL_SETTINGS_TOPIC && origin.remote) || topic === RESYNC_TOPIC) {
      load().catch((error: unknown) =>
        log.error({ err: error }, "could not read the mail settings"),
      );
    }
  });

  function view(): SmtpSettingsView {
    if (environment || !row) {
      const status = mailStatus(config);
      return {
        source: environment ? "environment" : "none",
        host: status.host,
        port: status.port,
        security: status.host ? (status.secure ? "tls" : "starttls") : null,
        user: config.smtpUrl ? decodeURIComponent(new URL(config.smtpUrl).username) : "",
        passwordSet: config.smtpUrl ? new URL(config.smtpUrl).password !== "" : false,
        from: config.mailFrom,
        notifyTo: config.notifyTo ?? null,
        updatedAt: null,
      };
    }
    return {
      source: "back-office",
      host: row.host,
      port: row.port,
      security: row.security as SmtpSecurity,
      user: row.username,
      passwordSet: row.password !== "",
      from: row.from_address,
      notifyTo: row.notify_to,
      updatedAt: row.updated_at,
    };
  }

  return {
    current: () => setup,
    ready,
    /** Whether SMTP_URL is set: then the Mail screen cannot change the mail server. */
    fromEnvironment: environment,
    view,

    /**
     * Saves the mail server (a password left out keeps the stored one) and tells every
     * instance. Answers the settings before and after, without the password, and whether the
     * password changed (for the activity log).
     */
    async save(input: SmtpSettings, now = new Date().toISOString()) {
      await ready;
      const before = view();
      const previous = row?.password ?? "";
      const password =
        input.password === undefined ? previous : sealPassword(input.password, deps.secret());
      const values = {
        host: input.host,
        port: input.port,
        security: input.security,
        username: input.user,
        password,
        from_address: input.from,
        notify_to: input.notifyTo,
        updated_at: now,
      };
      await db
        .insertInto("smtp_settings")
        .values({ id: ROW_ID, ...values })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
      await load();
      deps.changes.publish(MAIL_SETTINGS_TOPIC);
      return { before, after: view(), passwordChanged: input.password !== undefined };
    },
  };
}
export type MailSettings = ReturnType<typeof createMailSettings>;
export type { MailSource };
