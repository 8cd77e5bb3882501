import { useId, useState, type FormEvent } from "react";
import { naira } from "../../../common/format.ts";
import { PRICE_KEYS } from "../../../common/price-keys.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  adminInput,
  adminLabel,
  failure,
  LoadState,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  getPriceUses,
  listPrices,
  savePrice,
  type Price,
  type PriceUse,
} from "../../lib/admin/prices.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Prices");

/** Saves one price (POST /api/prices creates or updates); answers the saved row or an error. */
async function save(key: string, amount: string): Promise<Price | { error: string }> {
  try {
    // The amount goes out as a number (spec); the server says why a value is refused.
    return await savePrice(key, Number(amount));
  } catch (problem) {
    return { error: problemText(problem, "Could not save the price. Please try again.") };
  }
}

/** Where the site shows a price: its uses, none, or unknown (still loading or failed). */
type Usage = readonly PriceUse[] | "loading" | "failed";

/** The row's usage column: each use as a link to its page (new tab), or why there is none. */
function PriceUsage({ id, usage }: { id: string; usage: Usage }) {
  let body;
  if (usage === "loading") body = <p className="text-muted">Looking up where it is shown…</p>;
  else if (usage === "failed") {
    body = <p className="text-muted">Where it is shown could not be loaded.</p>;
  } else if (usage.length === 0) body = <p className="text-muted">not shown on the site</p>;
  else {
    body = (
      <ul className="space-y-1">
        {usage.map((use) => (
          <li key={`${use.what} ${use.where}`}>
            <a
              href={use.where}
              target="_blank"
              rel="noopener noreferrer"
              className="break-words text-brand underline"
            >
              {use.what} — {use.where}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div
      id={id}
      className="col-span-2 min-w-0 pt-1 text-sm sm:col-span-1 sm:self-end sm:pt-0 sm:pb-2.5"
    >
      {body}
    </div>
  );
}

/** An inline error under a field, tied to it with aria-describedby. */
function FieldError({ id, error }: { id: string; error: string | null }) {
  return (
    <div id={id} role="alert">
      {error && <p className="mt-1 text-sm font-semibold text-danger">{error}</p>}
    </div>
  );
}

function PriceRow({
  price,
  usage,
  onSaved,
}: {
  price: Price;
  usage: Usage;
  onSaved: (price: Price) => void;
}) {
  const { notify } = useFeedback();
  const [amount, setAmount] = useState(String(price.amount));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (amount.trim() === "") return;
    setBusy(true);
    setError(null);
    const saved = await save(price.key, amount);
    setBusy(false);
    if ("error" in saved) {
      setError(saved.error);
      return;
    }
    onSaved(saved);
    notify(`Saved ${saved.key}: ${naira(saved.amount)}`);
  }

  return (
    <li className="border-b border-slate-100 last:border-0">
      <form
        onSubmit={submit}
        noValidate
        className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-3 gap-y-1 py-3 sm:grid-cols-[minmax(0,14rem)_9rem_auto_minmax(0,1fr)] sm:gap-x-4"
      >
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={inputId} className={`${adminLabel} font-mono`}>
            {price.key}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            value={amount}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-error ${inputId}-preview ${inputId}-usage`}
            onChange={(e) => setAmount(e.target.value)}
            className={`${adminInput} mt-1`}
          />
        </div>
        <p id={`${inputId}-preview`} className="pb-2 font-bold text-brand">
          {amount.trim() === "" ? "" : naira(Number(amount))}
        </p>
        <button type="submit" disabled={busy} className={`${adminButton} justify-self-start`}>
          {busy ? "Saving…" : "Save"}
          <span className="sr-only"> {price.key}</span>
        </button>
        <PriceUsage id={`${inputId}-usage`} usage={usage} />
        <div className="col-span-full">
          <FieldError id={`${inputId}-error`} error={error} />
        </div>
      </form>
    </li>
  );
}

export default function Prices() {
  const { notify } = useFeedback();
  const prices = useApiData(listPrices, []);
  // Where the site shows each key, from the content (GET /api/content); the rows work without.
  const uses = useApiData(getPriceUses, []);
  const usageOf = (key: string): Usage =>
    uses.failed ? "failed" : uses.data ? (uses.data.get(key) ?? []) : "loading";
  const [key, setKey] = useState("");
  const [amount, setAmount] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { key: useId(), amount: useId(), error: useId(), known: useId() };
  const list = prices.data ?? [];

  const upsert = (saved: Price) =>
    prices.setData((current) => {
      const rows = current ?? [];
      return rows.some((p) => p.key === saved.key)
        ? rows.map((p) => (p.key === saved.key ? saved : p))
        : [...rows, saved];
    });

  async function add(event: FormEvent) {
    event.preventDefault();
    // Spec: nothing happens while the key or the amount is empty.
    if (key.trim() === "" || amount.trim() === "") return;
    setBusy(true);
    setError(null);
    const saved = await save(key.trim(), amount);
    setBusy(false);
    if ("error" in saved) {
      setError(saved.error);
      return;
    }
    upsert(saved);
    setKey("");
    setAmount("");
    notify(`Saved ${saved.key}: ${naira(saved.amount)}`);
  }

  return (
    <>
      <PageTitle>Manage Prices</PageTitle>
      <Panel title="Prices on the site" id="prices-title">
        <p className="-mt-2 mb-2 text-sm text-muted">
          Whole naira. The public pages show a new price on their next load. Beside each price: what
          it is and the page that shows it.
        </p>
        {list.length === 0 && !prices.loading && !prices.failed ? (
          <p className="py-3 font-semibold text-navy">No prices found. Add your first one:</p>
        ) : (
          <LoadState
            loading={prices.loading}
            error={failure("prices", prices)}
            empty={list.length === 0}
            emptyText=""
          />
        )}
        {list.length > 0 && uses.failed && (
          <p role="status" className="my-2 rounded-lg bg-red-50 px-4 py-3 text-sm text-danger">
            The site content could not be loaded, so where each price is shown is unknown. The
            prices can still be saved.
          </p>
        )}
        {list.length > 0 && (
          <ul>
            {list.map((price) => (
              <PriceRow
                key={`${price.key}-${price.amount}`}
                price={price}
                usage={usageOf(price.key)}
                onSaved={upsert}
              />
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Add New Price" id="add-price-title">
        <form
          onSubmit={add}
          noValidate
          className="grid items-end gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,12rem)_9rem_auto]"
        >
          <div>
            <label htmlFor={ids.key} className={adminLabel}>
              Key
            </label>
            <input
              id={ids.key}
              value={key}
              list={ids.known}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={ids.error}
              onChange={(e) => setKey(e.target.value)}
              placeholder="e.g. take-off"
              className={`${adminInput} mt-1 font-mono`}
            />
            <datalist id={ids.known}>
              {Object.values(PRICE_KEYS)
                .filter((known) => !list.some((p) => p.key === known))
                .map((known) => (
                  <option key={known} value={known} />
                ))}
            </datalist>
          </div>
          <div>
            <label htmlFor={ids.amount} className={adminLabel}>
              Amount
            </label>
            <input
              id={ids.amount}
              type="number"
              inputMode="numeric"
              value={amount}
              aria-invalid={error ? true : undefined}
              aria-describedby={ids.error}
              onChange={(e) => setAmount(e.target.value)}
              className={`${adminInput} mt-1`}
            />
          </div>
          <p className="pb-2 font-bold text-brand empty:hidden sm:empty:block">
            {amount.trim() === "" ? "" : naira(Number(amount))}
          </p>
          <button
            type="submit"
            disabled={busy}
            className={`${adminButton} justify-self-start px-6`}
          >
            {busy ? "Adding…" : "Add"}
          </button>
          <div className="sm:col-span-4">
            <FieldError id={ids.error} error={error} />
            <p className="text-xs text-muted">
              Keys are lower-case letters, digits and hyphens. A new price shows on the site once a
              package, offer or rate uses its key.
            </p>
          </div>
        </form>
      </Panel>
    </>
  );
}
