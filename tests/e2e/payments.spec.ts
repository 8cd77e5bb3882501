import { startPaystack, type PaystackStandIn } from "../support/paystack/server.ts";
import { createAdmin } from "../support/server-process.ts";
import { adminToken, expect, expectNoAxeViolations, signIn, test as base } from "./fixtures.ts";
import { withOwnServer } from "./own-server.ts";

// Payments in the browser (issue 49), through the local Paystack built from its OpenAPI
// description (tests/support/paystack): a visitor buys a package on its page, a client pays
// an invoice from its link, and staff see both on the Payments screen. A server of its own
// with a (test) Paystack key; every request it sent must be in Paystack's contract.

interface PaymentsServer {
  url: string;
  owner: { email: string; password: string };
  paystack: PaystackStandIn;
}

const test = base.extend<object, { paymentsServer: PaymentsServer }>({
  paymentsServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const paystack = await startPaystack();
      try {
        await withOwnServer(
          "payments",
          { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
          async (server) => {
            paystack.setWebhookUrl(`${server.url}/api/payments/paystack/webhook`);
            const owner = createAdmin(server.env, "owner@agency.test");
            await use({ url: server.url, owner, paystack });
          },
        );
      } finally {
        await paystack.close();
      }
    },
    { scope: "worker" },
  ],
  baseURL: async ({ paymentsServer }, use) => use(paymentsServer.url),
});

test.describe.configure({ mode: "default", timeout: 90_000 });

test.afterEach(({ paymentsServer }) => {
  expect(paymentsServer.paystack.violations.splice(0)).toEqual([]);
});

test("a visitor buys a package on its page and pays on Paystack's page", async ({
  page,
  paymentsServer,
}) => {
  await page.goto("/social-media-management");
  await page.getByRole("link", { name: "Pay now: GROW ME" }).click();
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.getByText("N250,000").first()).toBeVisible();
  await expectNoAxeViolations(page, { include: "main" });
  await page.locator("input[name=name]").fill("Ada Obi");
  await page.locator("input[name=email]").fill("ada@client.ng");
  await page.locator("input[name=phone]").fill("803 123 4567");
  await page.getByRole("button", { name: "Pay now: N250,000" }).click();

  // Paystack's page (the stand-in's): the amount in naira, then Pay.
  await expect(page).toHaveURL(new RegExp(`^${paymentsServer.paystack.url}/checkout/`));
  await expect(page.getByRole("heading", { name: "Pay NGN 250,000.00" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay NGN/ }).click();

  await expect(page).toHaveURL(/\/payments\/callback\?/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByText("N250,000 for GROW ME is paid")).toBeVisible();
  const init = paymentsServer.paystack.requests.find(
    (r) => r.operationId === "transaction_initialize",
  );
  expect(init?.body).toMatchObject({ amount: 25_000_000, currency: "NGN" });
});

test("checkout works without JavaScript: the form's post is answered 303 to Paystack", async ({
  browser,
  paymentsServer,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: paymentsServer.url,
  });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("link", { name: "Pay now: Voiceover" }).click();
  // A document load without JavaScript: the checkout page, not the home page's forms.
  await expect(page).toHaveURL(/\/checkout/);
  await page.locator("input[name=name]").fill("No Script");
  await page.locator("input[name=email]").fill("noscript@client.ng");
  await page.locator("input[name=phone]").fill("8031234567");
  await page.getByRole("button", { name: "Pay now: N10,000" }).click();
  await expect(page).toHaveURL(new RegExp(`^${paymentsServer.paystack.url}/checkout/`));
  await page.getByRole("button", { name: /^Pay NGN/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await context.close();
});

test("a client pays an invoice from its link; staff see it on the Payments screen", async ({
  page,
  paymentsServer,
}) => {
  const token = await adminToken(page.request, paymentsServer.owner);
  const auth = { authorization: `Bearer ${token}` };
  await page.request.put("/api/payments/bank", {
    headers: auth,
    data: {
      bankName: "GTBank",
      accountName: "Brightlane Digital Ltd",
      accountNumber: "0123456789",
    },
  });
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const made = await page.request.post("/api/invoices", {
    headers: auth,
    data: {
      clientName: "Obi Foods Ltd",
      clientEmail: "accounts@obifoods.ng",
      dueDate: due,
      vat: true,
      lines: [{ description: "Page Revamp", quantity: 1, unitPrice: 30_000, discount: 0 }],
    },
  });
  const { _id: id } = (await made.json()) as { _id: string };
  const sent = await page.request.post(`/api/invoices/${id}/send`, { headers: auth });
  const { invoice } = (await sent.json()) as { invoice: { number: string; link: string } };

  await page.goto(invoice.link);
  await expect(page.getByRole("heading", { name: `Invoice ${invoice.number}` })).toBeVisible();
  await expect(page.getByText("0123456789")).toBeVisible();
  await expectNoAxeViolations(page, { include: "main" });
  // 30,000 + VAT 7.5 % = 32,250
  await page.getByRole("button", { name: "Pay N32,250 now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${paymentsServer.paystack.url}/checkout/`));
  await page.getByRole("button", { name: /^Pay NGN/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await page.goto(invoice.link);
  await expect(page.getByText("Balance due")).toBeVisible();
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Pay .* now/ })).toHaveCount(0);

  await signIn(page, paymentsServer.owner);
  await page.goto("/admin/payments?view=invoices");
  await expect(page.getByRole("link", { name: invoice.number })).toBeVisible();
  await page.goto("/admin/payments?view=orders");
  await expect(page.getByText("test mode", { exact: false }).first()).toBeVisible();
  await expect(page.getByText(`Invoice ${invoice.number}`)).toBeVisible();
  await expectNoAxeViolations(page, { include: "main" });
});
