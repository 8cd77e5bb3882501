import type { FormEvent, ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { adminButton, adminButtonSecondary, adminInput, LabelledField, Panel } from "./ui.tsx";

/**
 * The filter bar of a back-office list (the inbox, the activity): labelled fields that wrap,
 * "Apply filters" and "Clear". The filters in use go into the address (shareable, kept on a
 * reload), blank ones are left out, and applying starts again at the first page. Works
 * without JavaScript too: the form is a plain GET of the page.
 */
export function FilterBar({
  label,
  clearTo,
  showClear = true,
  actionsOnOwnLine = false,
  children,
}: {
  /** The form's accessible name, e.g. "Filter enquiries". */
  label: string;
  /** The page without filters. */
  clearTo: string;
  /** Whether "Clear" is offered (e.g. only while a filter is in use). */
  showClear?: boolean;
  /** The buttons on a line of their own under the fields. */
  actionsOnOwnLine?: boolean;
  children: ReactNode;
}) {
  const [, setParams] = useSearchParams();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") next.set(name, value.trim());
    }
    setParams(next);
  };
  return (
    <Panel>
      <Form
        method="get"
        onSubmit={apply}
        // Wrapping boxes with a floor under each: a fixed six-column grid squeezed the
        // status and date fields until their text was cut off beside the side navigation.
        className="flex flex-wrap items-end gap-3"
        aria-label={label}
      >
        {children}
        <div className={actionsOnOwnLine ? "flex basis-full gap-2" : "flex gap-2"}>
          <button type="submit" className={adminButton}>
            Apply filters
          </button>
          {showClear && (
            <Link to={clearTo} className={adminButtonSecondary}>
              Clear
            </Link>
          )}
        </div>
      </Form>
    </Panel>
  );
}

/** A labelled select of a filter bar; `options` are [value, text] pairs, in order. */
export function FilterSelect({
  label,
  name,
  value,
  options,
  className,
  remountKey,
}: {
  label: string;
  name: string;
  /** The value in use (from the address). */
  value: string;
  options: readonly (readonly [value: string, text: string])[];
  className: string;
  /** Shows `value` again when it changes after the first render (a new list of options). */
  remountKey?: string;
}) {
  return (
    <LabelledField label={label} className={className}>
      {(id) => (
        <select
          id={id}
          name={name}
          defaultValue={value}
          key={remountKey}
          className={`${adminInput} mt-1`}
        >
          {options.map(([optionValue, text]) => (
            <option key={optionValue} value={optionValue}>
              {text}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
