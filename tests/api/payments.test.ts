import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backup } from "../../server/ops/backup.ts";
import { PAYMENTS_OFF_REASON } from "../../common/payments.ts";
import type { Order } from "../../common/schemas/payments.ts";
import { call, expectAdminOnly, useTestApp, waitFor } from "./helpers.ts";
import { buyer, usePaymentsApp } from "./payments-setup.ts";

// Checkout and the confirmation of payments (issue 49), against the local Paystack built
// from its OpenAPI description (tests/support/paystack): every request the site sends is
// checked against that description after each test (payments-setup.ts).

const webhook = (t: ReturnType<typeof usePaymentsApp>, body: string, signature?: string) =>
  call<{ received?: boolean; outcome?: string; error?: string }>(t.app, {
    method: "POST",
    url: "/api/payments/paystack/webhook",
    headers: {
      "content-type": "application/json",
      ...(signature === undefined ? {} : { "x-paystack-signature": signature }),
    },
    payload: body,
  });

describe("without PAYSTACK_SECRET_KEY", () => {
  const t = useTestApp();

  it("takes no payment, and the back office says why", async () => {
    const checkout = await call(t.app, { method: "POST", url: "/api/checkout", payload: buyer() });
    expect(checkout.status).toBe(404);
    const hook = await call(t.app, {
      method: "POST",
      url: "/api/payments/paystack/webhook",
      headers: { "content-type": "application/json", "x-paystack-signature": "0".repeat(128) },
      payload: "{}",
    });
    expect(hook.status).toBe(404);
    const headers = await t.adminHeaders();
    const status = await call<{ enabled: boolean; reason: string | null }>(t.app, {
      method: "GET",
      url: "/api/payments/status",
      headers,
    });
    expect(status.body).toMatchObject({
      enabled: false,
      testMode: false,
      reason: PAYMENTS_OFF_REASON,
    });
    const orders = await call<Order[]>(t.app, { method: "GET", url: "/api/orders", headers });
    expect(orders.body).toEqual([]);
  });
});

