import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import {
  CLOSED_STAGES,
  LEAD_STAGES,
  LOST_REASON_REQUIRED,
  type DueLeads,
  type Lead,
  type LeadCard,
  type LeadNote,
  type LeadStage,
  type LeadUpdate,
  type Pipeline,
  type PipelineQuery,
} from "../../../common/schemas/leads.ts";
import { dayIn } from "../../../common/time-zone.ts";
import type { Database, LeadsTable } from "../../db/schema.ts";
import { Invalid, NotFound } from "../../errors.ts";
import type { AuditActor, AuditEntry } from "../audit/service.ts";
import { SOURCE_KEY_SQL } from "../enquiries/repository.ts";
import { newOutboxRow } from "../outbox/repository.ts";
import type { NotificationOutbox } from "../outbox/service.ts";

// The lead pipeline (issue 52, item 1, decision 0046): an enquiry's owner, stage, value,
// follow-up date and notes. Changes are written to Activity (the audit log, type "enquiry");
// a new owner is mailed through the outbox (LEAD_ASSIGNED), and each morning every owner of
// leads due is mailed their list (FOLLOW_UPS, see follow-ups.ts).

/** The outbox kind of the mail to a lead's new owner; subject "<enquiry>/<owner>/<time>". */
export const LEAD_ASSIGNED = "lead_assigned";

/** The most cards the board shows per stage (the counts and values cover every lead). */
export const BOARD_CARDS_PER_STAGE = 200;

const NOT_FOUND = "Enquiry not found.";
const UNKNOWN_OWNER = "There is no staff member with this id.";

export interface LeadsDeps {
  db: Kysely<Database>;
  outbox: Pick<NotificationOutbox, "queue">;
  audit: { record(entry: AuditEntry): Promise<void> };
  clock?: () => number;
}

type LeadRow = Pick<
  LeadsTable,
  "owner_id" | "stage" | "lost_reason" | "value" | "follow_up_on" | "updated_at"
> & { owner_name: string | null; owner_email: string | null };

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function toLead(enquiryId: string, row: LeadRow | undefined): Lead {
  return {
    enquiryId,
    ownerId: row?.owner_id ?? null,
    ownerName: row?.owner_id ? row.owner_name || row.owner_email || null : null,
    stage: (row?.stage ?? "new") as LeadStage,
    lostReason: row?.lost_reason ?? null,
    value: numberOrNull(row?.value ?? null),
    followUpOn: row?.follow_up_on ?? null,
    updatedAt: row?.updated_at ?? null,
  };
}

