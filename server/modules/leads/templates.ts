import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  REPLY_TEMPLATES_MAX,
  type ReplyTemplate,
  type ReplyTemplateInput,
} from "../../../common/schemas/leads.ts";
import type { Database, ReplyTemplatesTable } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import type { AuditActor, AuditEntry } from "../audit/service.ts";

// The reply templates staff keep (issue 52, item 3): the inbox's reply form starts from one,
// with the lead's name and package filled in (`filledTemplate`). Every write is in Activity.

const NOT_FOUND = "There is no reply template with this id.";
const TYPE = "reply-template";

const toTemplate = (row: ReplyTemplatesTable): ReplyTemplate => ({
  id: row.id,
  label: row.label,
  subject: row.subject,
  body: row.body,
  updatedAt: row.updated_at,
});

export function createReplyTemplates(deps: {
  db: Kysely<Database>;
  audit: { record(entry: AuditEntry): Promise<void> };
  clock?: () => number;
}) {
  const { db, audit } = deps;
  const now = () => new Date((deps.clock ?? Date.now)()).toISOString();

  async function find(id: string): Promise<ReplyTemplatesTable> {
    const row = await db
      .selectFrom("reply_templates")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new NotFound(NOT_FOUND);
    return row;
  }

  return {
    /** Every template, in the order staff gave them. */
    async list(): Promise<ReplyTemplate[]> {
      const rows = await db
        .selectFrom("reply_templates")
        .selectAll()
        .orderBy("position")
        .orderBy("id")
        .execute();
      return rows.map(toTemplate);
    },

    async create(input: ReplyTemplateInput, actor: AuditActor): Promise<ReplyTemplate> {
      const created = await db.transaction().execute(async (trx) => {
        const { count, last } = await trx
          .selectFrom("reply_templates")
          .select((eb) => [
            eb.fn.countAll<string | number>().as("count"),
            eb.fn.max("position").as("last"),
          ])
          .executeTakeFirstOrThrow();
        if (Number(count) >= REPLY_TEMPLATES_MAX) {
          throw new Conflict(
            `There are already ${REPLY_TEMPLATES_MAX} reply templates: delete one before adding another.`,
          );
        }
        const row: ReplyTemplatesTable = {
          id: randomUUID(),
          ...input,
          position: last === null ? 0 : Number(last) + 1,
          updated_at: now(),
        };
        await trx.insertInto("reply_templates").values(row).execute();
        return toTemplate(row);
      });
      // After the transaction: Activity writes through the pool (one connection on SQLite).
      await audit.record({ actor, action: "create", type: TYPE, id: created.id, after: input });
      return created;
    },

    async update(id: string, input: ReplyTemplateInput, actor: AuditActor): Promise<ReplyTemplate> {
      const before = await find(id);
      const updatedAt = now();
      await db
        .updateTable("reply_templates")
        .set({ ...input, updated_at: updatedAt })
        .where("id", "=", id)
        .execute();
      await audit.record({
        actor,
        action: "update",
        type: TYPE,
        id,
        before: { label: before.label, subject: before.subject, body: before.body },
        after: input,
      });
      return { id, ...input, updatedAt };
    },

    async remove(id: string, actor: AuditActor): Promise<void> {
      const before = await find(id);
      await db.deleteFrom("reply_templates").where("id", "=", id).execute();
      await audit.record({
        actor,
        action: "delete",
        type: TYPE,
        id,
        before: { label: before.label, subject: before.subject, body: before.body },
      });
    },

    /** Puts the templates in the order of `ids`, which must name each of them once. */
    async reorder(ids: readonly string[], actor: AuditActor): Promise<ReplyTemplate[]> {
      const current = await this.list();
      const known = new Set(current.map((template) => template.id));
      if (
        ids.length !== known.size ||
        new Set(ids).size !== ids.length ||
        ids.some((id) => !known.has(id))
      ) {
        throw new Invalid("The order must name every reply template once.");
      }
      await db.transaction().execute(async (trx) => {
        for (const [position, id] of ids.entries()) {
          await trx.updateTable("reply_templates").set({ position }).where("id", "=", id).execute();
        }
      });
      await audit.record({ actor, action: "reorder", type: TYPE, id: "order", after: { ids } });
      return this.list();
    },
  };
}

export type ReplyTemplates = ReturnType<typeof createReplyTemplates>;
