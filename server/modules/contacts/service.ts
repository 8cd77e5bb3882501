import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { serviceTypeName } from "../../../common/enquiry-fields.ts";
import { sourceName } from "../../../common/lead-source.ts";
import {
  CONTACT_HISTORY_MAX,
  MERGE_UNKNOWN,
  MERGE_WITH_ITSELF,
  SPLIT_ALL,
  SPLIT_ALONE,
  SPLIT_OTHER_CONTACT,
  type Contact,
  type ContactEnquiry,
  type ContactNewsletterStatus,
} from "../../../common/schemas/contacts.ts";
import type { EnquiryStatus } from "../../../common/schemas/enquiry.ts";
import type { LeadStage } from "../../../common/schemas/leads.ts";
import type { Database } from "../../db/schema.ts";
import { Invalid, NotFound } from "../../errors.ts";
import type { AuditActor, AuditEntry } from "../audit/service.ts";
import { SOURCE_KEY_SQL } from "../enquiries/repository.ts";
import { contactKeys } from "./keys.ts";
import { assignContacts, lockContacts } from "./repository.ts";

// One contact per person (issue 52, item 2, decision 0046 "One contact per person"). Each
// enquiry has a contact (enquiry_contacts), joined by its e-mail or phone when it is stored
// (contacts/repository.ts); staff merge two contacts and split enquiries out of one. Both
// go to Activity (type "enquiry", actions "contact-merge" and "contact-split") and each
// undoes the other. A split or merged enquiry is marked `manual`; the rule never moves an
// enquiry that has its contact, so what staff split stays split.

const NOT_FOUND = "Enquiry not found.";

export interface ContactDeps {
  db: Kysely<Database>;
  audit: { record(entry: AuditEntry): Promise<void> };
}

