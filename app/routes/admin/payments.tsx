import { useState, type FormEvent } from "react";
import { Link, useOutletContext } from "react-router";
import { formatDateTime } from "../../../common/format.ts";
import {
  formatNaira,
  INVOICE_STATUSES,
  invoiceStatusLabels,
  ORDER_STATUSES,
  orderStatusLabels,
  SUBSCRIPTION_STATUSES,
  subscriptionStatusLabels,
  TEST_MODE_LABEL,
} from "../../../common/payments.ts";
import { ExportButton } from "../../components/admin/export-button.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import { FilterBar, FilterSelect } from "../../components/admin/filter-bar.tsx";
import { Pager, usePaging } from "../../components/admin/pager.tsx";
import {
  ActionsCell,
  adminButton,
  adminButtonDanger,
  adminInput,
  Cell,
  DataTable,
  failure,
  LabelledField,
  LoadState,
  PageTitle,
  Panel,
  Row,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { problemText } from "../../lib/admin-api.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import {
  exportPayments,
  getPaymentsStatus,
  listInvoices,
  listOrders,
  listSubscriptions,
  PAYMENT_VIEWS,
  refundOrder,
  setBankDetails,
  type BankDetails,
  type PaymentView,
  type PaymentsStatus,
} from "../../lib/admin/payments.ts";
import type { AdminContext } from "./layout.tsx";

export const meta = adminMeta("Payments");

const FILTERS = ["q", "status", "from", "to"] as const;

/** "Test mode" on a payment made with a test key: no money moved. */
export function TestModeBadge() {
  return (
    <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900">
      {TEST_MODE_LABEL}
    </span>
  );
}

