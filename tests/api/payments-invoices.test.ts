import { describe, expect, it } from "vitest";
import type { Invoice } from "../../common/schemas/payments.ts";
import { dayIn, addDays } from "../../common/time-zone.ts";
import { enquiryPayloads } from "../factories/enquiries.ts";
import { startMailServer } from "../support/mail-server.ts";
import { call, createTestApp, expectAdminOnly, sameDatabase, waitFor } from "./helpers.ts";
import { usePaymentsApp } from "./payments-setup.ts";

// Invoices (issue 49): lines, quantity, discount, VAT 7.5 %, numbers per year with no gaps,
// a link the client prints and pays (card or transfer), part payments, reminders.

const lines = [
  {
    description: "GROW ME package, monthly",
    itemKey: "grow-me",
    quantity: 2,
    unitPrice: 250_000,
    discount: 0,
  },
  { description: "Voiceover", quantity: 3, unitPrice: 10_000, discount: 5_000 },
  { description: "Logo refresh", quantity: 1, unitPrice: 30_001 },
];

const draft = (extra: Record<string, unknown> = {}) => ({
  clientName: "Obi Foods Ltd",
  clientEmail: "accounts@obifoods.ng",
  clientCompany: "Obi Foods",
  dueDate: addDays(dayIn(Date.now()), 14),
  vat: true,
  lines,
  ...extra,
});

