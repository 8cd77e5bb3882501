import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CONTACT_HISTORY_MAX,
  MERGE_UNKNOWN,
  MERGE_WITH_ITSELF,
  SPLIT_ALL,
  SPLIT_ALONE,
  SPLIT_OTHER_CONTACT,
  type Contact,
} from "../../common/schemas/contacts.ts";
import type { Enquiry } from "../../common/schemas/enquiry.ts";
import { migrations } from "../../server/db/migrate.ts";
import * as contactsMigration from "../../server/db/migrations/0048-contacts.ts";
import type { Database } from "../../server/db/schema.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import {
  call,
  createTestApp,
  editorHeaders,
  expectAdminOnly,
  sameDatabase,
  useTestApp,
} from "./helpers.ts";

// One contact per person (issue 52, item 2) on SQLite and PostgreSQL: enquiries joined by
// e-mail (any case) and phone (any Nigerian format), the history with forms, pages,
// sources, stages and the newsletter status, merge and split by hand (Activity, each
// undoing the other, a split that a new enquiry does not undo), the inbox's counts and the
// migration that fills the contacts of the enquiries there were.

type Answer<T> = T & { error?: string };

describe("one contact per person", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await editorHeaders(t.app, "editor@agency.test");
  });
  /** A unique address per test, so the tests' people never meet. */
  const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
  /** A unique Nigerian mobile number's national part ("803" and seven digits). */
  const national = () => `803${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const send = async (payload: object) => {
    const answer = await call<Enquiry>(t.app, { method: "POST", url: "/api/contact", payload });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const person = (id: string) =>
    call<Answer<Contact>>(t.app, { method: "GET", url: `/api/contact/${id}/person`, headers });
  const merge = (id: string, other: string) =>
    call<Answer<Contact>>(t.app, {
      method: "POST",
      url: `/api/contact/${id}/person/merge`,
      headers,
      payload: { with: other },
    });
  const split = (id: string, together?: string[]) =>
    call<Answer<Contact>>(t.app, {
      method: "POST",
      url: `/api/contact/${id}/person/split`,
      headers,
      payload: together ? { together } : {},
    });
  const ids = (contact: Contact) => contact.enquiries.map((enquiry) => enquiry.id).sort();

  it("is for staff only", async () => {
    const enquiry = await send(payloads.home);
    await expectAdminOnly(t, { method: "GET", url: `/api/contact/${enquiry._id}/person` });
    await expectAdminOnly(t, {
      method: "POST",
      url: `/api/contact/${enquiry._id}/person/merge`,
      payload: { with: "someone@example.com" },
    });
    await expectAdminOnly(t, {
      method: "POST",
      url: `/api/contact/${enquiry._id}/person/split`,
      payload: {},
    });
    await expectAdminOnly(t, {
      method: "GET",
      url: `/api/contact/person-counts?ids=${enquiry._id}`,
    });
  });

  it("joins enquiries from one e-mail whatever its case, and one phone however it is written", async () => {
    const email = address("case");
    const first = await send({ ...payloads.home, email, phoneNumber: "" });
    const shouting = await send({ ...payloads.service, email: email.toUpperCase() });
    const number = national();
    // 0803…, +234 803… and 234803… are one number; the e-mails all differ.
    const byZero = await send({
      ...payloads.home,
      email: address("zero"),
      phoneNumber: `0${number}`,
    });
    const byPlus = await send({
      ...payloads.package,
      email: address("plus"),
      phoneNumber: `+234 ${number.slice(0, 3)} ${number.slice(3)}`,
    });
    const byQuick = await send({
      ...payloads.quick,
      email: address("quick"),
      phone: `234${number}`,
    });
    const stranger = await send({
      ...payloads.home,
      email: address("stranger"),
      phoneNumber: national(),
    });

    const byEmail = await person(first._id);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.total).toBe(2);
    expect(ids(byEmail.body)).toEqual([first._id, shouting._id].sort());
    expect((await person(shouting._id)).body.id).toBe(byEmail.body.id);

    const byPhone = await person(byQuick._id);
    expect(ids(byPhone.body)).toEqual([byZero._id, byPlus._id, byQuick._id].sort());
    expect(byPhone.body.enquiries.every((enquiry) => !enquiry.manual)).toBe(true);
    expect((await person(stranger._id)).body.total).toBe(1);
    expect(byPhone.body.id).not.toBe(byEmail.body.id);
  });

  it("joins by phone, then takes the new address: the next enquiry from it joins too", async () => {
    const number = national();
    const office = await send({ ...payloads.home, email: address("office"), phoneNumber: number });
    const personal = address("personal");
    const bridge = await send({ ...payloads.home, email: personal, phoneNumber: `0${number}` });
    const later = await send({ ...payloads.home, email: personal, phoneNumber: "" });
    expect(ids((await person(later._id)).body)).toEqual([office._id, bridge._id, later._id].sort());
  });

  it("lists the history with forms, pages, sources, dates and stages, newest first", async () => {
    const email = address("history");
    const home = await send({
      ...payloads.home,
      email,
      phoneNumber: "",
      source: { page: "/", utmSource: "facebook", utmCampaign: "december" },
    });
    const quick = await send({
      ...payloads.quick,
      email,
      phone: national(),
      source: { page: "/contact", referrer: "www.google.com" },
    });
    const service = await send({
      ...payloads.service,
      email,
      phoneNumber: "",
      source: { page: "/seo" },
    });
    const lead = await call(t.app, {
      method: "PATCH",
      url: `/api/leads/${quick._id}`,
      headers,
      payload: { stage: "proposal" },
    });
    expect(lead.status).toBe(200);
    const { body } = await person(home._id);
    expect(body.enquiries.map((e) => e.id)).toEqual([service._id, quick._id, home._id]);
    expect(
      body.enquiries.map((e) => [e.serviceName, e.page, e.sourceName, e.stage, e.status]),
    ).toEqual([
      ["Social Media Marketing", "/seo", "Direct", "new", "new"],
      ["Contact page quick form", "/contact", "Google", "proposal", "new"],
      ["Home page enquiry form", "/", "Facebook", "new", "new"],
    ]);
    expect(body.enquiries[2]).toMatchObject({
      serviceType: "Inquiry form response",
      source: "facebook",
      email,
      createdAt: home.createdAt,
    });
  });

  it("lists the newest CONTACT_HISTORY_MAX and counts them all", async () => {
    const email = address("many");
    const sent = [];
    for (let i = 0; i <= CONTACT_HISTORY_MAX; i++) {
      sent.push(await send({ ...payloads.home, email, phoneNumber: "" }));
    }
    const { body } = await person(sent[0]!._id);
    expect(body.total).toBe(CONTACT_HISTORY_MAX + 1);
    expect(body.enquiries).toHaveLength(CONTACT_HISTORY_MAX);
    const times = body.enquiries.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(times.at(-1)! >= sent[0]!.createdAt).toBe(true);
  });

  it("gives the person's newsletter status at each address", async () => {
    const db = t.app.services.database.db;
    const [confirmed, pending, unsubscribed, none] = ["c", "p", "u", "n"].map(address);
    // Whatever the sign-up started as (pending, or confirmed without mail), each is set here.
    const statuses = {
      [confirmed!]: "confirmed",
      [pending!]: "pending",
      [unsubscribed!]: "unsubscribed",
    };
    for (const [email, status] of Object.entries(statuses)) {
      await t.app.services.newsletter.subscribe({ email });
      await db
        .updateTable("newsletter_subscribers")
        .set({ status })
        .where("email", "=", email)
        .execute();
    }
    const number = national();
    const sent = [];
    for (const email of [confirmed!, pending!, unsubscribed!, none!]) {
      sent.push(await send({ ...payloads.home, email: email.toUpperCase(), phoneNumber: number }));
    }
    const { body } = await person(sent[0]!._id);
    expect(body.total).toBe(4);
    expect(body.newsletter.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      [
        { email: confirmed, status: "confirmed" },
        { email: pending, status: "pending" },
        { email: unsubscribed, status: "unsubscribed" },
        { email: none, status: "none" },
      ].sort((a, b) => a.email!.localeCompare(b.email!)),
    );
  });

  it("merges two people by hand (by address, phone or enquiry id), and a split undoes it", async () => {
    const work = address("work");
    const home = address("home");
    const a1 = await send({ ...payloads.home, email: work, phoneNumber: "" });
    const a2 = await send({ ...payloads.service, email: work, phoneNumber: "" });
    const b1 = await send({ ...payloads.long, email: home, phoneNumber: "" });
    const b2 = await send({ ...payloads.home, email: home, phoneNumber: "" });
    const before = (await person(a1._id)).body.id;

    const merged = await merge(a1._id, home.toUpperCase());
    expect(merged.status).toBe(200);
    expect(merged.body.id).toBe(before);
    expect(ids(merged.body)).toEqual([a1._id, a2._id, b1._id, b2._id].sort());
    expect(
      merged.body.enquiries
        .filter((e) => e.manual)
        .map((e) => e.id)
        .sort(),
    ).toEqual([b1._id, b2._id].sort());
    // The next enquiry from the merged-in address joins the one person.
    const b3 = await send({ ...payloads.home, email: home, phoneNumber: "" });
    expect((await person(b3._id)).body.id).toBe(before);

    // Splitting the merged-in enquiries out together undoes the merge.
    const undone = await split(b1._id, [b2._id, b3._id]);
    expect(undone.status).toBe(200);
    expect(ids(undone.body)).toEqual([b1._id, b2._id, b3._id].sort());
    expect(ids((await person(a1._id)).body)).toEqual([a1._id, a2._id].sort());

    // By a phone number and by an enquiry id.
    const number = national();
    const c1 = await send({ ...payloads.home, email: address("phone"), phoneNumber: number });
    expect(ids((await merge(a2._id, `0${number}`)).body)).toContain(c1._id);
    const d1 = await send({ ...payloads.home, email: address("byid"), phoneNumber: "" });
    expect(ids((await merge(d1._id, a1._id)).body)).toEqual(
      [a1._id, a2._id, c1._id, d1._id].sort(),
    );
  });

  it("splits a wrongly joined enquiry out; a merge undoes it, and a new enquiry does not re-join it", async () => {
    // Two people who gave the same office phone number.
    const number = national();
    const ngozi = address("ngozi");
    const tunde = address("tunde");
    const n1 = await send({ ...payloads.home, email: ngozi, phoneNumber: number });
    const t1 = await send({
      ...payloads.home,
      name: "Tunde",
      email: tunde,
      phoneNumber: `0${number}`,
    });
    expect((await person(t1._id)).body.total).toBe(2);

    const split1 = await split(t1._id);
    expect(split1.status).toBe(200);
    expect(ids(split1.body)).toEqual([t1._id]);
    expect(split1.body.enquiries[0]!.manual).toBe(true);
    expect(ids((await person(n1._id)).body)).toEqual([n1._id]);

    // Tunde writes again from his address and the office phone: he joins his own contact,
    // not Ngozi's; the split stays. Ngozi's next enquiry by phone alone joins hers.
    const t2 = await send({ ...payloads.service, email: tunde, phoneNumber: number });
    const n2 = await send({ ...payloads.home, email: address("ngozi-new"), phoneNumber: number });
    expect(ids((await person(t2._id)).body)).toEqual([t1._id, t2._id].sort());
    expect(ids((await person(n1._id)).body)).toEqual([n1._id, n2._id].sort());

    // Merging back undoes the split.
    const back = await merge(n1._id, t1._id);
    expect(ids(back.body)).toEqual([n1._id, n2._id, t1._id, t2._id].sort());
  });

  it("answers 400 for merging a person with themself or a split that leaves nothing, 404 for unknown ones", async () => {
    const email = address("edge");
    const one = await send({ ...payloads.home, email, phoneNumber: "" });
    const two = await send({ ...payloads.home, email, phoneNumber: "" });
    const other = await send({ ...payloads.home, email: address("other"), phoneNumber: "" });

    const self = await merge(one._id, two._id);
    expect([self.status, self.body.error]).toEqual([400, MERGE_WITH_ITSELF]);
    const byAddress = await merge(one._id, email.toUpperCase());
    expect([byAddress.status, byAddress.body.error]).toEqual([400, MERGE_WITH_ITSELF]);
    const alone = await split(other._id);
    expect([alone.status, alone.body.error]).toEqual([400, SPLIT_ALONE]);
    const all = await split(one._id, [two._id]);
    expect([all.status, all.body.error]).toEqual([400, SPLIT_ALL]);
    const foreign = await split(one._id, [other._id]);
    expect([foreign.status, foreign.body.error]).toEqual([400, SPLIT_OTHER_CONTACT]);

    const unknown = await merge(one._id, "nobody-here@example.com");
    expect([unknown.status, unknown.body.error]).toEqual([404, MERGE_UNKNOWN]);
    const noSuch = randomUUID();
    expect((await person(noSuch)).status).toBe(404);
    expect((await merge(noSuch, email)).status).toBe(404);
    expect((await split(noSuch)).status).toBe(404);
    for (const payload of [{}, { with: "" }, { with: 42 }, { with: "x".repeat(300) }]) {
      const bad = await call<Answer<object>>(t.app, {
        method: "POST",
        url: `/api/contact/${one._id}/person/merge`,
        headers,
        payload,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toEqual(expect.any(String));
    }
    const badSplit = await call<Answer<object>>(t.app, {
      method: "POST",
      url: `/api/contact/${one._id}/person/split`,
      headers,
      payload: { together: "all" },
    });
    expect(badSplit.status).toBe(400);
    // Nothing changed by the refused calls.
    expect(ids((await person(one._id)).body)).toEqual([one._id, two._id].sort());
  });

  it("writes merges and splits to Activity, naming the person", async () => {
    const a = await send({
      ...payloads.home,
      name: "Amaka Activity",
      email: address("act-a"),
      phoneNumber: "",
    });
    const b = await send({
      ...payloads.home,
      name: "Bayo Activity",
      email: address("act-b"),
      phoneNumber: "",
    });
    await merge(a._id, b._id);
    await split(b._id);
    const owner = await t.adminHeaders();
    const activity = await call<{
      entries: {
        action: string;
        entityId: string;
        actorEmail: string;
        itemTitle: string | null;
        after: Record<string, unknown> | null;
      }[];
    }>(t.app, { method: "GET", url: "/api/audit?type=enquiry", headers: owner });
    const entries = activity.body.entries.filter((e) => [a._id, b._id].includes(e.entityId));
    expect(entries.map((e) => [e.action, e.entityId, e.actorEmail, e.itemTitle])).toEqual([
      ["contact-split", b._id, "editor@agency.test", "Bayo Activity"],
      ["contact-merge", a._id, "editor@agency.test", "Amaka Activity"],
    ]);
    expect(entries[1]!.after).toMatchObject({ enquiries: [b._id] });
    expect(String(entries[1]!.after?.mergedWith)).toContain("Bayo Activity");
  });

  it("counts each listed enquiry's person for the inbox", async () => {
    const email = address("count");
    const a = await send({ ...payloads.home, email, phoneNumber: "" });
    const b = await send({ ...payloads.home, email, phoneNumber: "" });
    const c = await send({ ...payloads.home, email: address("lone"), phoneNumber: "" });
    const counts = await call<Record<string, number>>(t.app, {
      method: "GET",
      url: `/api/contact/person-counts?ids=${a._id},${b._id},${c._id},${randomUUID()}`,
      headers,
    });
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ [a._id]: 2, [b._id]: 2, [c._id]: 1 });
    const tooMany = await call(t.app, {
      method: "GET",
      url: `/api/contact/person-counts?ids=${Array.from({ length: 201 }, (_, i) => `id${i}`).join(",")}`,
      headers,
    });
    expect(tooMany.status).toBe(400);
  });

  it("gives an enquiry written by other means its person when first asked; deleting one leaves the rest", async () => {
    const email = address("sql");
    const sent = await send({ ...payloads.home, email, phoneNumber: "" });
    const db = t.app.services.database.db;
    const row = await db
      .selectFrom("enquiries")
      .selectAll()
      .where("id", "=", sent._id)
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    await db
      .insertInto("enquiries")
      .values({ ...row, id, email: email.toUpperCase() })
      .execute();
    expect(ids((await person(id)).body)).toEqual([sent._id, id].sort());
    const removed = await call(t.app, { method: "DELETE", url: `/api/contact/${id}`, headers });
    expect(removed.status).toBe(200);
    expect(ids((await person(sent._id)).body)).toEqual([sent._id]);
  });

  it("fills the contacts of the enquiries there were when the migration runs", async () => {
    const db = t.app.services.database.db;
    const number = national();
    const email = address("migrated");
    const a = await send({ ...payloads.home, email, phoneNumber: "" });
    const b = await send({ ...payloads.home, email: email.toUpperCase(), phoneNumber: number });
    const c = await send({
      ...payloads.home,
      email: address("migrated-phone"),
      phoneNumber: `0${number}`,
    });
    const d = await send({ ...payloads.home, email: address("migrated-alone"), phoneNumber: "" });
    // Undone, then run again by the migrator as at an upgrade (in its transaction on PostgreSQL).
    const { rows: ran } = await sql<{
      timestamp: string;
    }>`select timestamp from kysely_migration where name = '0048-contacts'`.execute(db);
    await contactsMigration.down(db as unknown as Kysely<unknown>);
    await sql`delete from kysely_migration where name = '0048-contacts'`.execute(db);
    const { database } = t.config;
    const schema = database.kind === "postgres" ? database.schema : undefined;
    // The real migrator (its transaction on PostgreSQL); later migrations have run already, so
    // it is told that one may come back out of order, as it would not at a real upgrade.
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((result) => [result.migrationName, result.status])).toEqual([
      ["0048-contacts", "Success"],
    ]);
    // Its record back in its place among the later ones: the next app on this database (the
    // test below) checks the order again.
    await sql`update kysely_migration set timestamp = ${ran[0]!.timestamp} where name = '0048-contacts'`.execute(
      db,
    );
    const links = await (db as Kysely<Database>)
      .selectFrom("enquiry_contacts")
      .select(["enquiry_id", "contact_id"])
      .where("enquiry_id", "in", [a._id, b._id, c._id, d._id])
      .execute();
    const contactOf = new Map(links.map((row) => [row.enquiry_id, row.contact_id]));
    expect(contactOf.size).toBe(4);
    expect(contactOf.get(b._id)).toBe(contactOf.get(a._id));
    expect(contactOf.get(c._id)).toBe(contactOf.get(a._id));
    expect(contactOf.get(d._id)).not.toBe(contactOf.get(a._id));
    // The keys were claimed too: a new enquiry from the number joins the person.
    const e = await send({
      ...payloads.home,
      email: address("after"),
      phoneNumber: `+234${number}`,
    });
    expect(ids((await person(e._id)).body)).toEqual([a._id, b._id, c._id, e._id].sort());
  });

  it("makes one person of twenty enquiries sent at once to two instances", async () => {
    const other = await createTestApp(sameDatabase(t));
    const email = address("rush");
    const number = national();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<Enquiry>(i % 2 ? other.app : t.app, {
          method: "POST",
          url: "/api/contact",
          // Half by the e-mail, half by the phone alone under another address: one person.
          payload:
            i % 4 < 2
              ? { ...payloads.home, email, phoneNumber: number }
              : { ...payloads.home, email: address(`rush${i}`), phoneNumber: `0${number}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const contacts = new Set(
      await Promise.all(answers.map(async (answer) => (await person(answer.body._id)).body.id)),
    );
    expect(contacts.size).toBe(1);
    expect((await person(answers[0]!.body._id)).body.total).toBe(20);
  });
});
