import type { Kysely } from "kysely";
import { serviceTypeName } from "../../../common/enquiry-fields.ts";
import { naira } from "../../../common/format.ts";
import { sourceName } from "../../../common/lead-source.ts";
import { LEAD_STAGE_LABELS, type LeadCard } from "../../../common/schemas/leads.ts";
import { dayIn } from "../../../common/time-zone.ts";
import type { Database } from "../../db/schema.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { newOutboxRow, type OutboxRow } from "../outbox/repository.ts";
import type { NotificationOutbox } from "../outbox/service.ts";
import { wallClockInstant } from "../traffic/weekly-report.ts";
import type { LeadService } from "./service.ts";

// The pipeline's mails (issue 52, item 1): to a lead's new owner, and each morning at
// FOLLOW_UP_HOUR (Lagos) to every owner of open leads due that day or earlier. Both go
// through the notification outbox; the morning mail's subject "<admin>/<day>" makes it one
// per owner and day on any number of instances (the outbox's unique subject and kind).

export const FOLLOW_UPS = "lead_follow_ups";
export const FOLLOW_UP_HOUR = 8;

const line = (lead: LeadCard, origin: string) =>
  [
    `- ${lead.name}${lead.companyName ? ` (${lead.companyName})` : ""}: ${serviceTypeName(lead.serviceType) || "no service given"}`,
    `  ${LEAD_STAGE_LABELS[lead.stage]}${lead.value !== null ? `, ${naira(lead.value)}` : ""}, follow up on ${lead.followUpOn}, source ${sourceName(lead.source)}`,
    `  ${origin}/admin/enquiries/${lead.enquiryId}`,
  ].join("\n");

export function createLeadMails(deps: {
  db: Kysely<Database>;
  leads: LeadService;
  outbox: Pick<NotificationOutbox, "enabled" | "queue">;
  mailer: Pick<Mailer, "send">;
  agencyName: () => Promise<string>;
  origin: string;
  clock?: () => number;
}) {
  const { db, leads, outbox } = deps;
  const clock = deps.clock ?? Date.now;
  /** The day whose rows this instance wrote. */
  let queuedDay: string | undefined;
  const adminOf = (id: string) =>
    db.selectFrom("admins").select(["id", "email", "name"]).where("id", "=", id).executeTakeFirst();

  return {
    /**
     * Writes today's morning rows once FOLLOW_UP_HOUR has come: one per staff member with an
     * open lead due today or before. Cheap once done: the outbox runs it at each wake.
     */
    async queueDue(): Promise<number> {
      if (!outbox.enabled) return 0;
      const now = clock();
      const day = dayIn(now);
      if (queuedDay === day || now < wallClockInstant(day, FOLLOW_UP_HOUR)) return 0;
      const owners = [
        ...new Set(
          (await leads.due(undefined, day)).leads.flatMap((lead) =>
            lead.ownerId ? [lead.ownerId] : [],
          ),
        ),
      ];
      const at = new Date(now).toISOString();
      const added = await outbox.queue(
        owners.map((owner) => newOutboxRow(`${owner}/${day}`, at, FOLLOW_UPS)),
      );
      queuedDay = day;
      return added;
    },

    /** Sender of FOLLOW_UPS rows: the owner's due leads of the row's day ("gone" if none). */
    async sendFollowUps(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
      const match = /^(.+)\/(\d{4}-\d{2}-\d{2})$/.exec(row.subject_id);
      if (!match) return "gone";
      const admin = await adminOf(match[1]!);
      if (!admin) return "gone";
      const { leads: due } = await leads.due(admin.id, match[2]!);
      if (due.length === 0) return "gone";
      const agency = await deps.agencyName();
      await deps.mailer.send(
        {
          to: admin.email,
          subject: `${agency}: ${due.length} lead${due.length === 1 ? "" : "s"} to follow up today`,
          text: [
            `Good morning${admin.name ? `, ${admin.name}` : ""}. These leads are yours to follow up today:`,
            ...due.map((lead) => line(lead, deps.origin)),
            `The board: ${deps.origin}/admin/pipeline?owner=${encodeURIComponent(admin.id)}`,
          ].join("\n\n"),
        },
        { signal },
      );
      return "sent";
    },

    /** Sender of LEAD_ASSIGNED rows: "gone" when the lead has another owner by now. */
    async sendAssigned(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
      const [enquiryId, ownerId] = row.subject_id.split("/");
      if (!enquiryId || !ownerId) return "gone";
      const lead = await leads.get(enquiryId).catch(() => undefined);
      if (!lead || lead.ownerId !== ownerId) return "gone";
      const [admin, enquiry] = await Promise.all([
        adminOf(ownerId),
        db
          .selectFrom("enquiries")
          .select(["name", "company_name", "service_type"])
          .where("id", "=", enquiryId)
          .executeTakeFirst(),
      ]);
      if (!admin || !enquiry) return "gone";
      const agency = await deps.agencyName();
      const service = serviceTypeName(enquiry.service_type);
      await deps.mailer.send(
        {
          to: admin.email,
          subject: `${agency}: a lead is yours: ${enquiry.name}`.replace(/[\r\n]+/g, " "),
          text: [
            `You now own the lead of ${enquiry.name}${enquiry.company_name ? ` (${enquiry.company_name})` : ""}${service ? `, about ${service}` : ""}.`,
            `Stage: ${LEAD_STAGE_LABELS[lead.stage]}${lead.followUpOn ? `; follow up on ${lead.followUpOn}` : ""}.`,
            `Open it: ${deps.origin}/admin/enquiries/${enquiryId}`,
          ].join("\n\n"),
        },
        { signal },
      );
      return "sent";
    },
  };
}
