import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { LeadReply } from "../../../common/schemas/leads.ts";
import type { Database } from "../../db/schema.ts";
import { NotFound } from "../../errors.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { enquiryMessageId } from "../../mail/smtp.ts";
import type { AuditActor, AuditEntry } from "../audit/service.ts";
import { newOutboxRow, type OutboxRow } from "../outbox/repository.ts";
import type { NotificationOutbox } from "../outbox/service.ts";

// Replies from the inbox (issue 52, item 3): kept on the lead, mailed from the agency's
// address (MAIL_FROM) through the notification outbox (its retries, its delivery state), in
// the thread of the enquiry's notification mail (In-Reply-To: its Message-ID).

/** The outbox kind of a reply; its subject is the reply's id. */
export const LEAD_REPLY = "lead_reply";

const NOT_FOUND = "Enquiry not found.";

export function createLeadReplies(deps: {
  db: Kysely<Database>;
  outbox: Pick<NotificationOutbox, "enabled" | "queue">;
  mailer: Pick<Mailer, "send">;
  audit: { record(entry: AuditEntry): Promise<void> };
  origin: string;
  clock?: () => number;
}) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;

  async function enquiryOf(id: string) {
    const enquiry = await db
      .selectFrom("enquiries")
      .select(["id", "email", "name"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!enquiry) throw new NotFound(NOT_FOUND);
    return enquiry;
  }

  return {
    /** The replies of an enquiry, oldest first, each with whether it went. */
    async list(enquiryId: string): Promise<LeadReply[]> {
      await enquiryOf(enquiryId);
      const rows = await db
        .selectFrom("lead_replies as r")
        .leftJoin("notification_outbox as o", (join) =>
          join.onRef("o.subject_id", "=", "r.id").on("o.kind", "=", LEAD_REPLY),
        )
        .select([
          "r.id",
          "r.subject",
          "r.body",
          "r.author_name",
          "r.created_at",
          "o.id as outbox_id",
          "o.sent_at",
          "o.given_up_at",
          "o.last_error",
        ])
        .where("r.enquiry_id", "=", enquiryId)
        .orderBy("r.created_at")
        .orderBy("r.id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        subject: row.subject,
        body: row.body,
        authorName: row.author_name,
        createdAt: row.created_at,
        state: row.sent_at
          ? "sent"
          : row.given_up_at
            ? "given-up"
            : row.outbox_id
              ? "pending"
              : "not-configured",
        sentAt: row.sent_at ?? null,
        lastError: row.last_error ?? null,
      }));
    },

    /** Keeps the reply and queues its mail (nothing is mailed without mail set up). */
    async send(
      enquiryId: string,
      reply: { subject: string; body: string },
      actor: AuditActor & { name?: string },
    ): Promise<LeadReply> {
      await enquiryOf(enquiryId);
      const id = randomUUID();
      const now = new Date(clock()).toISOString();
      await db
        .insertInto("lead_replies")
        .values({
          id,
          enquiry_id: enquiryId,
          author_name: actor.name || actor.email,
          subject: reply.subject,
          body: reply.body,
          created_at: now,
        })
        .execute();
      await deps.outbox.queue([newOutboxRow(id, now, LEAD_REPLY)]);
      await deps.audit.record({
        actor,
        action: "reply",
        type: "enquiry",
        id: enquiryId,
        after: { subject: reply.subject },
      });
      const sent = (await this.list(enquiryId)).find((item) => item.id === id)!;
      return sent;
    },

    /** The outbox's sender of LEAD_REPLY rows: "gone" when the reply or enquiry went. */
    async sendQueued(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
      const reply = await db
        .selectFrom("lead_replies as r")
        .innerJoin("enquiries as e", "e.id", "r.enquiry_id")
        .select(["r.subject", "r.body", "e.email", "e.id as enquiry_id"])
        .where("r.id", "=", row.subject_id)
        .executeTakeFirst();
      if (!reply) return "gone";
      await deps.mailer.send(
        {
          to: reply.email,
          subject: reply.subject,
          text: reply.body,
          inReplyTo: enquiryMessageId(reply.enquiry_id, deps.origin),
        },
        { signal },
      );
      return "sent";
    },
  };
}
export type LeadReplies = ReturnType<typeof createLeadReplies>;
