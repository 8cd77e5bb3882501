import { data, redirect } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { formatNaira, invoiceStatusLabels, VAT_LABEL } from "../../common/payments.ts";
import { formatDate } from "../../common/format.ts";
import { useIdentity } from "../lib/identity.ts";
import { identityFrom, pageTitle } from "../lib/seo.ts";
import { personalIslandsPage } from "../islands/switch.ts";
import type { Route } from "./+types/invoice";

/** An islands page (docs/decisions/0039): no script; the Pay button is a plain form. */
export const handle = personalIslandsPage;

// /invoices/{token}: a client's invoice, to print or save as a PDF (the browser's Print),
// and to pay: by card through Paystack (the balance; a form post answered 303), or by
// transfer to the agency's account quoting the invoice's number. The link is the invoice's
// own; a void invoice says so and takes no payment.
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(siteServicesContext);
  const invoice = await services.payments.invoice(params.token);
  if (!invoice) throw data("No such invoice.", { status: 404 });
  const bank = await services.payments.bank();
  return { invoice, bank, cardPayments: services.payments.enabled };
}

export async function action({ params, context }: Route.ActionArgs) {
  const services = context.get(siteServicesContext);
  try {
    const started = await services.payments.payInvoice(params.token);
    if (started) return redirect(started.authorizationUrl, 303);
    return data({ message: "There is nothing left to pay on this invoice." }, 409);
  } catch {
    return data(
      {
        message:
          "We could not reach our payment provider. Nothing was charged: please try again in a moment.",
      },
      502,
    );
  }
}

export const headers = (): HeadersInit => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`Invoice ${loaderData?.invoice.number ?? ""}`.trim(), identityFrom(matches)) },
  { name: "robots", content: "noindex, nofollow" },
];

/** On paper: only the invoice, without the site's header, footer and buttons. */
const PRINT_STYLE =
  "@media print{body header,body footer,body .fixed,.no-print{display:none!important}main{padding:0!important}.invoice-sheet{box-shadow:none!important;margin:0!important;max-width:none!important}}";

const day = (value: string | null) => (value ? formatDate(`${value}T12:00:00Z`) : "");

