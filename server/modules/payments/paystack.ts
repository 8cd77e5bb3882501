import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../../errors.ts";

// Paystack's API as the site uses it (issue 49): a transaction to start a checkout, its
// verification, one plan per monthly package, a subscription's state and its manage link,
// refunds. Bodies and answers follow Paystack's OpenAPI description (tests/support/paystack
// checks every request against it). The secret key goes in the Authorization header and
// nowhere else: it is never logged, never put in an error, never stored.

/** How long one call to Paystack may take. */
export const PAYSTACK_TIMEOUT_MS = 15_000;

/** Paystack could not be reached, or refused the call: the visitor is asked to try again. */
export class PaystackUnavailable extends AppError {
  constructor(message = "Paystack could not be reached. Please try again in a moment.") {
    super(502, message);
  }
}

/** The parts of a transaction (GET /transaction/verify) the site reads. */
export interface PaystackTransaction {
  id: number;
  status: string;
  reference: string;
  /** Kobo. */
  amount: number;
  currency: string;
  channel?: string;
  gateway_response?: string;
  paid_at?: string | null;
  domain?: string;
  metadata?: unknown;
  customer?: { email?: string; customer_code?: string };
  plan?: unknown;
  plan_object?: { plan_code?: string } | Record<string, never>;
}

/** The parts of a subscription (GET /subscription/{code}) the site reads. */
export interface PaystackSubscription {
  subscription_code: string;
  email_token?: string;
  status: string;
  amount: number;
  next_payment_date?: string | null;
  plan?: { plan_code?: string | null; name?: string };
  customer?: { email?: string; customer_code?: string };
}

export interface PaystackClient {
  initialize(body: {
    email: string;
    amount: number;
    reference: string;
    callback_url: string;
    metadata: Record<string, unknown>;
    plan?: string;
  }): Promise<{ authorization_url: string; reference: string }>;
  /** The transaction, or undefined when Paystack knows no such reference. */
  verify(reference: string): Promise<PaystackTransaction | undefined>;
  createPlan(body: { name: string; amount: number }): Promise<{ plan_code: string }>;
  updatePlan(code: string, body: { name: string; amount: number }): Promise<void>;
  fetchSubscription(code: string): Promise<PaystackSubscription | undefined>;
  manageLink(code: string): Promise<string>;
  refund(body: { transaction: string; amount?: number; merchant_note?: string }): Promise<{
    status: string;
  }>;
}

/** Whether `signature` is Paystack's HMAC-SHA512 of `raw` with `secretKey` (constant time). */
export function validSignature(raw: Buffer, signature: unknown, secretKey: string): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac("sha512", secretKey).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

interface Envelope<T> {
  status?: boolean;
  message?: string;
  data?: T;
}

export function createPaystackClient(options: {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
}): PaystackClient {
  const { secretKey, baseUrl } = options;
  const timeoutMs = options.timeoutMs ?? PAYSTACK_TIMEOUT_MS;

  /** One call; `missing` names the 404 an answer may be (undefined then). */
  async function call<T>(
    method: "GET" | "POST" | "PUT",
    path: string,
    body?: unknown,
    { missing = false }: { missing?: boolean } = {},
  ): Promise<T | undefined> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch {
      throw new PaystackUnavailable();
    }
    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      throw new PaystackUnavailable("Paystack answered with something that is not JSON.");
    }
    if (response.status === 404 && missing) return undefined;
    if (!response.ok || envelope.status !== true) {
      // Paystack's message says what it refused ("Invalid key", "Duplicate Transaction
      // Reference"); it never carries the key.
      const message = typeof envelope.message === "string" ? envelope.message.slice(0, 200) : "";
      throw new PaystackUnavailable(
        `Paystack refused the request (${response.status}${message ? `: ${message}` : ""}).`,
      );
    }
    return envelope.data as T;
  }

  return {
    async initialize(body) {
      const data = await call<{ authorization_url?: string; reference?: string }>(
        "POST",
        "/transaction/initialize",
        { ...body, currency: "NGN" },
      );
      if (!data?.authorization_url || data.reference !== body.reference) {
        throw new PaystackUnavailable("Paystack's answer had no checkout address.");
      }
      return { authorization_url: data.authorization_url, reference: data.reference };
    },
    verify: (reference) =>
      call<PaystackTransaction>(
        "GET",
        `/transaction/verify/${encodeURIComponent(reference)}`,
        undefined,
        { missing: true },
      ),
    async createPlan(body) {
      const data = await call<{ plan_code?: string }>("POST", "/plan", {
        ...body,
        interval: "monthly",
        currency: "NGN",
      });
      if (!data?.plan_code) throw new PaystackUnavailable("Paystack's answer had no plan code.");
      return { plan_code: data.plan_code };
    },
    async updatePlan(code, body) {
      // PUT /plan answers {status, message} only (no data).
      await call("PUT", `/plan/${encodeURIComponent(code)}`, body);
    },
    fetchSubscription: (code) =>
      call<PaystackSubscription>("GET", `/subscription/${encodeURIComponent(code)}`, undefined, {
        missing: true,
      }),
    async manageLink(code) {
      const data = await call<{ link?: string }>(
        "GET",
        `/subscription/${encodeURIComponent(code)}/manage/link`,
      );
      if (!data?.link) throw new PaystackUnavailable("Paystack's answer had no link.");
      return data.link;
    },
    async refund(body) {
      const data = await call<{ status?: string }>("POST", "/refund", { ...body, currency: "NGN" });
      return { status: String(data?.status ?? "pending") };
    },
  };
}