export function createLeadService(deps: LeadsDeps) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;

  /** Enquiries (spam left out) joined to their lead row and its owner. */
  const cards = () =>
    db
      .selectFrom("enquiries as e")
      .leftJoin("leads as l", "l.enquiry_id", "e.id")
      .leftJoin("admins as a", "a.id", "l.owner_id")
      .where("e.status", "!=", "spam");

  /** A lead's own columns and its owner's name (leads as l, admins as a). */
  const leadColumns = [
    "l.owner_id",
    "l.stage",
    "l.lost_reason",
    "l.value",
    "l.follow_up_on",
    "l.updated_at",
    "a.name as owner_name",
    "a.email as owner_email",
  ] as const;
  const cardColumns = [
    "e.id",
    "e.name",
    "e.company_name",
    "e.service_type",
    "e.created_at",
    ...leadColumns,
  ] as const;

  type CardRow = LeadRow & {
    id: string;
    name: string;
    company_name: string;
    service_type: string;
    created_at: string;
    source: string;
  };
  const toCard = (row: CardRow): LeadCard => ({
    ...toLead(row.id, row),
    name: row.name,
    companyName: row.company_name,
    serviceType: row.service_type,
    source: row.source,
    createdAt: row.created_at,
  });

  async function leadOf(enquiryId: string): Promise<Lead> {
    const enquiry = await db
      .selectFrom("enquiries")
      .select("id")
      .where("id", "=", enquiryId)
      .executeTakeFirst();
    if (!enquiry) throw new NotFound(NOT_FOUND);
    const row = await db
      .selectFrom("leads as l")
      .leftJoin("admins as a", "a.id", "l.owner_id")
      .select(leadColumns)
      .where("l.enquiry_id", "=", enquiryId)
      .executeTakeFirst();
    return toLead(enquiryId, row);
  }

  return {
    get: leadOf,

    /** Staff who may own a lead, by name. */
    async owners(): Promise<{ id: string; name: string }[]> {
      const rows = await db
        .selectFrom("admins")
        .select(["id", "name", "email"])
        .orderBy("name")
        .orderBy("email")
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name || row.email }));
    },

    /**
     * Sets what `change` names; the rest stays. A stage other than "lost" clears the reason.
     * A new owner (not the one making the change) is mailed. Written to Activity.
     */
    async update(enquiryId: string, change: LeadUpdate, actor: AuditActor): Promise<Lead> {
      const before = await leadOf(enquiryId);
      if (change.ownerId) {
        const owner = await db
          .selectFrom("admins")
          .select("id")
          .where("id", "=", change.ownerId)
          .executeTakeFirst();
        if (!owner) throw new Invalid(UNKNOWN_OWNER);
      }
      const stage = change.stage ?? before.stage;
      const now = new Date(clock()).toISOString();
      const row: LeadsTable = {
        enquiry_id: enquiryId,
        owner_id: change.ownerId !== undefined ? change.ownerId : before.ownerId,
        stage,
        lost_reason:
          stage === "lost"
            ? (change.lostReason !== undefined ? change.lostReason : before.lostReason) || null
            : null,
        value: change.value !== undefined ? change.value : before.value,
        follow_up_on: change.followUpOn !== undefined ? change.followUpOn : before.followUpOn,
        updated_at: now,
      };
      if (stage === "lost" && !row.lost_reason) {
        throw new Invalid(LOST_REASON_REQUIRED);
      }
      const { enquiry_id: _id, ...changes } = row;
      await db
        .insertInto("leads")
        .values(row)
        .onConflict((oc) => oc.column("enquiry_id").doUpdateSet(changes))
        .execute();
      const after = await leadOf(enquiryId);
      if (after.ownerId && after.ownerId !== before.ownerId && after.ownerId !== actor.id) {
        await deps.outbox.queue([
          newOutboxRow(`${enquiryId}/${after.ownerId}/${now}`, now, LEAD_ASSIGNED),
        ]);
      }
      const view = (lead: Lead) => ({
        owner: lead.ownerName,
        stage: lead.stage,
        lostReason: lead.lostReason,
        value: lead.value,
        followUpOn: lead.followUpOn,
      });
      await deps.audit.record({
        actor,
        action: "update",
        type: "enquiry",
        id: enquiryId,
        before: view(before),
        after: view(after),
      });
      return after;
    },

    /** The notes of an enquiry, oldest first. */
    async notes(enquiryId: string): Promise<LeadNote[]> {
      await leadOf(enquiryId);
      const rows = await db
        .selectFrom("lead_notes")
        .selectAll()
        .where("enquiry_id", "=", enquiryId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        body: row.body,
        authorName: row.author_name,
        createdAt: row.created_at,
      }));
    },

    /** Adds a note by `actor` (with the time), written to Activity too. */
    async addNote(
      enquiryId: string,
      body: string,
      actor: AuditActor & { name?: string },
    ): Promise<LeadNote> {
      await leadOf(enquiryId);
      const note = {
        id: randomUUID(),
        enquiry_id: enquiryId,
        author_id: actor.id,
        author_name: actor.name || actor.email,
        body,
        created_at: new Date(clock()).toISOString(),
      };
      await db.insertInto("lead_notes").values(note).execute();
      await deps.audit.record({
        actor,
        action: "note",
        type: "enquiry",
        id: enquiryId,
        after: { note: body },
      });
      return { id: note.id, body, authorName: note.author_name, createdAt: note.created_at };
    },

    /**
     * The board: per stage its count, the sum of its values and its newest cards, for the
     * leads the filters keep (owner id or "none", stage, source key).
     */
    async pipeline(query: PipelineQuery): Promise<Pipeline> {
      let base = cards();
      if (query.owner === "none") base = base.where("l.owner_id", "is", null);
      else if (query.owner) base = base.where("l.owner_id", "=", query.owner);
      if (query.source !== undefined) base = base.where(SOURCE_KEY_SQL, "=", query.source);
      // No lead row yet is stage "new".
      const stageSql = sql<string>`coalesce(l.stage, 'new')`;
      const wanted = query.stage ? [query.stage] : LEAD_STAGES;
      const totals = await base
        .select((eb) => [
          stageSql.as("stage"),
          eb.fn.countAll<number | string>().as("n"),
          eb.fn.sum<number | string | null>("l.value").as("total"),
        ])
        .groupBy(stageSql)
        .execute();
      let truncated = false;
      const stages = await Promise.all(
        wanted.map(async (stage) => {
          const rows = (await base
            .select(cardColumns)
            .select(SOURCE_KEY_SQL.as("source"))
            .where(stageSql, "=", stage)
            .orderBy("e.created_at", "desc")
            .orderBy("e.id", "desc")
            .limit(BOARD_CARDS_PER_STAGE + 1)
            .execute()) as CardRow[];
          if (rows.length > BOARD_CARDS_PER_STAGE) truncated = true;
          const total = totals.find((row) => row.stage === stage);
          return {
            stage,
            count: Number(total?.n ?? 0),
            value: Number(total?.total ?? 0),
            leads: rows.slice(0, BOARD_CARDS_PER_STAGE).map(toCard),
          };
        }),
      );
      return { stages, truncated };
    },

    /** Open leads (not won or lost) to follow up on `day` or before, soonest first. */
    async due(ownerId?: string, day = dayIn(clock())): Promise<DueLeads> {
      const rows = (await cards()
        .select(cardColumns)
        .select(SOURCE_KEY_SQL.as("source"))
        .where("l.follow_up_on", "<=", day)
        .where("l.stage", "not in", [...CLOSED_STAGES])
        .$if(ownerId !== undefined, (q) => q.where("l.owner_id", "=", ownerId!))
        .orderBy("l.follow_up_on")
        .orderBy("e.created_at")
        .limit(200)
        .execute()) as CardRow[];
      return { day, leads: rows.map(toCard) };
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