export default function InvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, bank, cardPayments } = loaderData;
  const identity = useIdentity();
  const payable = invoice.balance > 0 && invoice.status !== "void" && invoice.status !== "paid";
  return (
    <>
      <style>{PRINT_STYLE}</style>
      {/* The dark band the site's header sits on (its words are white); not on paper. */}
      <div
        aria-hidden="true"
        className="no-print h-20 bg-gradient-to-br from-brand to-navy md:h-24"
      />
      <section className="bg-brand-50 pt-8 pb-16 md:pt-12">
        <article
          aria-labelledby="invoice-title"
          className="invoice-sheet container-page max-w-3xl rounded-3xl bg-white p-6 shadow-xl md:p-10"
        >
          <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6">
            <div>
              <p className="text-lg font-extrabold text-navy">{identity.name}</p>
              <p className="text-sm text-muted">{identity.tagline}</p>
            </div>
            <div className="sm:text-right">
              <h1 id="invoice-title" className="text-2xl font-extrabold text-navy">
                Invoice {invoice.number}
              </h1>
              <p className="mt-1">
                <span
                  className={`inline-block rounded px-2 py-0.5 text-sm font-bold ${
                    invoice.status === "paid"
                      ? "bg-green-50 text-green-800"
                      : invoice.status === "overdue" || invoice.status === "void"
                        ? "bg-red-50 text-red-800"
                        : "bg-amber-50 text-amber-900"
                  }`}
                >
                  {invoiceStatusLabels[invoice.status]}
                </span>
              </p>
            </div>
          </header>
          <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-semibold text-muted">Billed to</dt>
              <dd className="mt-1 text-ink">
                {invoice.clientName}
                {invoice.clientCompany && <br />}
                {invoice.clientCompany}
                <br />
                <span className="break-all">{invoice.clientEmail}</span>
                {invoice.clientAddress && (
                  <span className="block whitespace-pre-line">{invoice.clientAddress}</span>
                )}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-muted">Issued</dt>
              <dd className="mt-1 text-ink">{day(invoice.issueDate)}</dd>
            </div>
            <div>
              <dt className="font-semibold text-muted">Due</dt>
              <dd className="mt-1 text-ink">{day(invoice.dueDate)}</dd>
            </div>
          </dl>
          <div className="mt-8 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Invoice lines</caption>
              <thead className="border-b border-slate-200 text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Description
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Qty
                  </th>
                  <th
                    scope="col"
                    className="hidden py-2 pr-3 text-right font-semibold sm:table-cell"
                  >
                    Unit price
                  </th>
                  <th
                    scope="col"
                    className="hidden py-2 pr-3 text-right font-semibold sm:table-cell"
                  >
                    Discount
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((line, index) => (
                  <tr key={index} className="border-b border-slate-100">
                    <td className="py-2 pr-3 text-ink">
                      {line.description}
                      {/* On a phone the unit price and discount go under the description. */}
                      <span className="block text-xs text-muted sm:hidden">
                        {formatNaira(line.unitPrice)} each
                        {line.discount ? `, less ${formatNaira(line.discount)}` : ""}
                      </span>
                    </td>
                    <td className="py-2 pr-3 text-right">{line.quantity}</td>
                    <td className="hidden py-2 pr-3 text-right whitespace-nowrap sm:table-cell">
                      {formatNaira(line.unitPrice)}
                    </td>
                    <td className="hidden py-2 pr-3 text-right whitespace-nowrap sm:table-cell">
                      {line.discount ? `-${formatNaira(line.discount)}` : ""}
                    </td>
                    <td className="py-2 text-right font-semibold whitespace-nowrap">
                      {formatNaira(line.total)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="mt-6 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
            <dt className="text-muted">Subtotal</dt>
            <dd className="text-right">{formatNaira(invoice.subtotal - invoice.discount)}</dd>
            {invoice.vat && (
              <>
                <dt className="text-muted">{VAT_LABEL}</dt>
                <dd className="text-right">{formatNaira(invoice.vatAmount)}</dd>
              </>
            )}
            <dt className="font-bold text-navy">Total</dt>
            <dd className="text-right font-bold text-navy">{formatNaira(invoice.total)}</dd>
            {invoice.paid > 0 && (
              <>
                <dt className="text-muted">Paid</dt>
                <dd className="text-right">{formatNaira(invoice.paid)}</dd>
              </>
            )}
            <dt className="text-lg font-extrabold text-brand">Balance due</dt>
            <dd className="text-right text-lg font-extrabold text-brand">
              {formatNaira(invoice.balance)}
            </dd>
          </dl>
          {invoice.notes && (
            <p className="mt-6 text-sm whitespace-pre-line text-muted">{invoice.notes}</p>
          )}
          {invoice.status === "void" && (
            <p role="status" className="mt-8 rounded-xl bg-red-50 p-4 font-semibold text-red-800">
              This invoice has been voided: it is not to be paid.
            </p>
          )}
          {payable && (
            <div className="mt-8 grid gap-6 border-t border-slate-200 pt-6 md:grid-cols-2">
              {cardPayments && (
                <form method="post" className="no-print">
                  <h2 className="font-extrabold text-navy">Pay online</h2>
                  <p className="mt-1 text-sm text-muted">
                    Card, bank transfer, USSD or your bank, on Paystack&apos;s secure page.
                  </p>
                  {actionData && (
                    <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
                      {actionData.message}
                    </p>
                  )}
                  <button
                    type="submit"
                    className="mt-3 inline-flex w-full items-center justify-center rounded-full bg-brand px-6 py-3 font-bold text-white hover:bg-brand-700 sm:w-auto"
                  >
                    Pay {formatNaira(invoice.balance)} now
                  </button>
                </form>
              )}
              {bank && (
                <div>
                  <h2 className="font-extrabold text-navy">Pay by bank transfer</h2>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted">Bank</dt>
                    <dd>{bank.bankName}</dd>
                    <dt className="text-muted">Account name</dt>
                    <dd>{bank.accountName}</dd>
                    <dt className="text-muted">Account number</dt>
                    <dd className="font-mono font-semibold">{bank.accountNumber}</dd>
                    <dt className="text-muted">Reference</dt>
                    <dd className="font-semibold">{invoice.number}</dd>
                  </dl>
                  {bank.note && <p className="mt-2 text-sm text-muted">{bank.note}</p>}
                </div>
              )}
            </div>
          )}
          <p className="no-print mt-8 text-xs text-muted">
            To keep a copy, use your browser&apos;s Print (Ctrl+P, or Share → Print on a phone) and
            choose &ldquo;Save as PDF&rdquo;.
          </p>
        </article>
      </section>
    </>
  );
}
