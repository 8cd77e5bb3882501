import { useId, useState, type FormEvent } from "react";
import { naira } from "../../../common/format.ts";
import { PRICE_KEYS } from "../../../common/price-keys.ts";
import type { Price } from "../../../common/schemas/price.ts";
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
import { api, problemText } from "../../lib/admin-api.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Prices");

/** Saves one price (POST /api/prices creates or updates); answers the saved row or an error. */
async function savePrice(key: string, amount: string): Promise<Price | { error: string }> {
  try {
    // The amount goes out as a number (spec); the server says why a value is refused.
    return await api<Price>("/prices", { method: "POST", json: { key, amount: Number(amount) } });
  } catch (problem) {
    return { error: problemText(problem, "Could not save the price. Please try again.") };
  }
}

/** An inline error under a field, tied to it with aria-describedby. */
function FieldError({ id, error }: { id: string; error: string | null }) {
  return (
    <div id={id} role="alert">
      {error && <p className="mt-1 text-sm font-semibold text-danger">{error}</p>}
    </div>
  );
}

function PriceRow({ price, onSaved }: { price: Price; onSaved: (price: Price) => void }) {
  const { notify } = useFeedback();
  const [amount, setAmount] = useState(String(price.amount));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (amount.trim() === "") return;
    setBusy(true);
    setError(null);
    const saved = await savePrice(price.key, amount);
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
        onSubmit={save}
        noValidate
        className="grid grid-cols-[1fr_auto] items-end gap-x-3 gap-y-1 py-3 sm:grid-cols-[minmax(0,16rem)_9rem_auto]"
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
            aria-describedby={`${inputId}-error ${inputId}-preview`}
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
        <div className="col-span-full">
          <FieldError id={`${inputId}-error`} error={error} />
        </div>
      </form>
    </li>
  );
}

export default function Prices() {
  const { notify } = useFeedback();
  const prices = useApiData(() => api<Price[]>("/prices"), []);
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
    const saved = await savePrice(key.trim(), amount);
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
          Whole naira. The public pages show a new price on their next load.
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
        {list.length > 0 && (
          <ul>
            {list.map((price) => (
              <PriceRow key={`${price.key}-${price.amount}`} price={price} onSaved={upsert} />
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
              Keys are lower-case letters, digits and hyphens. The site reads take-off, empower-me,
              grow-me and brand-me (packages) and video-voice (the video voice offer).
            </p>
          </div>
        </form>
      </Panel>
    </>
  );
}
