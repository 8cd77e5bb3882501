import { data, redirect } from "react-router";
import { siteServicesContext, requestInfoContext } from "../../common/load-context.ts";
import { leadSourceOf, UTM_PARAMS, type LeadSource } from "../../common/lead-source.ts";
import { tooManyRequests } from "../../common/messages.ts";
import { firstMessage } from "../../common/schemas/common.ts";
import { checkoutInputSchema } from "../../common/schemas/payments.ts";
import { formatNaira, subscribeLabel, payNowLabel } from "../../common/payments.ts";
import { FormStatus, PhoneField, SelectField, TextField } from "../components/forms/fields.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { contractOptions } from "../copy/packages-copy.ts";
import { fieldErrors, type FieldErrors } from "../lib/form-result.ts";
import { identityFrom, pageTitle } from "../lib/seo.ts";
import { islandsPage } from "../islands/switch.ts";
import type { Route } from "./+types/checkout";

/** An islands page (docs/decisions/0039): a plain form, no script needed. */
export const handle = islandsPage;

const SOURCE_FIELDS = ["page", "referrer", ...Object.keys(UTM_PARAMS)] as const;

/**
 * Where the visitor came from: the page of this site that linked here (its path and its
 * UTM parameters), or the other site that did (and this address's UTM parameters).
 */
function sourceOf(request: Request, origin: string): LeadSource {
  const own = new URL(origin).host;
  const here = new URL(request.url);
  const referer = request.headers.get("referer");
  let from: URL | undefined;
  try {
    from = referer ? new URL(referer) : undefined;
  } catch {
    from = undefined;
  }
  const ours = from && (from.host === own || from.host === here.host);
  return leadSourceOf({
    pageUrl: ours ? from! : here,
    referrer: ours ? null : referer,
    ownHosts: [own, here.host],
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(siteServicesContext);
  const url = new URL(request.url);
  const key = url.searchParams.get("item") ?? "";
  const item = services.payments.enabled && key ? await services.payments.item(key) : undefined;
  if (!item) throw data("This cannot be bought online.", { status: 404 });
  const monthly = url.searchParams.get("plan") === "monthly" && item.type === "package";
  return { item, monthly, source: sourceOf(request, services.origin) };
}

interface CheckoutResult {
  message: string;
  fields?: FieldErrors;
  values?: Record<string, string>;
}

/** The form's post: the same schema and service as POST /api/checkout, then to Paystack (303). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(siteServicesContext);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<CheckoutResult>({ message: "The form could not be read. Please try again." }, 400);
  }
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const wait = await context.get(requestInfoContext).countSubmission("enquiry");
  if (wait !== null) return data<CheckoutResult>({ message: tooManyRequests(wait), values }, 429);
  const source = Object.fromEntries(
    SOURCE_FIELDS.map((field) => [field, values[`source.${field}`] ?? ""]),
  );
  const parsed = checkoutInputSchema.safeParse({ ...values, source });
  if (!parsed.success) {
    return data<CheckoutResult>(
      {
        message: firstMessage(parsed.error.issues),
        fields: fieldErrors(parsed.error.issues),
        values,
      },
      400,
    );
  }
  try {
    const { authorizationUrl } = await services.payments.checkout(parsed.data);
    return redirect(authorizationUrl, 303);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const message =
      status === 404
        ? "This cannot be bought online any more: please send us an enquiry."
        : "We could not reach our payment provider. Nothing was charged: please try again in a moment.";
    return data<CheckoutResult>({ message, values }, status >= 500 ? 502 : status);
  }
}

/** Never stored by a cache: the form is one visitor's, and it posts to Paystack. */
export const headers = (): HeadersInit => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      loaderData ? `Checkout: ${loaderData.item.name}` : "Checkout",
      identityFrom(matches),
    ),
  },
  { name: "robots", content: "noindex" },
];

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { item, monthly, source } = loaderData;
  const values = actionData?.values ?? {};
  const fields = actionData?.fields ?? {};
  const price = `${formatNaira(item.amount)}${monthly ? " a month" : ""}`;
  return (
    <>
      <PageHero title="Checkout" subtitle={`${item.name}: ${price}`} crumb="Checkout" />
      <section className="bg-brand-50 py-12 md:py-20">
        <div className="container-page grid max-w-4xl gap-8 md:grid-cols-[1fr_1.4fr]">
          <aside
            aria-labelledby="summary-title"
            className="h-fit rounded-3xl bg-white p-6 shadow-md"
          >
            <h2 id="summary-title" className="text-lg font-extrabold text-navy">
              Your order
            </h2>
            <p className="mt-4 text-xl font-bold text-ink">{item.name}</p>
            <p className="mt-1 text-3xl font-extrabold text-brand">{price}</p>
            <p className="mt-4 text-sm text-muted">
              {monthly
                ? "Charged now and then every month by Paystack. You can cancel at any time from the link in your receipt."
                : "One payment. You pay on Paystack's secure page by card, bank transfer, USSD or your bank; we never see your card."}
            </p>
          </aside>
          <form method="post" className="rounded-3xl bg-white p-6 shadow-xl md:p-8" noValidate>
            <h2 className="text-lg font-extrabold text-navy">Your details</h2>
            <input type="hidden" name="item" value={item.key} />
            {monthly && <input type="hidden" name="monthly" value="1" />}
            {SOURCE_FIELDS.map((field) => {
              const value = source[field as keyof LeadSource];
              return value ? (
                <input key={field} type="hidden" name={`source.${field}`} value={value} />
              ) : null;
            })}
            <div className="mt-4 grid gap-4">
              <TextField
                label="Name"
                name="name"
                required
                autoComplete="name"
                defaultValue={values.name}
                error={fields.name}
              />
              <TextField
                label="Email"
                name="email"
                type="email"
                required
                autoComplete="email"
                defaultValue={values.email}
                error={fields.email}
              />
              <PhoneField
                name="phone"
                label="Phone Number"
                required
                defaultValue={values.phone}
                error={fields.phone}
              />
              {item.type === "package" && (
                <>
                  <TextField
                    label="Company Name"
                    name="companyName"
                    autoComplete="organization"
                    defaultValue={values.companyName}
                    error={fields.companyName}
                  />
                  <SelectField
                    label="Contract"
                    name="contract"
                    options={contractOptions}
                    defaultValue={values.contract}
                  />
                  <TextField
                    label="Instagram"
                    name="instagram"
                    defaultValue={values.instagram}
                    error={fields.instagram}
                  />
                  <TextField
                    label="Website"
                    name="website"
                    type="url"
                    defaultValue={values.website}
                    error={fields.website}
                  />
                </>
              )}
            </div>
            <div className="mt-6">
              <FormStatus status={actionData ? { ok: false, message: actionData.message } : null} />
            </div>
            <button
              type="submit"
              className="mt-4 inline-flex w-full items-center justify-center rounded-full bg-brand px-6 py-3 font-bold text-white shadow-sm transition-colors hover:bg-brand-700"
            >
              {monthly ? subscribeLabel : payNowLabel}: {price}
            </button>
            <p className="mt-3 text-center text-xs text-muted">
              You will be taken to Paystack to pay, then brought back here.
            </p>
          </form>
        </div>
      </section>
    </>
  );
}