const badge = (tone: "good" | "bad" | "wait" | "plain", text: string) => (
  <span
    className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${
      tone === "good"
        ? "bg-green-50 text-green-800"
        : tone === "bad"
          ? "bg-red-50 text-red-800"
          : tone === "wait"
            ? "bg-amber-50 text-amber-900"
            : "bg-slate-100 text-ink"
    }`}
  >
    {text}
  </span>
);

function StatusBanner({ status }: { status: PaymentsStatus | undefined }) {
  if (!status) return null;
  if (!status.enabled) {
    return (
      <Panel>
        <p role="status" className="font-semibold text-ink">
          {status.reason}
        </p>
        <p className="mt-2 text-sm text-muted">
          Invoices still work: clients pay them by bank transfer, and you record the transfers here.
        </p>
      </Panel>
    );
  }
  return (
    <Panel>
      <p role="status" className="text-ink">
        Online payments are on{status.testMode ? " in " : "."}
        {status.testMode && (
          <>
            <strong>test mode</strong> (a test key: no money moves; each payment says{" "}
            <TestModeBadge />)
          </>
        )}
      </p>
      <p className="mt-2 text-sm break-all text-muted">
        Paystack's webhook address (Settings → API Keys & Webhooks):{" "}
        <code>{status.webhookUrl}</code>
      </p>
    </Panel>
  );
}

function OrdersTable({ filter, page, pageSize, owner }: ListProps) {
  const { notify, confirm } = useFeedback();
  const list = useApiData(() => listOrders(filter, page, pageSize), [filter, page, pageSize]);
  const refund = async (reference: string, amount: number) => {
    const sure = await confirm(
      `Refund ${formatNaira(amount)} of order ${reference} through Paystack?`,
      "Refund",
      "The client gets the money back on the card or account they paid with.",
    );
    if (!sure) return;
    try {
      await refundOrder(reference);
      notify("Refund sent to Paystack.");
      list.reload();
    } catch (problem) {
      notify(problemText(problem, "Could not reach the server. Please try again."), "error");
    }
  };
  return (
    <ListFrame list={list} noun="order" filtered={filter !== ""}>
      <DataTable
        label="Orders"
        columns={["Date", "Reference", "Item", "Client", "Amount", "Status", ""]}
      >
        {(list.data?.items ?? []).map((order) => (
          <Row key={order.reference}>
            <Cell label="Date" className="whitespace-nowrap">
              {formatDateTime(order.createdAt)}
            </Cell>
            <Cell label="Reference" className="break-all">
              <code className="text-xs">{order.reference}</code>
              {order.testMode && <TestModeBadge />}
            </Cell>
            <Cell label="Item">
              {order.item}
              {order.monthly && <span className="text-muted"> (monthly)</span>}
              {order.kind === "renewal" && <span className="text-muted"> · renewal</span>}
            </Cell>
            <Cell label="Client" className="break-all">
              {order.name}
              <br />
              <span className="text-muted">{order.email}</span>
            </Cell>
            <Cell label="Amount" className="whitespace-nowrap">
              {formatNaira(order.amount)}
              {order.refunded > 0 && order.status !== "refunded" && (
                <span className="block text-sm text-muted">
                  {formatNaira(order.refunded)} refunded
                </span>
              )}
            </Cell>
            <Cell label="Status">
              {badge(
                order.status === "paid"
                  ? "good"
                  : order.status === "failed"
                    ? "bad"
                    : order.status === "pending"
                      ? "wait"
                      : "plain",
                orderStatusLabels[order.status],
              )}
            </Cell>
            <ActionsCell>
              {owner && order.status === "paid" && (
                <button
                  type="button"
                  className={adminButtonDanger}
                  onClick={() => void refund(order.reference, order.amount - order.refunded)}
                >
                  Refund<span className="sr-only"> {order.reference}</span>
                </button>
              )}
            </ActionsCell>
          </Row>
        ))}
      </DataTable>
    </ListFrame>
  );
}

function InvoicesTable({ filter, page, pageSize }: ListProps) {
  const list = useApiData(() => listInvoices(filter, page, pageSize), [filter, page, pageSize]);
  return (
    <ListFrame list={list} noun="invoice" filtered={filter !== ""}>
      <DataTable
        label="Invoices"
        columns={["Number", "Client", "Total", "Balance", "Due", "Status"]}
      >
        {(list.data?.items ?? []).map((invoice) => (
          <Row key={invoice._id}>
            <Cell label="Number">
              <Link
                to={`/admin/payments/invoices/${invoice._id}`}
                className="font-semibold text-brand underline"
              >
                {invoice.number ?? "Draft"}
              </Link>
            </Cell>
            <Cell label="Client">
              {invoice.clientName}
              {invoice.clientCompany && (
                <span className="block text-sm text-muted">{invoice.clientCompany}</span>
              )}
            </Cell>
            <Cell label="Total" className="whitespace-nowrap">
              {formatNaira(invoice.total)}
            </Cell>
            <Cell label="Balance" className="whitespace-nowrap">
              {formatNaira(invoice.balance)}
            </Cell>
            <Cell label="Due" className="whitespace-nowrap">
              {invoice.dueDate}
            </Cell>
            <Cell label="Status">
              {badge(
                invoice.status === "paid"
                  ? "good"
                  : invoice.status === "overdue"
                    ? "bad"
                    : invoice.status === "draft" || invoice.status === "void"
                      ? "plain"
                      : "wait",
                invoiceStatusLabels[invoice.status],
              )}
            </Cell>
          </Row>
        ))}
      </DataTable>
    </ListFrame>
  );
}

function SubscriptionsTable({ filter, page, pageSize }: ListProps) {
  const list = useApiData(
    () => listSubscriptions(filter, page, pageSize),
    [filter, page, pageSize],
  );
  return (
    <ListFrame list={list} noun="subscription" filtered={filter !== ""}>
      <DataTable
        label="Subscriptions"
        columns={[
          "Started",
          "Package",
          "Client",
          "Monthly",
          "Status",
          "Next payment",
          "Paid so far",
        ]}
      >
        {(list.data?.items ?? []).map((sub) => (
          <Row key={sub._id}>
            <Cell label="Started" className="whitespace-nowrap">
              {formatDateTime(sub.createdAt)}
              {sub.testMode && <TestModeBadge />}
            </Cell>
            <Cell label="Package">{sub.package}</Cell>
            <Cell label="Client" className="break-all">
              {sub.name}
              <br />
              <span className="text-muted">{sub.email}</span>
            </Cell>
            <Cell label="Monthly" className="whitespace-nowrap">
              {formatNaira(sub.amount)}
            </Cell>
            <Cell label="Status">
              {badge(
                sub.status === "active"
                  ? "good"
                  : sub.status === "attention"
                    ? "bad"
                    : sub.status === "pending"
                      ? "wait"
                      : "plain",
                subscriptionStatusLabels[sub.status],
              )}
            </Cell>
            <Cell label="Next payment" className="whitespace-nowrap">
              {sub.nextPaymentAt ? formatDateTime(sub.nextPaymentAt) : "—"}
            </Cell>
            <Cell label="Paid so far" className="whitespace-nowrap">
              {formatNaira(sub.paid)} ({sub.payments})
            </Cell>
          </Row>
        ))}
      </DataTable>
    </ListFrame>
  );
}

interface ListProps {
  filter: string;
  page: number;
  pageSize: number;
  owner: boolean;
}

function ListFrame({
  list,
  noun,
  filtered,
  children,
}: {
  list: {
    data?: { items: readonly unknown[]; total: number };
    loading: boolean;
    failed?: boolean;
    error?: string;
  };
  noun: string;
  filtered: boolean;
  children: React.ReactNode;
}) {
  const paging = usePaging();
  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];
  return (
    <Panel>
      <p className="mb-3 text-sm text-muted" aria-live="polite">
        {list.loading ? "Loading…" : `${total} ${noun}${total === 1 ? "" : "s"}`}
      </p>
      <LoadState
        loading={list.loading}
        error={failure(`${noun}s`, list)}
        empty={items.length === 0}
        emptyText={filtered ? `No ${noun}s match these filters.` : `No ${noun}s yet.`}
      />
      {items.length > 0 && children}
      <Pager
        page={paging.page}
        pageSize={paging.pageSize}
        total={total}
        onPage={paging.goTo}
        onPageSize={paging.setPageSize}
      />
    </Panel>
  );
}

function BankDetailsPanel({
  bank,
  owner,
  onSaved,
}: {
  bank: BankDetails | null;
  owner: boolean;
  onSaved: () => void;
}) {
  const { notify } = useFeedback();
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    setBusy(true);
    try {
      await setBankDetails({
        bankName: text("bankName"),
        accountName: text("accountName"),
        accountNumber: text("accountNumber"),
        note: text("note"),
      });
      notify("Bank details saved.");
      onSaved();
    } catch (problem) {
      notify(problemText(problem, "Could not reach the server. Please try again."), "error");
    } finally {
      setBusy(false);
    }
  };
  const fields = [
    ["bankName", "Bank"],
    ["accountName", "Account name"],
    ["accountNumber", "Account number (10 digits)"],
    ["note", "Note for clients (optional)"],
  ] as const;
  return (
    <Panel title="Bank details for transfers" id="bank-title">
      <p className="mb-3 text-sm text-muted">
        Invoices and their mails show these, with the invoice's number as the reference.
        {owner ? "" : " Only an owner changes them."}
      </p>
      <form onSubmit={save} className="grid gap-3 sm:grid-cols-2">
        {fields.map(([name, label]) => (
          <LabelledField key={name} label={label}>
            {(id) => (
              <input
                id={id}
                name={name}
                defaultValue={bank?.[name] ?? ""}
                readOnly={!owner}
                inputMode={name === "accountNumber" ? "numeric" : undefined}
                className={`${adminInput} mt-1`}
              />
            )}
          </LabelledField>
        ))}
        {owner && (
          <div className="sm:col-span-2">
            <button type="submit" className={adminButton} disabled={busy}>
              {busy ? "Saving…" : "Save bank details"}
            </button>
          </div>
        )}
      </form>
    </Panel>
  );
}

export default function Payments() {
  const { me } = useOutletContext<AdminContext>();
  const owner = me?.role === "owner";
  const { params, page, pageSize } = usePaging();
  const view: PaymentView =
    (["orders", "invoices", "subscriptions"] as const).find(
      (name) => name === params.get("view"),
    ) ?? "orders";
  const filter = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value && !(view === "subscriptions" && (name === "from" || name === "to")))
      filter.set(name, value);
  }
  const filterQuery = filter.toString();
  const status = useApiData(getPaymentsStatus, []);
  const statuses =
    view === "orders"
      ? ORDER_STATUSES.map((s) => [s, orderStatusLabels[s]] as const)
      : view === "invoices"
        ? INVOICE_STATUSES.map((s) => [s, invoiceStatusLabels[s]] as const)
        : SUBSCRIPTION_STATUSES.map((s) => [s, subscriptionStatusLabels[s]] as const);
  const props = { filter: filterQuery, page, pageSize, owner };
  return (
    <>
      <PageTitle
        actions={
          <>
            <Link to="/admin/payments/invoices/new" className={adminButton}>
              New invoice
            </Link>
            <ExportButton download={() => exportPayments(view, filterQuery)} />
          </>
        }
      >
        Payments
      </PageTitle>
      <StatusBanner status={status.data} />
      <nav aria-label="Payments lists" className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(PAYMENT_VIEWS) as PaymentView[]).map((name) => (
          <Link
            key={name}
            to={`/admin/payments?view=${name}`}
            aria-current={name === view ? "page" : undefined}
            className={`rounded-full px-4 py-2 font-semibold ${
              name === view
                ? "bg-brand text-white"
                : "bg-white text-brand ring-1 ring-slate-300 hover:bg-brand-50"
            }`}
          >
            {PAYMENT_VIEWS[name].label}
          </Link>
        ))}
      </nav>
      <FilterBar label={`Filter ${view}`} clearTo={`/admin/payments?view=${view}`} actionsOnOwnLine>
        <input type="hidden" name="view" value={view} />
        <LabelledField label="Search" className="min-w-0 flex-[2_1_18rem]">
          {(id) => (
            <input
              id={id}
              type="search"
              name="q"
              defaultValue={params.get("q") ?? ""}
              key={`${view}-${params.get("q") ?? ""}`}
              placeholder={
                view === "orders"
                  ? "Reference, e-mail, name or item"
                  : view === "invoices"
                    ? "Number, client, e-mail or company"
                    : "E-mail, name or package"
              }
              className={`${adminInput} mt-1`}
            />
          )}
        </LabelledField>
        <FilterSelect
          label="Status"
          name="status"
          value={params.get("status") ?? ""}
          remountKey={view}
          className="min-w-0 flex-[1_1_12rem]"
          options={[["", "All"], ...statuses]}
        />
        {view !== "subscriptions" &&
          (["from", "to"] as const).map((name) => (
            <LabelledField
              key={name}
              label={name === "from" ? "From" : "To"}
              className="min-w-0 flex-[1_1_12rem]"
            >
              {(id) => (
                <input
                  id={id}
                  type="date"
                  name={name}
                  defaultValue={params.get(name) ?? ""}
                  className={`${adminInput} mt-1`}
                />
              )}
            </LabelledField>
          ))}
        <input type="hidden" name="pageSize" value={pageSize} />
      </FilterBar>
      {view === "orders" && <OrdersTable {...props} />}
      {view === "invoices" && <InvoicesTable {...props} />}
      {view === "subscriptions" && <SubscriptionsTable {...props} />}
      {status.data && (
        <BankDetailsPanel bank={status.data.bank} owner={owner} onSaved={status.reload} />
      )}
    </>
  );
}