describe("invoices", () => {
  const t = usePaymentsApp();
  const api = <T>(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    call<T>(t.app, {
      method,
      url: `/api${url}`,
      headers: t.headers,
      ...(payload ? { payload } : {}),
    });

  it("adds up lines, quantities, discounts and VAT in naira, to the kobo", async () => {
    const made = await api<Invoice>("POST", "/invoices", draft());
    expect(made.status).toBe(201);
    // 500,000 + 30,000 - 5,000 + 30,001 = 555,001; VAT 7.5 % = 41,625.075 -> 41,625.08
    expect(made.body).toMatchObject({
      status: "draft",
      number: null,
      link: null,
      subtotal: 560_001,
      discount: 5_000,
      vatAmount: 41_625.08,
      total: 596_626.08,
      paid: 0,
      balance: 596_626.08,
    });
    expect(made.body.lines.map((line) => line.total)).toEqual([500_000, 25_000, 30_001]);
    const noVat = await api<Invoice>("POST", "/invoices", draft({ vat: false }));
    expect(noVat.body).toMatchObject({ vatAmount: 0, total: 555_001 });
    for (const bad of [
      draft({ lines: [] }),
      draft({ dueDate: "2027-02-30" }),
      draft({ clientEmail: "nope" }),
      draft({ lines: [{ description: "x", quantity: 1, unitPrice: 100, discount: 200 }] }),
      draft({ lines: [{ description: "x", quantity: 0, unitPrice: 100 }] }),
      draft({ lines: [{ description: "x", quantity: 1, unitPrice: 10.001 }] }),
    ]) {
      expect((await api("POST", "/invoices", bad)).status).toBe(400);
    }
    await expectAdminOnly(t, { method: "POST", url: "/api/invoices", payload: draft() });
  });

  it("is made from an enquiry, changed while a draft, numbered and mailed when sent", async () => {
    const enquiry = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: enquiryPayloads.home,
    });
    const made = await api<Invoice>("POST", "/invoices", draft({ enquiryId: enquiry.body._id }));
    expect(made.body.enquiryId).toBe(enquiry.body._id);
    expect((await api("POST", "/invoices", draft({ enquiryId: "no-such-enquiry" }))).status).toBe(
      404,
    );
    const changed = await api<Invoice>(
      "PUT",
      `/invoices/${made.body._id}`,
      draft({ vat: false, notes: "Thanks!" }),
    );
    expect(changed.body).toMatchObject({ vat: false, notes: "Thanks!", total: 555_001 });

    const sent = await api<{ invoice: Invoice; mailed: boolean }>(
      "POST",
      `/invoices/${made.body._id}/send`,
    );
    expect(sent.status).toBe(200);
    const year = dayIn(Date.now()).slice(0, 4);
    expect(sent.body.invoice.number).toMatch(new RegExp(`^INV-${year}-\\d{4}$`));
    expect(sent.body.invoice).toMatchObject({ status: "sent", issueDate: dayIn(Date.now()) });
    expect(sent.body.mailed).toBe(true);
    // Lower-case: every path has one spelling, and a capital would be redirected (decision 0022).
    expect(sent.body.invoice.link).toMatch(/\/invoices\/[0-9a-f]{40}$/);
    await waitFor(
      async () =>
        t.mail.inbox.filter(
          (m) => m.mail.subject === `Invoice ${sent.body.invoice.number} from Brightlane Digital`,
        ),
      (mails) => mails.length === 1,
      10_000,
    );
    const mail = t.mail.inbox.find((m) =>
      m.mail.subject?.startsWith(`Invoice ${sent.body.invoice.number}`),
    )!;
    expect(mail.rcptTo).toEqual(["accounts@obifoods.ng"]);
    expect(mail.mail.text).toContain(sent.body.invoice.link!);
    // A sent invoice is a document: changed no more, deleted no more.
    expect((await api("PUT", `/invoices/${made.body._id}`, draft())).status).toBe(409);
    expect((await api("DELETE", `/invoices/${made.body._id}`)).status).toBe(409);
    // Sending it again mails it again, under the same number.
    const again = await api<{ invoice: Invoice }>("POST", `/invoices/${made.body._id}/send`);
    expect(again.body.invoice.number).toBe(sent.body.invoice.number);
  });

  it("is paid part by transfer, the rest by card, then paid; a void one takes nothing", async () => {
    const made = await api<Invoice>("POST", "/invoices", draft({ vat: false, lines: [lines[2]] }));
    const id = made.body._id;
    expect(
      (await api("POST", `/invoices/${id}/payments`, { amount: 1, receivedOn: dayIn(Date.now()) }))
        .status,
    ).toBe(409);
    const sent = (await api<{ invoice: Invoice }>("POST", `/invoices/${id}/send`)).body.invoice;
    const token = sent.link!.split("/").pop()!;
    const part = await api<Invoice>("POST", `/invoices/${id}/payments`, {
      amount: 10_000.5,
      receivedOn: dayIn(Date.now()),
      reference: "GTB-778812",
    });
    expect(part.body).toMatchObject({ status: "part-paid", paid: 10_000.5, balance: 20_000.5 });
    expect(
      (
        await api("POST", `/invoices/${id}/payments`, {
          amount: 30_000,
          receivedOn: dayIn(Date.now()),
        })
      ).status,
    ).toBe(400);

    // The client pays the balance by card on the invoice's page.
    const checkout = await t.app.services.payInvoice(token);
    expect(checkout).toBeDefined();
    const initialized = t.paystack.requests
      .filter((r) => r.operationId === "transaction_initialize")
      .at(-1);
    expect(initialized?.body).toMatchObject({ amount: 2_000_050, reference: checkout!.reference });
    await t.paystack.pay(checkout!.reference);
    const paid = (await api<Invoice>("GET", `/invoices/${id}`)).body;
    expect(paid).toMatchObject({ status: "paid", paid: 30_001, balance: 0 });
    expect(paid.payments.map((p) => p.method)).toEqual(["transfer", "paystack"]);
    expect(await t.app.services.payInvoice(token)).toBeUndefined();
    expect((await api("POST", `/invoices/${id}/void`)).status).toBe(409);

    const other = await api<Invoice>("POST", "/invoices", draft());
    await api("POST", `/invoices/${other.body._id}/send`);
    const voided = await api<Invoice>("POST", `/invoices/${other.body._id}/void`);
    expect(voided.body.status).toBe("void");
    expect(await t.app.services.payInvoice(voided.body.link!.split("/").pop()!)).toBeUndefined();
  });

  it("lists by status (overdue from the due date), searches, and exports CSV", async () => {
    const late = await api<Invoice>(
      "POST",
      "/invoices",
      draft({ clientName: "Late Payer", dueDate: addDays(dayIn(Date.now()), -2) }),
    );
    await api("POST", `/invoices/${late.body._id}/send`);
    const overdue = await api<Invoice[]>("GET", "/invoices?status=overdue");
    expect(overdue.body.map((invoice) => invoice.clientName)).toContain("Late Payer");
    expect(overdue.body.every((invoice) => invoice.status === "overdue")).toBe(true);
    const found = await api<Invoice[]>("GET", "/invoices?q=late%20payer");
    expect(found.body.map((invoice) => invoice._id)).toEqual([late.body._id]);
    const csv = await call(t.app, {
      method: "GET",
      url: "/api/invoices/export.csv?q=late",
      headers: t.headers,
    });
    expect(csv.response.body).toContain("Late Payer");
    expect(csv.response.body).toContain("overdue");
  });
});

