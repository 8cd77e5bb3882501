import { data, Link } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { formatNaira } from "../../common/payments.ts";
import { PageHero } from "../components/sections/page-hero.tsx";
import { identityFrom, pageTitle } from "../lib/seo.ts";
import { islandsPage } from "../islands/switch.ts";
import type { Route } from "./+types/payment-callback";

/** An islands page (docs/decisions/0039). */
export const handle = islandsPage;

// /payments/callback?reference=…: where Paystack sends the visitor back. The page asks
// Paystack itself how the payment stands (never the address's word for it) and records it,
// exactly once whichever of this page and the webhook comes first.
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(siteServicesContext);
  const url = new URL(request.url);
  const reference = url.searchParams.get("reference") ?? url.searchParams.get("trxref") ?? "";
  if (!services.payments.enabled || !/^[A-Za-z0-9.=-]{1,100}$/.test(reference)) {
    throw data("No such payment.", { status: 404 });
  }
  let order;
  try {
    order = await services.payments.confirm(reference);
  } catch {
    // Paystack could not be reached: the webhook or the reconciliation will record it.
    return {
      state: "checking" as const,
      reference,
      item: "",
      amount: 0,
      email: "",
      monthly: false,
    };
  }
  if (!order) throw data("No such payment.", { status: 404 });
  const state =
    order.status === "paid" || order.status === "refunded"
      ? ("paid" as const)
      : order.status === "failed"
        ? ("failed" as const)
        : ("checking" as const);
  return {
    state,
    reference,
    item: order.item,
    amount: order.amount,
    email: order.email,
    monthly: order.monthly,
    invoiceId: order.invoiceId,
  };
}

export const headers = (): HeadersInit => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

const titles = {
  paid: "Payment received",
  failed: "Payment not completed",
  checking: "Checking your payment",
} as const;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(titles[loaderData?.state ?? "checking"], identityFrom(matches)) },
  { name: "robots", content: "noindex" },
];

export default function PaymentCallback({ loaderData }: Route.ComponentProps) {
  const { state, reference, item, amount, email, monthly } = loaderData;
  const text =
    state === "paid"
      ? `Thank you: ${formatNaira(amount)} for ${item}${monthly ? " (monthly)" : ""} is paid. A receipt is on its way to ${email}.`
      : state === "failed"
        ? "The payment did not go through and nothing was charged. You can try again, or send us an enquiry and we will help."
        : "Paystack has not confirmed the payment yet. If you paid, there is nothing more to do: we record it as soon as Paystack tells us, and your receipt follows by e-mail.";
  return (
    <PageHero title={titles[state]} subtitle={<span role="status">{text}</span>}>
      <p className="mt-4 text-sm text-brand-100">Reference: {reference}</p>
      <p className="mt-8 flex flex-wrap gap-3">
        {state === "checking" && (
          <a
            href={`/payments/callback?reference=${encodeURIComponent(reference)}`}
            className="inline-flex rounded-full bg-accent px-6 py-3 font-bold text-navy hover:bg-accent-soft"
          >
            Check again
          </a>
        )}
        <Link
          to="/"
          className="inline-flex rounded-full bg-white px-6 py-3 font-semibold text-brand hover:bg-brand-50"
        >
          Back to the home page
        </Link>
      </p>
    </PageHero>
  );
}
