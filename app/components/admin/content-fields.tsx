import { defaultIdentity } from "../../../common/identity.ts";
import type { ReactNode } from "react";
import { naira } from "../../../common/format.ts";
import type { ContentField } from "../../../common/schemas/content.ts";
import type { Price } from "../../../common/schemas/price.ts";
import { formatNairaInput, parseNairaInput } from "../../lib/admin/content.ts";
import { adminInput, adminLabel } from "./ui.tsx";

// The controls of the generic content editor, one per `input` kind of a field
// (common/schemas/content.ts). Each control has the id `id`, its label, and names its hint
// and its message (`${id}-hint`, `${id}-error`) with aria-describedby.

export interface FieldProps<V> {
  field: ContentField;
  id: string;
  value: V;
  error?: string;
  onChange: (value: V) => void;
}

/** The attributes that tie a control to its hint and message. */
export function describedBy(id: string, hint: boolean, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return {
    "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
    "aria-invalid": error ? (true as const) : undefined,
  };
}

export function FieldLabel({ field, htmlFor }: { field: ContentField; htmlFor: string }) {
  return (
    <label htmlFor={htmlFor} className={adminLabel}>
      {field.label}
      {field.optional && <span className="font-normal text-muted"> (optional)</span>}
    </label>
  );
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
      {children}
    </p>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
      {error}
    </p>
  );
}

const inputTypes = {
  text: "text",
  email: "email",
  tel: "tel",
  url: "url",
  date: "date",
} as const;

/** A one-line text field: text, e-mail, phone, https address or date. */
export function TextField({ field, id, value, error, onChange }: FieldProps<string>) {
  const type = inputTypes[field.input as keyof typeof inputTypes] ?? "text";
  return (
    <div>
      <FieldLabel field={field} htmlFor={id} />
      <input
        id={id}
        type={type}
        value={value}
        required={!field.optional}
        autoComplete="off"
        placeholder={field.input === "url" ? "https://…" : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${adminInput} mt-1 ${type === "date" ? "max-w-xs" : ""}`}
        {...describedBy(id, Boolean(field.hint), error)}
      />
      <FieldHint id={id}>{field.hint}</FieldHint>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Several lines of text; for a "lines" field each line is one entry of the list. */
export function TextareaField({ field, id, value, error, onChange }: FieldProps<string>) {
  const lines = field.input === "lines";
  return (
    <div>
      <FieldLabel field={field} htmlFor={id} />
      <textarea
        id={id}
        value={value}
        required={!field.optional}
        rows={lines ? Math.min(12, Math.max(4, value.split("\n").length + 1)) : 4}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={`${adminInput} mt-1`}
        {...describedBy(id, Boolean(field.hint), error)}
      />
      <FieldHint id={id}>{field.hint}</FieldHint>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * An amount in naira as the site writes it (N30,000). "30000", "30,000" and "N30,000" are
 * all taken, and shown as N30,000 when the field is left; blank is no amount.
 */
export function NairaField({ field, id, value, error, onChange }: FieldProps<string>) {
  const hint = field.hint ? `For example N30,000. ${field.hint}` : "For example N30,000.";
  return (
    <div>
      <FieldLabel field={field} htmlFor={id} />
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        required={!field.optional}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          const amount = parseNairaInput(value);
          if (typeof amount === "number" && Number.isInteger(amount)) {
            onChange(formatNairaInput(amount));
          }
        }}
        className={`${adminInput} mt-1 max-w-xs`}
        {...describedBy(id, true, error)}
      />
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A price from the Prices screen, or "" (a fixed amount entered in the fields below). */
export function PriceKeyField({
  field,
  id,
  value,
  error,
  onChange,
  prices,
  pricesFailed,
}: FieldProps<string> & { prices?: readonly Price[]; pricesFailed?: boolean }) {
  const known = prices ?? [];
  const missing = value !== "" && !known.some((price) => price.key === value);
  const chosen = known.find((price) => price.key === value);
  const hint = [
    field.hint,
    chosen && field.optional
      ? `The site shows ${naira(chosen.amount)} (the ${chosen.key} price); an amount below is not used.`
      : "",
    pricesFailed ? "The prices could not be loaded: reload the page to choose another." : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <FieldLabel field={field} htmlFor={id} />
      <select
        id={id}
        value={value}
        required={!field.optional}
        onChange={(event) => onChange(event.target.value)}
        className={`${adminInput} mt-1 max-w-md`}
        {...describedBy(id, hint !== "", error)}
      >
        <option value="">
          {field.optional ? "Fixed amount (enter below)" : "Choose a price…"}
        </option>
        {known.map((price) => (
          <option key={price.key} value={price.key}>
            {price.key} — {naira(price.amount)}
          </option>
        ))}
        {missing && (
          <option value={value}>
            {value} — {prices ? "not on the Prices screen" : "loading…"}
          </option>
        )}
      </select>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** One of the field's `choices` (a stored value the list does not know is shown as it is). */
export function SelectField({ field, id, value, error, onChange }: FieldProps<string>) {
  const choices = field.choices ?? [];
  const unknown = value !== "" && !choices.some((choice) => choice.value === value);
  return (
    <div>
      <FieldLabel field={field} htmlFor={id} />
      <select
        id={id}
        value={value}
        required={!field.optional}
        onChange={(event) => onChange(event.target.value)}
        className={`${adminInput} mt-1 max-w-md`}
        {...describedBy(id, Boolean(field.hint), error)}
      >
        <option value="">{field.optional ? "None" : "Choose…"}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
        {unknown && <option value={value}>{value}</option>}
      </select>
      <FieldHint id={id}>{field.hint}</FieldHint>
      <FieldError id={id} error={error} />
    </div>
  );
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour: the browser's colour picker and the same colour as #rrggbb text. */
export function ColourField({ field, id, value, error, onChange }: FieldProps<string>) {
  return (
    <div>
      <FieldLabel field={field} htmlFor={id} />
      <div className="mt-1 flex items-center gap-3">
        <input
          type="color"
          aria-label={`${field.label}: colour picker`}
          value={HEX.test(value) ? value.toLowerCase() : "#000000"}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-400 bg-white p-1"
        />
        <input
          id={id}
          type="text"
          value={value}
          required={!field.optional}
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          onChange={(event) => onChange(event.target.value)}
          className={`${adminInput} max-w-[9rem] font-mono`}
          {...describedBy(id, true, error)}
        />
      </div>
      <FieldHint id={id}>
        {field.hint ?? `Pick a colour, or type it like ${defaultIdentity.primaryColour}.`}
      </FieldHint>
      <FieldError id={id} error={error} />
    </div>
  );
}

export function CheckboxField({ field, id, value, error, onChange }: FieldProps<boolean>) {
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={value}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 accent-brand"
          {...describedBy(id, Boolean(field.hint), error)}
        />
        <label htmlFor={id} className={adminLabel}>
          {field.label}
        </label>
      </div>
      <FieldHint id={id}>{field.hint}</FieldHint>
      <FieldError id={id} error={error} />
    </div>
  );
}