describe("invoice numbers", () => {
  it(
    "are per year with no gaps and no repeats, however many are sent at once on two instances",
    { timeout: 60_000 },
    async () => {
      const a = await createTestApp();
      const b = await createTestApp({ ...sameDatabase(a), TOKEN_SECRET: a.config.tokenSecret });
      const headers = await a.adminHeaders();
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) {
        const made = await call<Invoice>(a.app, {
          method: "POST",
          url: "/api/invoices",
          headers,
          payload: draft(),
        });
        ids.push(made.body._id);
      }
      const sent = await Promise.all(
        ids.flatMap((id, index) => [
          call<{ invoice: Invoice }>((index % 2 ? a : b).app, {
            method: "POST",
            url: `/api/invoices/${id}/send`,
            headers,
          }),
          // The same invoice sent twice at once on the other instance: still one number.
          call<{ invoice: Invoice }>((index % 2 ? b : a).app, {
            method: "POST",
            url: `/api/invoices/${id}/send`,
            headers,
          }),
        ]),
      );
      expect(sent.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual(
        [],
      );
      const year = dayIn(Date.now()).slice(0, 4);
      const numbers = [...new Set(sent.map((answer) => answer.body.invoice.number))].sort();
      expect(numbers).toEqual(
        Array.from({ length: 24 }, (_, i) => `INV-${year}-${String(i + 1).padStart(4, "0")}`),
      );
    },
  );
});

describe("invoice reminders", () => {
  it(
    "mails the client before and after the due date, once each, and not once paid",
    { timeout: 60_000 },
    async () => {
      const mail = await startMailServer();
      let now = Date.parse("2027-03-01T09:00:00Z");
      const t = await createTestApp(
        { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: "site@agency.test" },
        { clock: () => now },
      );
      try {
        const headers = await t.adminHeaders();
        const made = await call<Invoice>(t.app, {
          method: "POST",
          url: "/api/invoices",
          headers,
          payload: draft({ dueDate: "2027-03-10", vat: false, clientEmail: "remind@client.ng" }),
        });
        const sent = await call<{ invoice: Invoice }>(t.app, {
          method: "POST",
          url: `/api/invoices/${made.body._id}/send`,
          headers,
        });
        expect(sent.body.invoice.number).toBe("INV-2027-0001");
        const { outbox, invoices } = t.app.services;
        const subjects = () =>
          mail.inbox
            .filter((m) => m.rcptTo.includes("remind@client.ng"))
            .map((m) => m.mail.subject);
        const at = async (iso: string) => {
          now = Date.parse(iso);
          invoices.checkRemindersNow();
          await outbox.runNow();
          await outbox.runNow();
        };
        await waitFor(
          async () => subjects(),
          (list) => list.length === 1,
          10_000,
        );
        await at("2027-03-05T09:00:00Z"); // 5 days before: nothing yet
        await at("2027-03-07T09:00:00Z"); // 3 days before
        await at("2027-03-08T09:00:00Z"); // the same reminder is not sent twice
        await at("2027-03-11T09:00:00Z"); // a day late
        await waitFor(
          async () => subjects(),
          (list) => list.length === 3,
          10_000,
        );
        expect(subjects()).toEqual([
          "Invoice INV-2027-0001 from Brightlane Digital",
          "Reminder: invoice INV-2027-0001 (N555,001 due)",
          "Reminder: invoice INV-2027-0001 (N555,001 overdue)",
        ]);
        // Paid by transfer: the week-late reminder never goes.
        await call(t.app, {
          method: "POST",
          url: `/api/invoices/${made.body._id}/payments`,
          headers,
          payload: { amount: 555_001, receivedOn: "2027-03-12" },
        });
        await at("2027-03-18T09:00:00Z");
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(subjects()).toHaveLength(3);
      } finally {
        await t.close();
        await mail.close();
      }
    },
  );
});
