import nodemailer from "nodemailer";
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
  status: MailStatus;
  send(message: MailMessage, options?: { signal?: AbortSignal }): Promise<void>;
  /** Closes the pooled connections (a `pooled` mailer); nothing to do otherwise. */
  close(): void;
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
 * A mailer from SMTP_URL. Not `pooled` (single mails): each send opens its own connection,
 * so nothing stays open to close. `pooled` (the newsletter's worker): up to
 * POOL_CONNECTIONS connections kept open and reused, each for many mails (about six times
 * the mails per second of a connection per mail, bench/newsletter.mjs); `close()` ends
 * them.
 */
export function createMailer(
  config: Pick<Config, "smtpUrl" | "mailFrom" | "notifyTo">,
  options: { pooled?: boolean } = {},
): Mailer {
  const status = mailStatus(config);
  if (!config.smtpUrl) {
    return {
      status,
      async send() {
        throw new Error("Mail is not configured (SMTP_URL is not set).");
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    // Together MAIL_MAX_MS.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(options.pooled ? { pool: true, maxConnections: POOL_CONNECTIONS, maxMessages: 1000 } : {}),
  });
  return {
    status,
    async send(message, options = {}) {
      await transport.sendMail({
        from: config.mailFrom,
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
      } as Parameters<typeof transport.sendMail>[0]);
    },
    close() {
      transport.close();
    },
  };
}
