import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import type { z } from "zod";
import type { ContentField, ContentImage } from "../../../common/schemas/content.ts";
import type { Price } from "../../../common/schemas/price.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  altKey,
  fieldErrors,
  fromFormValues,
  type FormValue,
  type FormValues,
} from "../../lib/admin/content.ts";
import {
  CheckboxField,
  ColourField,
  NairaField,
  PriceKeyField,
  SelectField,
  TextareaField,
  TextField,
} from "./content-fields.tsx";
import { ImageField } from "./content-image-field.tsx";
import { adminButton } from "./ui.tsx";

/**
 * The one editor of every content type and setting, built from the type's `fields`. On
 * submit the values are checked with the same schema the server uses: each message shows
 * beside its field and focus goes to the first one; then `onSave` sends the item (it throws
 * with the server's reason, shown above the button).
 */
export function ContentForm({
  fields,
  schema,
  initial,
  prices,
  pricesFailed,
  submitLabel = "Save",
  onSave,
  actions,
}: {
  fields: readonly ContentField[];
  schema: z.ZodType;
  initial: FormValues;
  prices?: readonly Price[];
  pricesFailed?: boolean;
  submitLabel?: string;
  /** Sends the checked item; throws when the server refused it. */
  onSave: (item: unknown) => Promise<void>;
  /** More controls beside Save (Cancel, a preview link). */
  actions?: ReactNode;
}) {
  const base = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploads, setUploads] = useState<Record<string, boolean>>({});
  const uploading = Object.values(uploads).some(Boolean);
  // Bumped on every refused submit, so focus moves even when the messages are the same.
  const [attempt, setAttempt] = useState(0);
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  const idOf = (key: string) => `${base}-${key.replace(/\W/g, "-")}`;

  useEffect(() => {
    if (attempt === 0) return;
    const first = Object.keys(errors).find((key) => key !== "");
    const target = first ? document.getElementById(idOf(first)) : formErrorRef.current;
    target?.focus();
    target?.scrollIntoView?.({ block: "center" });
    // idOf only reads `base`, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const set = (name: string) => (value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || uploading) return;
    setFormError(null);
    const checked = schema.safeParse(fromFormValues(fields, values));
    if (!checked.success) {
      setErrors(fieldErrors(fields, checked.error.issues));
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(checked.data);
    } catch (problem) {
      setFormError(problemText(problem, "The server could not be reached. Please try again."));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  function fieldControl(field: ContentField) {
    const props = { field, id: idOf(field.name), error: errors[field.name] };
    const value = values[field.name];
    switch (field.input) {
      case "checkbox":
        return (
          <CheckboxField
            key={field.name}
            {...props}
            value={value === true}
            onChange={set(field.name)}
          />
        );
      case "image":
        return (
          <ImageField
            key={field.name}
            {...props}
            altId={idOf(altKey(field.name))}
            altError={errors[altKey(field.name)]}
            value={value as ContentImage}
            onChange={set(field.name)}
            onUploading={(on) => setUploads((current) => ({ ...current, [field.name]: on }))}
          />
        );
      default: {
        const text = typeof value === "string" ? value : "";
        const onChange = set(field.name);
        if (field.input === "textarea" || field.input === "lines") {
          return <TextareaField key={field.name} {...props} value={text} onChange={onChange} />;
        }
        if (field.input === "naira") {
          return <NairaField key={field.name} {...props} value={text} onChange={onChange} />;
        }
        if (field.input === "colour") {
          return <ColourField key={field.name} {...props} value={text} onChange={onChange} />;
        }
        if (field.input === "select") {
          return <SelectField key={field.name} {...props} value={text} onChange={onChange} />;
        }
        if (field.input === "price-key") {
          return (
            <PriceKeyField
              key={field.name}
              {...props}
              value={text}
              onChange={onChange}
              prices={prices}
              pricesFailed={pricesFailed}
            />
          );
        }
        return <TextField key={field.name} {...props} value={text} onChange={onChange} />;
      }
    }
  }

  const problems = Object.keys(errors).length;

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-5">
      {groupsOf(fields).map(({ group, fields: part }, index) =>
        group ? (
          <fieldset
            key={`${index}-${group}`}
            className="space-y-5 rounded-xl border border-slate-200 p-4 pt-2"
          >
            <legend className="px-1 text-base font-bold text-navy">{group}</legend>
            {part.map(fieldControl)}
          </fieldset>
        ) : (
          <Fragment key={index}>{part.map(fieldControl)}</Fragment>
        ),
      )}
      <div aria-live="polite">
        {problems > 0 && (
          <p className="text-sm font-semibold text-danger">
            {problems === 1 ? "One field needs" : `${problems} fields need`} a change before it can
            be saved.
          </p>
        )}
      </div>
      {formError && (
        <p
          ref={formErrorRef}
          role="alert"
          tabIndex={-1}
          className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger focus:outline-none"
        >
          {formError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        {/* Not disabled while busy: a disabled button would drop the keyboard focus. */}
        <button
          type="submit"
          aria-disabled={busy || uploading}
          className={`${adminButton} px-6 aria-disabled:cursor-wait aria-disabled:opacity-60`}
        >
          {busy ? "Saving…" : uploading ? "Uploading…" : submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}

/** The fields in runs that share a group (a run without one has `group` undefined). */
function groupsOf(fields: readonly ContentField[]) {
  const runs: { group?: string; fields: ContentField[] }[] = [];
  for (const field of fields) {
    const last = runs.at(-1);
    if (last && last.group === field.group) last.fields.push(field);
    else runs.push({ group: field.group, fields: [field] });
  }
  return runs;
}