export function createContactService(deps: ContactDeps) {
  const { db } = deps;

  /**
   * The contact of an enquiry (404 for an unknown one). An enquiry stored by other means
   * than the site (a hand-made SQL fix) gets its contact by the rule when first asked.
   */
  async function contactOf(enquiryId: string): Promise<string> {
    const row = await db
      .selectFrom("enquiries as e")
      .leftJoin("enquiry_contacts as c", "c.enquiry_id", "e.id")
      .select(["e.id", "e.email", "e.phone_number", "c.contact_id"])
      .where("e.id", "=", enquiryId)
      .executeTakeFirst();
    if (!row) throw new NotFound(NOT_FOUND);
    if (row.contact_id) return row.contact_id;
    await db.transaction().execute(async (trx) => {
      await lockContacts(trx);
      await assignContacts(trx, [row]);
    });
    return (
      await db
        .selectFrom("enquiry_contacts")
        .select("contact_id")
        .where("enquiry_id", "=", enquiryId)
        .executeTakeFirstOrThrow()
    ).contact_id;
  }

  async function enquiryIdsOf(contactId: string): Promise<string[]> {
    const rows = await db
      .selectFrom("enquiry_contacts")
      .select("enquiry_id")
      .where("contact_id", "=", contactId)
      .execute();
    return rows.map((row) => row.enquiry_id);
  }

  /** The contact `other` names: an enquiry's id, or an e-mail or phone one was sent with. */
  async function namedContact(other: string): Promise<string> {
    const enquiry = await db
      .selectFrom("enquiries")
      .select("id")
      .where("id", "=", other)
      .executeTakeFirst();
    if (enquiry) return contactOf(enquiry.id);
    const keys = other.includes("@") ? contactKeys(other, "") : contactKeys("", other);
    const row = keys.length
      ? await db
          .selectFrom("contact_keys as k")
          .innerJoin("enquiry_contacts as c", "c.contact_id", "k.contact_id")
          .select("k.contact_id")
          .where("k.key", "=", keys[0]!)
          .limit(1)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new NotFound(MERGE_UNKNOWN);
    return row.contact_id;
  }

  /** Who the contact is, for Activity: the newest enquiry's name and e-mail. */
  async function label(contactId: string): Promise<string> {
    const row = await db
      .selectFrom("enquiry_contacts as c")
      .innerJoin("enquiries as e", "e.id", "c.enquiry_id")
      .select(["e.name", "e.email"])
      .where("c.contact_id", "=", contactId)
      .orderBy("e.created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? `${row.name} <${row.email}>` : "";
  }

  async function keysOf(enquiryIds: readonly string[]): Promise<Set<string>> {
    if (enquiryIds.length === 0) return new Set();
    const rows = await db
      .selectFrom("enquiries")
      .select(["email", "phone_number"])
      .where("id", "in", enquiryIds)
      .execute();
    return new Set(rows.flatMap((row) => contactKeys(row.email, row.phone_number)));
  }

  /** The contact of an enquiry: its enquiries, newest first, and its newsletter status. */
  async function get(enquiryId: string): Promise<Contact> {
    const id = await contactOf(enquiryId);
    const [rows, count] = await Promise.all([
      db
        .selectFrom("enquiry_contacts as c")
        .innerJoin("enquiries as e", "e.id", "c.enquiry_id")
        .leftJoin("leads as l", "l.enquiry_id", "e.id")
        .select([
          "e.id",
          "e.name",
          "e.email",
          "e.phone_number",
          "e.service_type",
          "e.source_page",
          "e.status",
          "e.created_at",
          "c.manual",
          sql<string>`coalesce(l.stage, 'new')`.as("stage"),
          SOURCE_KEY_SQL.as("source"),
        ])
        .where("c.contact_id", "=", id)
        .orderBy("e.created_at", "desc")
        .orderBy("e.id", "desc")
        .limit(CONTACT_HISTORY_MAX)
        .execute(),
      db
        .selectFrom("enquiry_contacts")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("contact_id", "=", id)
        .executeTakeFirstOrThrow(),
    ]);
    const enquiries: ContactEnquiry[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phoneNumber: row.phone_number,
      serviceType: row.service_type,
      serviceName: serviceTypeName(row.service_type),
      page: row.source_page ?? "",
      source: row.source,
      sourceName: sourceName(row.source),
      status: row.status as EnquiryStatus,
      stage: row.stage as LeadStage,
      createdAt: row.created_at,
      manual: Number(row.manual) === 1,
    }));
    const addresses = [
      ...new Set(rows.map((row) => row.email.trim().toLowerCase()).filter(Boolean)),
    ];
    const subscribers = addresses.length
      ? await db
          .selectFrom("newsletter_subscribers")
          .select(["email", "status"])
          .where("email", "in", addresses)
          .execute()
      : [];
    const status = new Map(subscribers.map((row) => [row.email.toLowerCase(), row.status]));
    return {
      id,
      total: Number(count.n),
      enquiries,
      newsletter: addresses.map((email) => ({
        email,
        status: (status.get(email) ?? "none") as ContactNewsletterStatus,
      })),
    };
  }

  return {
    contactOf,

    get,

    /** How many enquiries the contact of each of `enquiryIds` has (the inbox's "3 enquiries"). */
    async counts(enquiryIds: readonly string[]): Promise<Record<string, number>> {
      if (enquiryIds.length === 0) return {};
      const links = await db
        .selectFrom("enquiry_contacts")
        .select(["enquiry_id", "contact_id"])
        .where("enquiry_id", "in", enquiryIds)
        .execute();
      const contacts = [...new Set(links.map((row) => row.contact_id))];
      const sizes = contacts.length
        ? await db
            .selectFrom("enquiry_contacts")
            .select((eb) => ["contact_id", eb.fn.countAll<number | string>().as("n")])
            .where("contact_id", "in", contacts)
            .groupBy("contact_id")
            .execute()
        : [];
      const size = new Map(sizes.map((row) => [row.contact_id, Number(row.n)]));
      return Object.fromEntries(
        links.map((row) => [row.enquiry_id, size.get(row.contact_id) ?? 1]),
      );
    },

    /**
     * Joins the contact `other` names into the contact of `enquiryId`: its enquiries and its
     * keys (so the next enquiry from either address joins the one contact). 400 when they
     * are one contact already.
     */
    async merge(enquiryId: string, other: string, actor: AuditActor): Promise<Contact> {
      const target = await contactOf(enquiryId);
      const source = await namedContact(other);
      if (source === target) throw new Invalid(MERGE_WITH_ITSELF);
      const [before, merged] = await Promise.all([label(source), enquiryIdsOf(source)]);
      await db.transaction().execute(async (trx) => {
        await lockContacts(trx);
        await trx
          .updateTable("enquiry_contacts")
          .set({ contact_id: target, manual: 1 })
          .where("contact_id", "=", source)
          .execute();
        await trx
          .updateTable("contact_keys")
          .set({ contact_id: target })
          .where("contact_id", "=", source)
          .execute();
      });
      await deps.audit.record({
        actor,
        action: "contact-merge",
        type: "enquiry",
        id: enquiryId,
        before: { contact: await label(target) },
        after: { mergedWith: before, enquiries: merged },
      });
      return get(enquiryId);
    },

    /**
     * Takes `enquiryId` (and `together`, of the same contact) out of its contact into a new
     * one. A key moves with them when no enquiry left behind has it: the next enquiry from
     * that address or number then joins the split one, not the contact it left.
     */
    async split(
      enquiryId: string,
      together: readonly string[],
      actor: AuditActor,
    ): Promise<Contact> {
      const from = await contactOf(enquiryId);
      const members = await enquiryIdsOf(from);
      if (members.length < 2) throw new Invalid(SPLIT_ALONE);
      const leaving = [...new Set([enquiryId, ...together])];
      if (leaving.some((id) => !members.includes(id))) throw new Invalid(SPLIT_OTHER_CONTACT);
      const staying = members.filter((id) => !leaving.includes(id));
      if (staying.length === 0) throw new Invalid(SPLIT_ALL);
      const fromLabel = await label(from);
      const kept = await keysOf(staying);
      const moving = [...(await keysOf(leaving))].filter((key) => !kept.has(key));
      const fresh = randomUUID();
      await db.transaction().execute(async (trx) => {
        await lockContacts(trx);
        await trx
          .updateTable("enquiry_contacts")
          .set({ contact_id: fresh, manual: 1 })
          .where("enquiry_id", "in", leaving)
          .execute();
        if (moving.length > 0) {
          await trx
            .updateTable("contact_keys")
            .set({ contact_id: fresh })
            .where("contact_id", "=", from)
            .where("key", "in", moving)
            .execute();
        }
      });
      await deps.audit.record({
        actor,
        action: "contact-split",
        type: "enquiry",
        id: enquiryId,
        before: { contact: fromLabel },
        after: { splitOut: leaving },
      });
      return get(enquiryId);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