describe("checkout", () => {
  const t = usePaymentsApp();

  it("charges the server's price in kobo, with an unguessable reference, and a lead with its source", async () => {
    // An amount in the request is nobody's business: the server's price is charged.
    const { reference, authorizationUrl } = await t.checkout(
      buyer("grow-me", {
        amount: 1,
        price: 1,
        companyName: "Obi Foods",
        contract: "3 Months Contract",
      }),
    );
    expect(reference).toMatch(/^ord-[0-9a-f]{32}$/);
    expect(authorizationUrl.startsWith(`${t.paystack.url}/checkout/`)).toBe(true);
    const sent = t.paystack.requests.find(
      (request) => request.operationId === "transaction_initialize",
    );
    expect(sent?.body).toMatchObject({
      amount: 25_000_000,
      currency: "NGN",
      email: "ada@client.ng",
      reference,
      callback_url: `${t.config.publicOrigin}/payments/callback`,
      metadata: { item: "GROW ME", item_type: "package" },
    });
    const order = await t.order(reference);
    expect(order).toMatchObject({
      reference,
      status: "pending",
      amount: 250_000,
      email: "ada@client.ng",
      item: "GROW ME",
      itemType: "package",
      testMode: true,
      phone: "+2348031234567",
    });
    const lead = await call<{
      source: Record<string, string>;
      serviceType: string;
      options: string[];
    }>(t.app, { method: "GET", url: `/api/contact/${order.enquiryId}`, headers: t.headers });
    expect(lead.body).toMatchObject({
      serviceType: "GROW ME",
      options: ["3 Months Contract"],
      companyName: "Obi Foods",
      source: { page: "/social-media-management", utmSource: "whatsapp", utmCampaign: "december" },
    });
  });

  it("sells an offer by its id, refuses ranges, unknown items and monthly offers", async () => {
    const voiceover = await t.offer("Voiceover");
    const { reference } = await t.checkout(buyer(voiceover._id));
    expect(await t.order(reference)).toMatchObject({
      amount: 10_000,
      item: "Voiceover",
      itemType: "offer",
    });
    const branding = await t.offer("Branding");
    for (const item of [branding._id, "no-such-thing"]) {
      const answer = await call<{ error: string }>(t.app, {
        method: "POST",
        url: "/api/checkout",
        payload: buyer(item),
      });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatch(/cannot be bought online/);
    }
    const monthly = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/checkout",
      payload: buyer(voiceover._id, { monthly: true }),
    });
    expect(monthly.status).toBe(400);
    for (const bad of [
      { ...buyer(), email: "not-an-email" },
      { ...buyer(), phone: "" },
      { ...buyer(), name: " " },
      { ...buyer(), item: 42 },
    ]) {
      const answer = await call<{ error: string }>(t.app, {
        method: "POST",
        url: "/api/checkout",
        payload: bad,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBeTypeOf("string");
    }
  });

  it("marks the order paid once from the webhook, with one receipt mailed", async () => {
    const { reference } = await t.checkout();
    await t.paystack.pay(reference);
    expect(t.paystack.deliveries.at(-1)).toMatchObject({ event: "charge.success", status: 200 });
    const order = await t.order(reference);
    expect(order).toMatchObject({ status: "paid", channel: "card" });
    expect(order.paidAt).toBeTypeOf("string");
    expect(await t.receipts(reference)).toBe(1);
    await t.mail.received(1);
    await waitFor(
      async () =>
        t.mail.inbox.filter((m) => m.mail.subject?.startsWith("Payment received: TAKE OFF")),
      (mails) => mails.length === 1,
      10_000,
    );
    const receipt = t.mail.inbox.find((m) =>
      m.mail.subject?.startsWith("Payment received: TAKE OFF"),
    )!;
    expect(receipt.rcptTo).toEqual(["ada@client.ng"]);
    expect(receipt.mail.text).toContain("N100,000");
    expect(receipt.mail.text).toContain(reference);
  });

  it("takes the same webhook twice, late, replayed: still one payment and one receipt", async () => {
    const { reference } = await t.checkout();
    const [body] = await t.paystack.pay(reference, { send: false });
    // The visitor's return confirms it first (as the callback page does) …
    await t.app.services.payments.confirm(reference);
    // … then the webhook arrives, late, twice, then replayed.
    expect((await webhook(t, body!, t.paystack.sign(body!))).body).toMatchObject({
      outcome: "done",
    });
    expect((await webhook(t, body!, t.paystack.sign(body!))).body).toMatchObject({
      outcome: "replay",
    });
    expect((await webhook(t, body!, t.paystack.sign(body!))).body).toMatchObject({
      outcome: "replay",
    });
    expect((await t.order(reference)).status).toBe("paid");
    expect(await t.receipts(reference)).toBe(1);
  });

  it("refuses a missing or wrong signature with 401 and changes nothing", async () => {
    const { reference } = await t.checkout();
    const [body] = await t.paystack.pay(reference, { send: false });
    for (const signature of [undefined, "", "abc", t.paystack.sign(`${body} `), "0".repeat(128)]) {
      const answer = await webhook(t, body!, signature);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBeTypeOf("string");
    }
    expect(await t.paystack.deliver(body!, "bad")).toBe(401);
    expect(await t.paystack.deliver(body!, "missing")).toBe(401);
    expect((await t.order(reference)).status).toBe("pending");
  });

  it("trusts Paystack's record, not the webhook's words: a forged amount is not paid", async () => {
    const { reference } = await t.checkout();
    // A correctly signed charge.success for an order Paystack never charged: verify says no.
    const forged = JSON.stringify({
      event: "charge.success",
      data: { reference, amount: 10_000_000, currency: "NGN", status: "success" },
    });
    expect((await webhook(t, forged, t.paystack.sign(forged))).status).toBe(200);
    expect((await t.order(reference)).status).toBe("pending");
    // A charge of another amount than the order's is never counted.
    t.paystack.transactions.get(reference)!.amount = 100;
    await t.paystack.pay(reference);
    const order = await t.order(reference);
    expect(order.status).toBe("failed");
    expect(await t.receipts(reference)).toBe(0);
  });

  it("takes a decline, then a later success (out of order): failed, then paid", async () => {
    const { reference } = await t.checkout();
    t.paystack.decline(reference);
    await t.app.services.payments.confirm(reference);
    expect((await t.order(reference)).status).toBe("failed");
    await t.paystack.pay(reference);
    expect((await t.order(reference)).status).toBe("paid");
    expect(await t.receipts(reference)).toBe(1);
  });

  it("lists orders with reference, status, naira amount, e-mail and item, filtered and searched", async () => {
    const { reference } = await t.checkout(buyer("brand-me", { email: "zed@brand.ng" }));
    const all = await call<Order[]>(t.app, {
      method: "GET",
      url: "/api/orders",
      headers: t.headers,
    });
    expect(Number(all.response.headers["x-total-count"])).toBe(all.body.length);
    expect(all.body[0]).toMatchObject({
      reference,
      status: "pending",
      amount: 350_000,
      email: "zed@brand.ng",
      item: "BRAND ME",
    });
    const found = await call<Order[]>(t.app, {
      method: "GET",
      url: "/api/orders?q=ZED@&status=pending&page=1&pageSize=10",
      headers: t.headers,
    });
    expect(found.body.map((order) => order.reference)).toEqual([reference]);
    const paid = await call<Order[]>(t.app, {
      method: "GET",
      url: "/api/orders?status=paid",
      headers: t.headers,
    });
    expect(paid.body.every((order) => order.status === "paid")).toBe(true);
    expect(
      (await call(t.app, { method: "GET", url: "/api/orders?status=nope", headers: t.headers }))
        .status,
    ).toBe(400);
    await expectAdminOnly(t, { method: "GET", url: "/api/orders" });
    await expectAdminOnly(t, { method: "GET", url: `/api/orders/${reference}` });
  });

  it("exports the orders as CSV with formula-safe cells", async () => {
    await t.checkout(
      buyer("take-off", { name: '=HYPERLINK("http://evil")', email: "csv@client.ng" }),
    );
    const csv = await call<string>(t.app, {
      method: "GET",
      url: "/api/orders/export.csv?q=csv@client.ng",
      headers: t.headers,
    });
    expect(csv.status).toBe(200);
    expect(csv.response.headers["content-type"]).toMatch(/text\/csv/);
    const text = csv.response.body;
    expect(text.startsWith("\ufeffDate,Reference,Status")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("100000.00");
    expect(text).toContain(",+2348031234567");
    expect(text).not.toContain("\t+234");
  });

  it("records the checkout and the payment in Activity", async () => {
    const { reference } = await t.checkout(buyer("empower-me", { email: "act@client.ng" }));
    await t.paystack.pay(reference);
    const owner = await t.adminHeaders();
    const log = await call<{
      entries: { action: string; type: string; entityId: string; actorEmail: string }[];
    }>(t.app, { method: "GET", url: "/api/audit?type=order", headers: owner });
    const mine = log.body.entries.filter((entry) => entry.entityId === reference);
    expect(mine.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["paid", "Paystack"],
      ["checkout", "act@client.ng"],
    ]);
  });

  it("keeps the secret key out of the database, the backup and the API's answers", async () => {
    const { reference } = await t.checkout();
    await t.paystack.pay(reference);
    const folder = path.join(await mkdtemp(path.join(tmpdir(), "agency-pay-backup-")), "b");
    try {
      await backup(t.app.services.database, t.app.services.storage, folder);
      const files: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(file);
          else files.push(file);
        }
      };
      await walk(folder);
      expect(files.some((file) => file.endsWith("orders.ndjson"))).toBe(true);
      for (const file of files) {
        expect((await readFile(file)).includes(t.paystack.secretKey), file).toBe(false);
      }
    } finally {
      await rm(path.dirname(folder), { recursive: true, force: true });
    }
    const status = await call(t.app, {
      method: "GET",
      url: "/api/payments/status",
      headers: t.headers,
    });
    expect(status.response.body).not.toContain(t.paystack.secretKey);
    expect(status.body).toMatchObject({ enabled: true, testMode: true, reason: null });
  });

  it("refunds through Paystack, owners only", async () => {
    const { reference } = await t.checkout(buyer("grow-me", { email: "refund@client.ng" }));
    const pending = await call(t.app, {
      method: "POST",
      url: `/api/orders/${reference}/refund`,
      headers: t.headers,
      payload: {},
    });
    expect(pending.status).toBe(409);
    await t.paystack.pay(reference);
    const editor = await t.adminHeaders();
    const db = t.app.services.database.db;
    const editorEmail = JSON.parse(
      Buffer.from(editor.authorization.split(".")[1]!, "base64url").toString(),
    ).email as string;
    await db
      .updateTable("admins")
      .set({ role: "editor" })
      .where("email", "=", editorEmail)
      .execute();
    const refused = await call(t.app, {
      method: "POST",
      url: `/api/orders/${reference}/refund`,
      headers: editor,
      payload: {},
    });
    expect(refused.status).toBe(403);
    const part = await call<Order>(t.app, {
      method: "POST",
      url: `/api/orders/${reference}/refund`,
      headers: t.headers,
      payload: { amount: 50_000, reason: "Started late" },
    });
    expect(part.body).toMatchObject({ status: "paid", refunded: 50_000 });
    const rest = await call<Order>(t.app, {
      method: "POST",
      url: `/api/orders/${reference}/refund`,
      headers: t.headers,
      payload: {},
    });
    expect(rest.body).toMatchObject({ status: "refunded", refunded: 250_000 });
    const refunds = t.paystack.requests.filter((r) => r.operationId === "refund_create");
    expect(refunds.map((r) => (r.body as { amount?: number }).amount)).toEqual([
      5_000_000, 20_000_000,
    ]);
    expect(await t.paystack.refundProcessed(reference)).toBe(200);
  });
});
