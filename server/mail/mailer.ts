import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { MailStatus } from "../../common/schemas/mail.ts";
import type { Config } from "../config.ts";

/** One mail to one address; nothing in the headers may carry a line break. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** An HTML alternative to `text` (the newsletter). */
  html?: string;
  /** Extra headers (List-Unsubscribe); names and values of one line each. */
  headers?: Record<string, string>;
  /** The Message-ID of the mail this one answers: In-Reply-To and References (a thread). */
  inReplyTo?: string;
  /** A calendar invitation (.ics text, METHOD as given): an alternative and an attachment. */
  calendar?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
}

/**
 * The SMTP reply code of a refusal (nodemailer's `responseCode`): 4xx is temporary, 5xx
 * permanent; undefined when the mail server never answered (no connection, a timeout).
 */
export function smtpResponseCode(error: unknown): number | undefined {
  const code =
    typeof error === "object" && error !== null
      ? (error as { responseCode?: unknown }).responseCode
      : undefined;
  return typeof code === "number" ? code : undefined;
}

/**
 * Sends single mails and throws when the mail server did not take them: the Mail screen's
 * test message, the enquiry auto-reply (through the outbox, which retries) and the link
 * that confirms a new e-mail address. `status` is what the Mail screen shows: never the
 * password of SMTP_URL.
 */
export interface Mailer {
  /** Read when asked: a setting saved on the Mail screen changes it at once. */
  readonly status: MailStatus;
  /** Resolves with the mail server's answer (its reply line) when it took the mail. */
  send(message: MailMessage, options?: { signal?: AbortSignal }): Promise<SentMail | void>;
  /** Closes the pooled connections (a `pooled` mailer); nothing to do otherwise. */
  close(): void;
}

/** What the mail server answered when it took a mail: its reply line ("250 OK: queued"). */
export interface SentMail {
  response: string;
}

/**
 * The mail server in use now: SMTP_URL in the environment, else the one an owner saved on
 * the Mail screen (server/modules/mail/settings.ts), else none. `version` changes with each
 * change, so what holds a connection to the old server rebuilds it.
 */
export interface MailSetup {
  source: "environment" | "back-office" | "none";
  /** nodemailer's connection settings (the password among them); undefined: mail is off. */
  transport?: SMTPTransport.Options;
  from: string;
  notifyTo?: string;
  status: MailStatus;
  version: number;
}

/** Where the mailers and the notifier read the mail server from, at each mail. */
export interface MailSource {
  current(): MailSetup;
  /** Resolves once the stored setting was read (at start); sends wait for it. */
  ready: Promise<void>;
}

/** nodemailer waits minutes by default; a stuck mail server must not hold a socket that long. */
export const MAIL_TIMEOUTS = {
  // Together MAIL_MAX_MS.
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/** The mail source of the environment alone (SMTP_URL, MAIL_FROM, NOTIFY_TO): never changes. */
export function environmentMailSource(
  config: Pick<Config, "smtpUrl" | "mailFrom" | "notifyTo">,
): MailSource {
  const setup: MailSetup = {
    source: config.smtpUrl ? "environment" : "none",
    ...(config.smtpUrl ? { transport: { url: config.smtpUrl } } : {}),
    from: config.mailFrom,
    ...(config.notifyTo ? { notifyTo: config.notifyTo } : {}),
    status: mailStatus(config),
    version: 0,
  };
  return { current: () => setup, ready: Promise.resolve() };
}

/**
 * A nodemailer transport for the source's current setup, made again when the setup
 * changes (the old one closed once its mails are done); undefined while mail is off.
 */
export function transportOf(
  source: MailSource,
  /** Pool settings (the newsletter's mailer). */
  extra: { pool?: true; maxConnections?: number; maxMessages?: number } = {},
) {
  let built: { version: number; transport: Transporter } | undefined;
  return {
    get(setup: MailSetup = source.current()) {
      if (!setup.transport) return undefined;
      if (built?.version !== setup.version) {
        built?.transport.close();
        built = {
          version: setup.version,
          transport: nodemailer.createTransport({
            ...MAIL_TIMEOUTS,
            ...setup.transport,
            ...extra,
          } as SMTPTransport.Options),
        };
      }
      return built.transport;
    },
    close() {
      built?.transport.close();
      built = undefined;
    },
  };
}

/** Host, port and whether the connection is TLS from the start, read from SMTP_URL. */
export function mailStatus(config: Pick<Config, "smtpUrl" | "mailFrom" | "notifyTo">): MailStatus {
  if (!config.smtpUrl) {
    return {
      configured: false,
      host: null,
      port: null,
      secure: false,
      from: config.mailFrom,
      notifyTo: config.notifyTo ?? null,
    };
  }
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    configured: true,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    from: config.mailFrom,
    notifyTo: config.notifyTo ?? null,
  };
}

/** Connections a pooled mailer keeps open: mails it sends side by side. */
export const POOL_CONNECTIONS = 5;
/**
 * The longest one mail can take before nodemailer gives up on it: 10 s to connect, 10 s
 * for the greeting, 30 s of silence.
 */
export const MAIL_MAX_MS = 50_000;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").slice(0, 200);

const oneLineHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.replace(/[^\x21-\x39\x3b-\x7e]/g, ""),
      value.replace(/[\r\n]+/g, " "),
    ]),
  );

/**
 * A mailer of the mail server in use (`source`, or the environment's settings `config`). Not
 * `pooled` (single mails): each send opens its own connection, so nothing stays open to
 * close. `pooled` (the newsletter's worker): up to POOL_CONNECTIONS connections kept open and
 * reused, each for many mails (about six times the mails per second of a connection per
 * mail, bench/newsletter.mjs); `close()` ends them. A setting saved on the Mail screen is
 * used from the next mail on (the connections to the old server are closed).
 */
export function createMailer(
  from: MailSource | Pick<Config, "smtpUrl" | "mailFrom" | "notifyTo">,
  options: { pooled?: boolean } = {},
): Mailer {
  const source = "current" in from ? from : environmentMailSource(from);
  const transports = transportOf(
    source,
    options.pooled ? { pool: true, maxConnections: POOL_CONNECTIONS, maxMessages: 1000 } : {},
  );
  return {
    get status() {
      return source.current().status;
    },
    async send(message, options = {}) {
      await source.ready;
      const setup = source.current();
      const transport = transports.get(setup);
      if (!transport) {
        throw new Error(
          "Mail is not configured (no mail server is set on the Mail screen or in SMTP_URL).",
        );
      }
      const info: { response?: unknown } = await transport.sendMail({
        from: setup.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: oneLine(message.subject),
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: oneLineHeaders(message.headers) } : {}),
        ...(message.inReplyTo
          ? { inReplyTo: oneLine(message.inReplyTo), references: oneLine(message.inReplyTo) }
          : {}),
        ...(message.calendar
          ? {
              icalEvent: {
                method: message.calendar.method,
                filename: message.calendar.filename,
                content: message.calendar.content,
              },
            }
          : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      } as Parameters<Transporter["sendMail"]>[0]);
      return { response: typeof info.response === "string" ? info.response : "" };
    },
    close() {
      transports.close();
    },
  };
}
