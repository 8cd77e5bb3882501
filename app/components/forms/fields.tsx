import { useId, type ReactNode } from "react";
import { HONEYPOT_FIELD, PHONE_PREFIX } from "../../../common/enquiry-fields.ts";
import type { SlotDay } from "../../../common/booking.ts";
import { fieldMessage, statusClass } from "./form-text.ts";

export { fieldMessage };

// The form toolkit of the public site: labelled fields, the fixed +234 phone prefix, the
// robots-only honeypot, the message region and the busy submit button. A field whose value
// broke a rule gets `error`, the schema's message about it: the field then shows its own
// message under the control, is marked aria-invalid and is described by that message.

const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink placeholder:text-slate-500 focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-invalid:border-danger";

function Label({
  htmlFor,
  children,
  required,
}: {
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-ink">
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

function RequiredMark() {
  return (
    <span className="text-danger" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/**
 * The message under a control whose value broke a rule (the control points to it). Always in
 * the page, hidden while the value is fine: on an islands page the forms' enhancer
 * (app/islands/forms-submit.ts) writes the server's message into it.
 */
function FieldError({ id, label, error }: { id: string; label: string; error?: string }) {
  return (
    <p
      id={id}
      hidden={!error}
      data-field-error=""
      data-label={label}
      className="mt-1 text-sm font-semibold text-danger"
    >
      {error ? fieldMessage(label, error) : null}
    </p>
  );
}

const errorProps = (error: string | undefined, messageId: string) =>
  error ? { "aria-invalid": true as const, "aria-describedby": messageId } : {};

/** What every text control of a field carries: its name, value, requiredness and message. */
const controlProps = (
  { name, required, browserRequired, defaultValue, error }: Omit<FieldProps, "label">,
  messageId: string,
) => ({
  name,
  required: browserRequired,
  "aria-required": required || undefined,
  defaultValue,
  ...errorProps(error, messageId),
});

interface FieldProps {
  label: string;
  name: string;
  /** Marks the field as required (the schema checks it). */
  required?: boolean;
  /** Also lets the browser refuse an empty field (spec: the contact quick form). */
  browserRequired?: boolean;
  defaultValue?: string;
  /** The schema's message about this field's value, when it broke a rule. */
  error?: string;
}

export function TextField({
  label,
  name,
  type = "text",
  required = false,
  browserRequired = false,
  autoComplete,
  defaultValue,
  placeholder,
  error,
}: FieldProps & {
  type?: "text" | "email" | "url" | "date";
  autoComplete?: string;
  placeholder?: string;
}) {
  const id = useId();
  const messageId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        // No maxlength on a date input: HTML does not allow it there.
        maxLength={type === "date" ? undefined : type === "email" ? 254 : 300}
        className={`${inputClass} mt-1`}
        {...controlProps({ name, required, browserRequired, defaultValue, error }, messageId)}
      />
      <FieldError id={messageId} label={label} error={error} />
    </div>
  );
}

export function TextArea({
  label,
  name,
  required = false,
  browserRequired = false,
  defaultValue,
  error,
  rows = 4,
}: FieldProps & { rows?: number }) {
  const id = useId();
  const messageId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <textarea
        id={id}
        rows={rows}
        maxLength={5000}
        className={`${inputClass} mt-1`}
        {...controlProps({ name, required, browserRequired, defaultValue, error }, messageId)}
      />
      <FieldError id={messageId} label={label} error={error} />
    </div>
  );
}

/** A phone number after the fixed +234 prefix, the only option (spec §5). */
export function PhoneField({
  name,
  label = "Phone Number",
  required = false,
  browserRequired = false,
  defaultValue,
  error,
}: Omit<FieldProps, "label"> & { label?: string }) {
  const id = useId();
  const messageId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <div className="mt-1 flex">
        <select
          aria-label="Country code"
          name={`${name}Prefix`}
          defaultValue={PHONE_PREFIX}
          className="rounded-l-lg border border-r-0 border-slate-300 bg-brand-50 px-2 text-sm font-semibold text-ink focus:ring-2 focus:ring-brand/30 focus:outline-none"
        >
          <option value={PHONE_PREFIX}>{PHONE_PREFIX}</option>
        </select>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          // "tel", not "tel-national": the HTML standard allows only the Tel group on
          // type="tel". The payload drops a +234 that autofill puts in front.
          autoComplete="tel"
          maxLength={20}
          placeholder="803 123 4567"
          className={`${inputClass} min-w-0 rounded-l-none`}
          {...controlProps({ name, required, browserRequired, defaultValue, error }, messageId)}
        />
      </div>
      <FieldError id={messageId} label={label} error={error} />
    </div>
  );
}

/** Options to tick: checkboxes (any number) or radio buttons (exactly one). */
export function CheckboxGroup({
  legend,
  name,
  options,
  type = "checkbox",
  required = false,
  defaultChecked = [],
  error,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  type?: "checkbox" | "radio";
  required?: boolean;
  defaultChecked?: readonly string[];
  /** The schema's message about the choice, when it broke a rule. */
  error?: string;
}) {
  const messageId = `${useId()}-error`;
  return (
    <fieldset
      aria-describedby={error ? messageId : undefined}
      data-required={required || undefined}
    >
      <legend className="text-sm font-semibold text-ink">
        {legend}
        {required && <RequiredMark />}
      </legend>
      <FieldError id={messageId} label={legend} error={error} />
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-50"
          >
            <input
              type={type}
              name={name}
              value={option}
              defaultChecked={defaultChecked.includes(option)}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-4 shrink-0 accent-brand"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SelectField({
  label,
  name,
  options,
  defaultValue,
}: {
  label: string;
  name: string;
  options: readonly string[];
  defaultValue?: string;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} name={name} defaultValue={defaultValue} className={`${inputClass} mt-1`}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A field only robots fill in: moved off screen (not merely display:none, which some robots
 * skip), out of the tab order, hidden from assistive technology and from autofill.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Fax number
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export interface StatusMessage {
  ok: boolean;
  message: string;
  /** Kept on this device, to be sent when the connection is back. */
  queued?: boolean;
}

/**
 * Success (green), kept-for-later (amber) and error (red) messages. Both live regions are
 * always in the page so screen readers announce what appears in them: a success or a kept
 * submission politely (role="status"), an error at once (role="alert"). The error is the
 * spec's one summary line; each invalid field also says what is wrong with it.
 */
export function FormStatus({ status }: { status: StatusMessage | null }) {
  return (
    <div>
      <div role="status" aria-live="polite">
        {status?.ok &&
          (status.queued ? (
            <p className={statusClass.queued}>{status.message}</p>
          ) : (
            <p className={statusClass.success}>{status.message}</p>
          ))}
      </div>
      <div role="alert">
        {status && !status.ok && <p className={statusClass.error}>{status.message}</p>}
      </div>
    </div>
  );
}

/** The submit button: shows the busy text and refuses clicks while the form is sent. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className = "inline-flex w-full items-center justify-center rounded-full bg-brand px-6 py-3 font-bold text-white shadow-sm transition-colors hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70 sm:w-auto",
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      data-label={label}
      data-busy-label={busyLabel}
      className={className}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * The free consultation slots (issue 52, item 4): radio buttons grouped by day, each day a
 * disclosure (the first open), so the form books without JavaScript.
 */
export function SlotPicker({
  legend,
  days,
  defaultValue,
  error,
}: {
  legend: string;
  days: readonly SlotDay[];
  defaultValue?: string;
  error?: string;
}) {
  const messageId = `${useId()}-error`;
  const openDay = days.find((day) => day.slots.some((slot) => slot.start === defaultValue))?.day;
  return (
    <fieldset
      aria-describedby={error ? messageId : undefined}
      data-required
      data-slots=""
      className="min-w-0"
    >
      <legend className="text-sm font-semibold text-ink">
        {legend}
        <RequiredMark />
      </legend>
      <FieldError id={messageId} label={legend} error={error} />
      <div className="mt-2 max-h-72 space-y-2 overflow-y-auto pr-1">
        {days.map((day, index) => (
          <details
            key={day.day}
            open={openDay ? openDay === day.day : index === 0}
            className="rounded-lg border border-slate-200"
          >
            <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-navy">
              {day.label}
            </summary>
            <div className="grid grid-cols-2 gap-2 px-3 pb-3 sm:grid-cols-4">
              {day.slots.map((slot) => (
                <label
                  key={slot.start}
                  className="flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-lg border border-slate-200 px-2 py-2 text-sm hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="slot"
                    value={slot.start}
                    defaultChecked={slot.start === defaultValue}
                    className="size-4 shrink-0 accent-brand"
                  />
                  <span className="whitespace-nowrap">
                    {slot.label}
                    <span className="sr-only">, {day.label}</span>
                  </span>
                </label>
              ))}
            </div>
          </details>
        ))}
      </div>
    </fieldset>
  );
}
