import { describe, expect, it } from "vitest";
import type { Order, Subscription } from "../../common/schemas/payments.ts";
import { call, setPrice, waitFor } from "./helpers.ts";
import { buyer, usePaymentsApp } from "./payments-setup.ts";

// Monthly packages (issue 49): one Paystack plan per package kept at its price, the first
// charge starts the subscription, and Paystack's events keep the client's status, in
// whatever order they arrive.

describe("monthly packages", () => {
  const t = usePaymentsApp();

  const subscriptions = async (q = "") =>
    (
      await call<Subscription[]>(t.app, {
        method: "GET",
        url: `/api/subscriptions${q}`,
        headers: t.headers,
      })
    ).body;

  it("subscribes through a plan at the package's price, and its receipt links to manage it", async () => {
    const { reference } = await t.checkout(
      buyer("grow-me", { monthly: true, email: "sub@client.ng" }),
    );
    const plan = [...t.paystack.plans.values()].find((p) => p.name === "GROW ME (monthly)")!;
    expect(plan).toMatchObject({ amount: 25_000_000, interval: "monthly", currency: "NGN" });
    const init = t.paystack.requests.find(
      (r) =>
        r.operationId === "transaction_initialize" &&
        (r.body as { reference: string }).reference === reference,
    );
    expect(init?.body).toMatchObject({ plan: plan.code, amount: 25_000_000 });
    expect((await subscriptions("?q=sub@client.ng"))[0]).toMatchObject({
      status: "pending",
      package: "GROW ME",
    });

    await t.paystack.pay(reference);
    const [subscription] = await subscriptions("?q=sub@client.ng");
    expect(subscription).toMatchObject({
      status: "active",
      amount: 250_000,
      payments: 1,
      paid: 250_000,
    });
    expect(subscription!.subscriptionCode).toMatch(/^SUB_/);
    await waitFor(
      async () => t.mail.inbox.filter((m) => m.rcptTo.includes("sub@client.ng")),
      (mails) => mails.length === 1,
      10_000,
    );
    const receipt = t.mail.inbox.find((m) => m.rcptTo.includes("sub@client.ng"))!;
    const link = /http:\/\/\S+\/payments\/subscription\/[A-Za-z0-9_-]+/.exec(
      receipt.mail.text ?? "",
    )?.[0];
    expect(link, receipt.mail.text).toBeTruthy();
    const token = link!.split("/").pop()!;
    expect(await t.app.services.payments.manageLink(token)).toBe(
      `${t.paystack.url}/manage/${subscription!.subscriptionCode}`,
    );
    expect(await t.app.services.payments.manageLink("not-a-token")).toBeUndefined();
  });

  it("exports the subscriptions of a filter as CSV, every page of them", async () => {
    for (let i = 0; i < 3; i++) {
      const { reference } = await t.checkout(
        buyer("grow-me", { monthly: true, email: `csv${i}@subs.ng` }),
      );
      await t.paystack.pay(reference);
    }
    await t.checkout(buyer("grow-me", { monthly: true, email: "other@client.ng" }));
    const csv = await call<string>(t.app, {
      method: "GET",
      url: "/api/subscriptions/export.csv?q=subs.ng",
      headers: t.headers,
    });
    expect(csv.status).toBe(200);
    const rows = csv.response.body.trimEnd().split(/\r?\n/);
    expect(rows[0]).toBe(
      "\ufeffStarted,Package,Status,Monthly (NGN),Name,Email,Next payment,Payments,Paid (NGN),Test mode",
    );
    expect(
      rows
        .slice(1)
        .map((row) => /csv\d@subs\.ng/.exec(row)?.[0])
        .sort(),
    ).toEqual(["csv0@subs.ng", "csv1@subs.ng", "csv2@subs.ng"]);
    expect(rows.slice(1).every((row) => row.includes(",active,250000.00,"))).toBe(true);
  });

  it("keeps the status through renewals, failed payments, not renewing and disabling", async () => {
    const { reference } = await t.checkout(
      buyer("brand-me", { monthly: true, email: "life@client.ng" }),
    );
    await t.paystack.pay(reference);
    const code = (await subscriptions("?q=life@client.ng"))[0]!.subscriptionCode!;

    const renewal = await t.paystack.renew(code);
    const renewed = await call<Order>(t.app, {
      method: "GET",
      url: `/api/orders/${renewal.reference}`,
      headers: t.headers,
    });
    expect(renewed.body).toMatchObject({
      kind: "renewal",
      status: "paid",
      amount: 350_000,
      item: "BRAND ME",
    });
    // The renewal's charge.success again (Paystack retries): still one renewal.
    await t.paystack.deliver(renewal.bodies[0]!);
    expect((await subscriptions("?q=life@client.ng"))[0]).toMatchObject({
      status: "active",
      payments: 2,
      paid: 700_000,
    });

    await t.paystack.failRenewal(code);
    expect((await subscriptions("?q=life@client.ng"))[0]!.status).toBe("attention");
    await t.paystack.notRenew(code);
    expect((await subscriptions("?q=life@client.ng"))[0]!.status).toBe("non-renewing");
    await t.paystack.disable(code);
    expect((await subscriptions("?q=life@client.ng"))[0]!.status).toBe("cancelled");
    expect((await subscriptions("?status=cancelled")).map((s) => s.email)).toContain(
      "life@client.ng",
    );
  });

  it("takes subscription.create before charge.success (out of order)", async () => {
    const { reference } = await t.checkout(
      buyer("take-off", { monthly: true, email: "early@client.ng" }),
    );
    const [charge, created] = await t.paystack.pay(reference, { send: false });
    expect(await t.paystack.deliver(created!)).toBe(200);
    expect(await t.paystack.deliver(charge!)).toBe(200);
    const [subscription] = await subscriptions("?q=early@client.ng");
    expect(subscription).toMatchObject({ status: "active", payments: 1 });
    expect(subscription!.subscriptionCode).toMatch(/^SUB_/);
  });

  it("moves the package's plan when its price changes in the back office", async () => {
    await t.checkout(buyer("empower-me", { monthly: true, email: "plan@client.ng" }));
    const plan = () =>
      [...t.paystack.plans.values()].find((p) => p.name === "EMPOWER ME (monthly)")!;
    expect(plan().amount).toBe(18_000_000);
    await setPrice(t, t.headers, 190_000, "empower-me");
    await waitFor(
      async () => plan().amount,
      (amount) => amount === 19_000_000,
      10_000,
    );
    expect(
      t.paystack.requests.filter((r) => r.operationId === "plan_create").length,
    ).toBeGreaterThan(0);
    expect(t.paystack.requests.some((r) => r.operationId === "plan_update")).toBe(true);
    await setPrice(t, t.headers, 180_000, "empower-me");
    await waitFor(
      async () => plan().amount,
      (amount) => amount === 18_000_000,
      10_000,
    );
  });
});
