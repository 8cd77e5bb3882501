// Payments (issue 49, decision 0043): the rules and words shared by the pages, the back office
// and the server. No zod here: the public pages' browser code may read it.

/** Naira in kobo: Paystack's unit, and the one every amount is kept in. */
export const KOBO_PER_NAIRA = 100;

/** VAT in Nigeria, where an invoice charges it. */
export const VAT_RATE = 0.075;
export const VAT_LABEL = "VAT (7.5%)";

/** Naira (a number with up to two decimals) as kobo. */
export const toKobo = (naira: number): number => Math.round(naira * KOBO_PER_NAIRA);
/** Kobo as naira (the API's and the screens' unit). */
export const toNaira = (kobo: number): number => kobo / KOBO_PER_NAIRA;

const wholeNaira = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const nairaAndKobo = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `N100,000`, or `N32,250.08` when there are kobo: an amount to pay or paid. */
export function formatNaira(naira: number): string {
  const kobo = toKobo(naira);
  const sign = kobo < 0 ? "-" : "";
  const value = Math.abs(kobo) / KOBO_PER_NAIRA;
  return `${sign}N${kobo % KOBO_PER_NAIRA === 0 ? wholeNaira.format(value) : nairaAndKobo.format(value)}`;
}

/** VAT of an amount in kobo, to the nearest kobo (halves up). */
export const vatOf = (kobo: number): number => Math.round(kobo * VAT_RATE);

export const ORDER_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};

/** What an order is for: bought on the site, a monthly renewal, an invoice paid by card. */
export const ORDER_KINDS = ["checkout", "renewal", "invoice"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** What can be bought on the site, by the content list that holds it. */
export const ITEM_TYPES = ["package", "offer", "ads-offer", "video-rate", "invoice"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const SUBSCRIPTION_STATUSES = [
  "pending",
  "active",
  "non-renewing",
  "attention",
  "completed",
  "cancelled",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  pending: "Waiting for the first payment",
  active: "Active",
  "non-renewing": "Cancelled by the client (ends at the period's end)",
  attention: "Payment failed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The statuses an invoice is stored with; "overdue" is read from its due date. */
export const STORED_INVOICE_STATUSES = ["draft", "sent", "part-paid", "paid", "void"] as const;
export const INVOICE_STATUSES = ["draft", "sent", "part-paid", "paid", "overdue", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  "part-paid": "Part-paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
};

/** INV-2027-0001: the year it was sent and its place in that year. */
export const invoiceNumber = (year: number, sequence: number) =>
  `INV-${year}-${String(sequence).padStart(4, "0")}`;

/** Reminder mails of an invoice not paid: days before and after its due date. */
export const REMINDER_DAYS_BEFORE = 3;
export const REMINDER_DAYS_AFTER = [1, 7] as const;

/** Where a visitor goes to pay for an item, and where Paystack sends them back. */
export const CHECKOUT_PATH = "/checkout";
export const CALLBACK_PATH = "/payments/callback";
export const INVOICE_PAGE_PATH = "/invoices";
export const MANAGE_SUBSCRIPTION_PATH = "/payments/subscription";

/** The buy button's words. */
export const payNowLabel = "Pay now";
export const subscribeLabel = "Subscribe monthly";

/** The address of the checkout of an item (`monthly` for a package's subscription). */
export const checkoutHref = (item: string, monthly = false) =>
  `${CHECKOUT_PATH}?item=${encodeURIComponent(item)}${monthly ? "&plan=monthly" : ""}`;

/** "Test mode": shown on every payment made with a test key. */
export const TEST_MODE_LABEL = "Test mode";

/** Why payments are off, where the back office would show them. */
export const PAYMENTS_OFF_REASON =
  "Online payments are off: PAYSTACK_SECRET_KEY is not set. Add your secret key from the Paystack dashboard (Settings → API Keys & Webhooks) to the server's settings and restart it; until then visitors see no Pay buttons and enquire as before.";

/** An offer, rate or package as the catalogue reads it: its price and its id. */
export interface SaleItem {
  _id: string;
  priceKey: string;
  amount: number | null;
  upTo: number | null;
}

/**
 * What an item sells for online, in naira: its one amount (its own, or its price key's on
 * the Prices screen). A range ("N100,000-N300,000"), a missing price or N0 is not sold
 * online: such an item is enquired about as before. The pages (which show "Pay now") and
 * the server (which charges) both read this.
 */
export function saleAmount(
  item: Omit<SaleItem, "_id">,
  prices: Readonly<Record<string, number>>,
): number | undefined {
  if (item.upTo !== null) return undefined;
  const amount = item.priceKey ? prices[item.priceKey] : (item.amount ?? undefined);
  return amount !== undefined && Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

/** The checkout key of an item: a package's price key when it has one, else its id. */
export const saleKey = (item: Pick<SaleItem, "_id" | "priceKey">, type: ItemType) =>
  type === "package" && item.priceKey ? item.priceKey : item._id;
