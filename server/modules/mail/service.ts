import type { Kysely } from "kysely";
import {
  AUTO_REPLY_NAME,
  defaultAutoReply,
  NAME_LEFT_OUT,
  type AutoReply,
  type MailFailure,
  type TestMailResult,
} from "../../../common/schemas/mail.ts";
import { defaultIdentity } from "../../../common/identity.ts";
import type { Database } from "../../db/schema.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { errorText } from "../outbox/service.ts";
import { AUTO_REPLY, TRAFFIC_REPORT } from "../outbox/repository.ts";
import { parseReportSubject } from "../traffic/weekly-report.ts";

const ROW_ID = "auto-reply";

/** The mail server's reply line in a refusal (nodemailer's `response`), else null. */
function smtpResponse(error: unknown): string | null {
  const response =
    typeof error === "object" && error !== null
      ? (error as { response?: unknown }).response
      : undefined;
  return typeof response === "string" && response !== "" ? response.slice(0, 500) : null;
}
/** How many failed mails the Mail screen lists. */
export const FAILURES_SHOWN = 20;

/** The longest name, in characters and words, an auto-reply carries. */
const NAME_MAX = { characters: 40, words: 4 };

/**
 * The visitor's name as the agency's auto-reply may carry it, or undefined. The auto-reply
 * goes from the agency to whatever address the form was given, so a "name" like "Winner!
 * Claim your prize at http://…" would be the agency mailing a stranger an attacker's text
 * (issue 46). Only a plain name passes: letters of any script, spaces, apostrophes, hyphens
 * and dots (initials, "Dr."), at most four words and 40 characters, nothing that reads as a
 * web address ("bit.ly"); no digit, no `:`, `/` or `@`.
 */
export function plainName(name: string): string | undefined {
  const text = name.trim().replace(/\s+/g, " ");
  if (text.length === 0 || text.length > NAME_MAX.characters) return undefined;
  if (text.split(" ").length > NAME_MAX.words) return undefined;
  if (!/^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u.test(text)) return undefined;
  if (/\p{L}{2,}\.\p{L}{2,}/u.test(text)) return undefined;
  return text;
}

/** The auto-reply's subject or text for one visitor: `{name}` becomes their plain name. */
export function personalised(template: string, name: string): string {
  return template.replaceAll(AUTO_REPLY_NAME, plainName(name) ?? NAME_LEFT_OUT);
}

/**
 * The Mail screen's service (issue 29): whether mail is set up, a test message, the mails
 * the outbox could not send, and the enquiry auto-reply (a setting, off by default).
 */
export function createMailService(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  /** The notification address in use, for the failures of the agency's notifications. */
  notifyTo?: string | (() => string | undefined);

  /** The agency's name as the Site identity screen sets it (else the built-in default). */
  agencyName?: () => Promise<string>;
}) {
  const { db, mailer } = deps;
  const agencyName = deps.agencyName ?? (async () => defaultIdentity.name);

  async function autoReply(): Promise<AutoReply> {
    const row = await db
      .selectFrom("auto_reply")
      .selectAll()
      .where("id", "=", ROW_ID)
      .executeTakeFirst();
    if (!row) return defaultAutoReply(await agencyName());
    return { enabled: row.enabled === 1, subject: row.subject, text: row.body };
  }

  const notifyTo = () => (typeof deps.notifyTo === "function" ? deps.notifyTo() : deps.notifyTo);

  return {
    /** Whether mail is set up now (read when asked: a save on the Mail screen changes it). */
    get status() {
      return mailer.status;
    },
    autoReply,

    /** Whether a new enquiry mails its visitor now: switched on, and mail set up. */
    async autoReplyOn(): Promise<boolean> {
      return mailer.status.configured && (await autoReply()).enabled;
    },

    /** Saves the auto-reply; answers it before and after (for the activity log). */
    async saveAutoReply(input: AutoReply, now = new Date().toISOString()) {
      const before = await autoReply();
      const values = {
        enabled: input.enabled ? 1 : 0,
        subject: input.subject,
        body: input.text,
        updated_at: now,
      };
      await db
        .insertInto("auto_reply")
        .values({ id: ROW_ID, ...values })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
      return { before, after: input };
    },

    /** Mails `to` a short test message and says whether the mail server took it. */
    async sendTest(to: string): Promise<TestMailResult> {
      if (!mailer.status.configured) {
        return {
          accepted: false,
          error: "Mail is not set up: no mail server is set here or in SMTP_URL, nothing was sent.",
          response: null,
        };
      }
      try {
        const agency = await agencyName();
        const sent = await mailer.send({
          to,
          subject: `${agency} back office: test message`,
          text: `This is a test message from the ${agency} back office. If you can read it, the site can send mail.`,
        });
        return { accepted: true, error: null, response: sent?.response || null };
      } catch (error) {
        return { accepted: false, error: errorText(error), response: smtpResponse(error) };
      }
    },

    /** The newest mails of the outbox that failed at least once and are not sent. */
    async failures(limit = FAILURES_SHOWN): Promise<MailFailure[]> {
      const rows = await db
        .selectFrom("notification_outbox as o")
        .leftJoin("enquiries as e", "e.id", "o.subject_id")
        .select([
          "o.id",
          "o.kind",
          "o.subject_id",
          "o.created_at",
          "o.attempts",
          "o.next_attempt_at",
          "o.given_up_at",
          "o.last_error",
          "e.email",
        ])
        .where("o.last_error", "is not", null)
        .where("o.sent_at", "is", null)
        .orderBy("o.created_at", "desc")
        .limit(limit)
        .execute();
      // A weekly report goes to its owner: their address of now, read in one query.
      const owners = rows
        .map((row) =>
          row.kind === TRAFFIC_REPORT ? parseReportSubject(row.subject_id) : undefined,
        )
        .filter((subject) => subject !== undefined)
        .map((subject) => subject.adminId);
      const ownerEmails = new Map(
        owners.length === 0
          ? []
          : (
              await db
                .selectFrom("admins")
                .select(["id", "email"])
                .where("id", "in", [...new Set(owners)])
                .execute()
            ).map((admin) => [admin.id, admin.email]),
      );
      const to = (row: (typeof rows)[number]) => {
        if (row.kind === AUTO_REPLY) return row.email ?? null;
        if (row.kind === TRAFFIC_REPORT) {
          const subject = parseReportSubject(row.subject_id);
          return (subject && ownerEmails.get(subject.adminId)) ?? null;
        }
        return notifyTo() ?? null;
      };
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        enquiryId: row.subject_id,
        to: to(row),
        createdAt: row.created_at,
        attempts: row.attempts,
        nextAttemptAt: row.next_attempt_at,
        givenUpAt: row.given_up_at,
        error: row.last_error ?? "",
      }));
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
