import { useState, type FormEvent } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { addDays, dayIn } from "../../../common/time-zone.ts";
import {
  formatNaira,
  invoiceStatusLabels,
  saleAmount,
  toKobo,
  toNaira,
  vatOf,
  VAT_LABEL,
} from "../../../common/payments.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  LabelledField,
  LoadState,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { api, problemText } from "../../lib/admin-api.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import {
  createInvoice,
  deleteInvoice,
  getInvoice,
  recordTransfer,
  sendInvoice,
  updateInvoice,
  voidInvoice,
  type Invoice,
  type InvoiceInput,
} from "../../lib/admin/payments.ts";
import { TestModeBadge } from "./payments.tsx";

export const meta = adminMeta("Invoice");

interface Line {
  description: string;
  itemKey: string;
  quantity: number;
  unitPrice: number;
  discount: number;
}

interface Catalogue {
  key: string;
  name: string;
  amount: number;
}

const blankLine = (): Line => ({
  description: "",
  itemKey: "",
  quantity: 1,
  unitPrice: 0,
  discount: 0,
});

/** The packages and offers sold at one price, to fill a line from (the Prices screen's prices). */
async function loadCatalogue(): Promise<Catalogue[]> {
  type Priced = { _id: string; priceKey: string; amount: number | null; upTo: number | null };
  const [content, prices] = await Promise.all([
    api<{ packages: (Priced & { name: string })[]; offers: (Priced & { name: string })[] }>(
      "/content",
    ),
    api<{ key: string; amount: number }[]>("/prices"),
  ]);
  const map = Object.fromEntries(prices.map((price) => [price.key, price.amount]));
  const entries: Catalogue[] = [];
  for (const pack of content.packages) {
    const amount = saleAmount(pack, map);
    if (amount !== undefined)
      entries.push({
        key: pack.priceKey || pack._id,
        name: `${pack.name} package, monthly`,
        amount,
      });
  }
  for (const offer of content.offers) {
    const amount = saleAmount(offer, map);
    if (amount !== undefined) entries.push({ key: offer._id, name: offer.name, amount });
  }
  return entries;
}

/** The sums the server makes, shown as the lines are typed (the server's are the ones kept). */
function totalsOf(lines: Line[], vat: boolean) {
  const gross = lines.reduce((sum, line) => sum + toKobo(line.unitPrice) * line.quantity, 0);
  const discount = lines.reduce((sum, line) => sum + toKobo(line.discount), 0);
  const vatKobo = vat ? vatOf(gross - discount) : 0;
  return {
    net: toNaira(gross - discount),
    vat: toNaira(vatKobo),
    total: toNaira(gross - discount + vatKobo),
  };
}

function InvoiceActions({
  invoice,
  onChange,
  today,
}: {
  invoice: Invoice;
  onChange: (invoice: Invoice) => void;
  today: string;
}) {
  const { notify, confirm } = useFeedback();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (problem) {
      notify(problemText(problem, "Could not reach the server. Please try again."), "error");
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    run(async () => {
      const { invoice: sent, mailed } = await sendInvoice(invoice._id);
      onChange(sent);
      notify(
        mailed
          ? `Invoice ${sent.number} sent to ${sent.clientEmail}.`
          : `Invoice ${sent.number} is ready: mail is not set up, so send the client its link.`,
      );
    });
  const remove = async () => {
    if (!(await confirm("Delete this draft invoice?", "Delete"))) return;
    await run(async () => {
      await deleteInvoice(invoice._id);
      navigate("/admin/payments?view=invoices");
    });
  };
  const cancel = async () => {
    if (
      !(await confirm(
        `Void invoice ${invoice.number}? Its number stays used, and its link takes no more payments.`,
        "Void invoice",
      ))
    )
      return;
    await run(async () => onChange(await voidInvoice(invoice._id)));
  };
  const transfer = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = event.currentTarget;
    void run(async () => {
      const updated = await recordTransfer(invoice._id, {
        amount: Number(form.get("amount")),
        receivedOn: String(form.get("receivedOn") ?? ""),
        reference: String(form.get("reference") ?? ""),
      });
      onChange(updated);
      target.reset();
      notify("Transfer recorded.");
    });
  };
  const open =
    invoice.status === "sent" || invoice.status === "part-paid" || invoice.status === "overdue";
  return (
    <Panel title="Send and payments" id="actions-title">
      <p className="mb-3 text-ink">
        Status: <strong>{invoiceStatusLabels[invoice.status]}</strong>
        {invoice.number && <> · {invoice.number}</>} · paid {formatNaira(invoice.paid)} of{" "}
        {formatNaira(invoice.total)}, balance {formatNaira(invoice.balance)}
      </p>
      {invoice.link && (
        <p className="mb-3 text-sm break-all">
          Client's link:{" "}
          <a
            href={invoice.link}
            className="font-semibold text-brand underline"
            target="_blank"
            rel="noreferrer"
          >
            {invoice.link}
          </a>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {invoice.status !== "void" && invoice.status !== "paid" && (
          <button type="button" className={adminButton} disabled={busy} onClick={() => void send()}>
            {invoice.status === "draft" ? "Send invoice" : "Send again"}
          </button>
        )}
        {invoice.status === "draft" && (
          <button
            type="button"
            className={adminButtonDanger}
            disabled={busy}
            onClick={() => void remove()}
          >
            Delete draft
          </button>
        )}
        {open && (
          <button
            type="button"
            className={adminButtonDanger}
            disabled={busy}
            onClick={() => void cancel()}
          >
            Void invoice
          </button>
        )}
      </div>
      {invoice.payments.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm">
          {invoice.payments.map((payment) => (
            <li key={payment._id}>
              {payment.receivedOn}: {formatNaira(payment.amount)} by{" "}
              {payment.method === "paystack" ? "card (Paystack)" : "transfer"}
              {payment.reference && <> · {payment.reference}</>}
              {payment.testMode && <TestModeBadge />}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <form
          onSubmit={transfer}
          className="mt-4 flex flex-wrap items-end gap-3"
          aria-label="Record a transfer received"
        >
          <LabelledField label="Transfer received (N)" className="min-w-0 flex-[1_1_10rem]">
            {(id) => (
              <input
                id={id}
                name="amount"
                type="number"
                min="0.01"
                step="0.01"
                max={invoice.balance}
                required
                className={`${adminInput} mt-1`}
              />
            )}
          </LabelledField>
          <LabelledField label="Received on" className="min-w-0 flex-[1_1_10rem]">
            {(id) => (
              <input
                id={id}
                name="receivedOn"
                type="date"
                required
                defaultValue={today}
                className={`${adminInput} mt-1`}
              />
            )}
          </LabelledField>
          <LabelledField label="Bank reference" className="min-w-0 flex-[1_1_12rem]">
            {(id) => <input id={id} name="reference" className={`${adminInput} mt-1`} />}
          </LabelledField>
          <button type="submit" className={adminButtonSecondary} disabled={busy}>
            Mark transfer received
          </button>
        </form>
      )}
    </Panel>
  );
}

interface EnquiryClient {
  name: string;
  email: string;
  companyName: string;
  phoneNumber: string;
}

/** The editor of a new invoice (from scratch or an enquiry) or of a stored one. */
export default function InvoiceEdit() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const enquiryId = search.get("enquiry") ?? undefined;
  const existing = useApiData(async () => (id ? getInvoice(id) : undefined), [id]);
  const enquiry = useApiData(
    async () =>
      enquiryId && !id
        ? api<EnquiryClient>(`/contact/${encodeURIComponent(enquiryId)}`)
        : undefined,
    [enquiryId, id],
  );
  const [today] = useState(() => dayIn(Date.now()));
  const loading = existing.loading || enquiry.loading;
  if ((id && !existing.data) || loading) {
    return (
      <>
        <PageTitle>Invoice</PageTitle>
        <LoadState
          loading={loading}
          error={existing.failed ? (existing.error ?? "Could not load the invoice.") : undefined}
          empty={false}
          emptyText=""
        />
      </>
    );
  }
  return (
    <InvoiceEditor
      key={existing.data?._id ?? "new"}
      initial={existing.data}
      enquiryId={enquiryId}
      enquiry={enquiry.data}
      today={today}
    />
  );
}

function InvoiceEditor({
  initial,
  enquiryId,
  enquiry,
  today,
}: {
  initial: Invoice | undefined;
  enquiryId: string | undefined;
  enquiry: EnquiryClient | undefined;
  today: string;
}) {
  const navigate = useNavigate();
  const { notify } = useFeedback();
  const catalogue = useApiData(loadCatalogue, []);
  const [invoice, setInvoice] = useState<Invoice | undefined>(initial);
  const [lines, setLines] = useState<Line[]>(
    initial ? initial.lines.map(({ total: _total, ...line }) => line) : [blankLine()],
  );
  const [vat, setVat] = useState(initial?.vat ?? false);
  const [busy, setBusy] = useState(false);
  const draft = !invoice || invoice.status === "draft";
  const totals = totalsOf(lines, vat);
  const setLine = (index: number, change: Partial<Line>) =>
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const input: InvoiceInput = {
      ...((invoice?.enquiryId ?? enquiryId) ? { enquiryId: invoice?.enquiryId ?? enquiryId } : {}),
      clientName: text("clientName"),
      clientEmail: text("clientEmail"),
      clientCompany: text("clientCompany"),
      clientPhone: text("clientPhone"),
      clientAddress: text("clientAddress"),
      dueDate: text("dueDate"),
      vat,
      notes: text("notes"),
      lines,
    };
    setBusy(true);
    try {
      const saved = invoice ? await updateInvoice(invoice._id, input) : await createInvoice(input);
      setInvoice(saved);
      notify("Invoice saved.");
      if (!invoice) navigate(`/admin/payments/invoices/${saved._id}`, { replace: true });
    } catch (problem) {
      notify(problemText(problem, "Could not reach the server. Please try again."), "error");
    } finally {
      setBusy(false);
    }
  };

  const client = invoice ?? {
    clientName: enquiry?.name ?? "",
    clientEmail: enquiry?.email ?? "",
    clientCompany: enquiry?.companyName ?? "",
    clientPhone: enquiry?.phoneNumber ?? "",
    clientAddress: "",
    dueDate: addDays(today, 14),
    notes: "",
  };
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/payments?view=invoices" className={adminButtonSecondary}>
            All invoices
          </Link>
        }
      >
        {invoice?.number ? `Invoice ${invoice.number}` : invoice ? "Draft invoice" : "New invoice"}
      </PageTitle>
      {invoice && <InvoiceActions invoice={invoice} onChange={setInvoice} today={today} />}
      <form onSubmit={save}>
        <fieldset disabled={!draft}>
          <Panel title="Client" id="client-title">
            <div className="grid gap-3 sm:grid-cols-2">
              {(
                [
                  ["clientName", "Name", client.clientName],
                  ["clientEmail", "E-mail", client.clientEmail],
                  ["clientCompany", "Company", client.clientCompany],
                  ["clientPhone", "Phone", client.clientPhone],
                ] as const
              ).map(([name, label, value]) => (
                <LabelledField key={name} label={label}>
                  {(fieldId) => (
                    <input
                      id={fieldId}
                      name={name}
                      defaultValue={value}
                      type={name === "clientEmail" ? "email" : "text"}
                      className={`${adminInput} mt-1`}
                    />
                  )}
                </LabelledField>
              ))}
              <LabelledField label="Address" className="sm:col-span-2">
                {(fieldId) => (
                  <textarea
                    id={fieldId}
                    name="clientAddress"
                    rows={2}
                    defaultValue={client.clientAddress}
                    className={`${adminInput} mt-1`}
                  />
                )}
              </LabelledField>
              <LabelledField label="Due date">
                {(fieldId) => (
                  <input
                    id={fieldId}
                    name="dueDate"
                    type="date"
                    defaultValue={client.dueDate}
                    className={`${adminInput} mt-1`}
                  />
                )}
              </LabelledField>
            </div>
          </Panel>
          <Panel title="Lines" id="lines-title">
            <ol className="space-y-4">
              {lines.map((line, index) => (
                <li
                  key={index}
                  className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-[2fr_5rem_8rem_8rem_auto] sm:items-end"
                >
                  <LabelledField label={`Line ${index + 1}: description`}>
                    {(fieldId) => (
                      <>
                        <input
                          id={fieldId}
                          value={line.description}
                          onChange={(e) => setLine(index, { description: e.target.value })}
                          className={`${adminInput} mt-1`}
                        />
                        <select
                          aria-label={`Line ${index + 1}: fill from a package or offer`}
                          value={line.itemKey}
                          onChange={(e) => {
                            const item = catalogue.data?.find(
                              (entry) => entry.key === e.target.value,
                            );
                            setLine(
                              index,
                              item
                                ? {
                                    itemKey: item.key,
                                    description: item.name,
                                    unitPrice: item.amount,
                                  }
                                : { itemKey: "" },
                            );
                          }}
                          className={`${adminInput} mt-2`}
                        >
                          <option value="">Free line</option>
                          {(catalogue.data ?? []).map((entry) => (
                            <option key={entry.key} value={entry.key}>
                              {entry.name} ({formatNaira(entry.amount)})
                            </option>
                          ))}
                        </select>
                      </>
                    )}
                  </LabelledField>
                  <LabelledField label="Quantity">
                    {(fieldId) => (
                      <input
                        id={fieldId}
                        type="number"
                        min="1"
                        step="1"
                        value={line.quantity}
                        onChange={(e) => setLine(index, { quantity: Number(e.target.value) })}
                        className={`${adminInput} mt-1`}
                      />
                    )}
                  </LabelledField>
                  <LabelledField label="Unit price (N)">
                    {(fieldId) => (
                      <input
                        id={fieldId}
                        type="number"
                        min="0"
                        step="0.01"
                        value={line.unitPrice}
                        onChange={(e) => setLine(index, { unitPrice: Number(e.target.value) })}
                        className={`${adminInput} mt-1`}
                      />
                    )}
                  </LabelledField>
                  <LabelledField label="Discount (N)">
                    {(fieldId) => (
                      <input
                        id={fieldId}
                        type="number"
                        min="0"
                        step="0.01"
                        value={line.discount}
                        onChange={(e) => setLine(index, { discount: Number(e.target.value) })}
                        className={`${adminInput} mt-1`}
                      />
                    )}
                  </LabelledField>
                  <button
                    type="button"
                    className={adminButtonSecondary}
                    disabled={lines.length === 1}
                    onClick={() => setLines((current) => current.filter((_, i) => i !== index))}
                  >
                    Remove<span className="sr-only"> line {index + 1}</span>
                  </button>
                </li>
              ))}
            </ol>
            <button
              type="button"
              className={`${adminButtonSecondary} mt-3`}
              onClick={() => setLines((current) => [...current, blankLine()])}
            >
              Add line
            </button>
            <label className="mt-4 flex items-center gap-2 font-semibold text-ink">
              <input
                type="checkbox"
                checked={vat}
                onChange={(e) => setVat(e.target.checked)}
                className="size-4"
              />
              Charge {VAT_LABEL}
            </label>
            <dl className="mt-4 grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
              <dt>Subtotal</dt>
              <dd className="text-right">{formatNaira(totals.net)}</dd>
              {vat && (
                <>
                  <dt>{VAT_LABEL}</dt>
                  <dd className="text-right">{formatNaira(totals.vat)}</dd>
                </>
              )}
              <dt className="font-bold">Total</dt>
              <dd className="text-right font-bold">{formatNaira(totals.total)}</dd>
            </dl>
            <LabelledField label="Notes for the client (optional)" className="mt-4">
              {(fieldId) => (
                <textarea
                  id={fieldId}
                  name="notes"
                  rows={2}
                  defaultValue={client.notes}
                  className={`${adminInput} mt-1`}
                />
              )}
            </LabelledField>
          </Panel>
          {draft && (
            <button type="submit" className={adminButton} disabled={busy}>
              {busy ? "Saving…" : "Save draft"}
            </button>
          )}
        </fieldset>
      </form>
    </>
  );
}
