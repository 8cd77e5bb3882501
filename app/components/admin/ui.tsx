import { Children, useId, type ReactNode } from "react";

export const adminButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-brand px-4 py-2 font-semibold text-white transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";
export const adminButtonSecondary =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-ink transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60";
export const adminButtonDanger =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3 py-1.5 font-semibold text-danger ring-1 ring-danger/40 transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60";
export const adminLinkButton =
  "inline-flex items-center justify-center rounded-lg bg-white px-3 py-1.5 font-semibold text-brand ring-1 ring-brand/40 transition-colors hover:bg-brand-50";
export const adminInput =
  "block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-ink focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-invalid:border-danger";
export const adminLabel = "block text-sm font-semibold text-ink";
/** A <progress> bar in the brand's colour (uploads, sends, imports): add its height and width. */
export const adminProgress =
  "block w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand";
export const fileInput =
  "mt-1 block w-full text-sm text-ink file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand hover:file:bg-brand-100";

/** "Uploading: 1.2 MB of 4 MB" over its bar, while a file goes up (nothing before it starts). */
export function UploadBar({
  id,
  progress,
}: {
  id: string;
  progress: { loaded: number; total: number } | null;
}) {
  if (!progress || progress.total <= 0) return null;
  return (
    <div>
      <label htmlFor={id} className="text-sm text-muted">
        Uploading: {fileSize(progress.loaded)} of {fileSize(progress.total)}
      </label>
      <progress
        id={id}
        max={progress.total}
        value={progress.loaded}
        className={`${adminProgress} h-3`}
      />
    </div>
  );
}

/** A label above its control; `children` renders the control with the id the label names. */
export function LabelledField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={adminLabel}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-extrabold tracking-tight text-navy md:text-3xl">{children}</h1>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/**
 * A white card. With a title it is a labelled section; the heading can take focus
 * (tabIndex -1), so focus has somewhere sensible to go when the row a person was on is deleted.
 */
export function Panel({
  title,
  children,
  actions,
  id,
  className = "",
}: {
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={`mb-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-6 ${className}`}
    >
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title && (
            <h2 id={id} tabIndex={-1} className="text-lg font-bold text-navy focus:outline-none">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

/** Moves focus to an element by id (a panel heading after its row was deleted). */
export function focusById(id: string): void {
  document.getElementById(id)?.focus();
}

/**
 * Loading, failure and empty states of a list, or of a screen's one loaded thing (empty
 * until it has loaded, no empty text). `className` places it (a margin).
 */
export function LoadState({
  loading,
  error,
  empty,
  emptyText,
  loadingText = "Loading…",
  className = "",
}: {
  loading: boolean;
  error?: string;
  empty: boolean;
  emptyText: string;
  loadingText?: string;
  className?: string;
}) {
  if (error) {
    return (
      <p
        role="alert"
        className={`rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger ${className}`}
      >
        {error}
      </p>
    );
  }
  if (loading && empty) {
    return (
      <p role="status" className={`px-1 py-3 text-muted ${className}`}>
        {loadingText}
      </p>
    );
  }
  if (empty && emptyText) {
    return (
      <p
        className={`rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-muted ${className}`}
      >
        {emptyText}
      </p>
    );
  }
  return null;
}

/**
 * What a table's body says while it has no rows: the load failure (an alert), "Loading…",
 * or the empty text. Goes in DataTable's `placeholder`, so the columns stay on screen.
 */
export function TableStatus({
  loading,
  error,
  emptyText,
  loadingText = "Loading…",
}: {
  loading: boolean;
  error?: string;
  emptyText: string;
  loadingText?: string;
}) {
  if (error) {
    return (
      <span role="alert" className="font-semibold text-danger">
        {error}
      </span>
    );
  }
  if (loading) return <span role="status">{loadingText}</span>;
  return <>{emptyText}</>;
}

/**
 * A data table that becomes a list of cards below 768 px (each cell shows its column name).
 * The explicit roles keep the table semantics when CSS changes the display of its parts
 * (Safari drops them otherwise), so the lint rule against redundant roles is off here.
 * Without rows it keeps its column headers and shows `placeholder` (the empty, loading or
 * failed state) in one row that spans every column.
 */
export function DataTable({
  columns,
  children,
  label,
  placeholder,
}: {
  /** Column names; an empty name is an actions column (named for screen readers only). */
  columns: readonly string[];
  children?: ReactNode;
  label: string;
  /** What the body shows while there are no rows. */
  placeholder?: ReactNode;
}) {
  const empty = Children.toArray(children).length === 0;
  return (
    <div className="md:overflow-x-auto">
      <table role="table" aria-label={label} className="w-full text-left text-sm max-md:block">
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- see above */}
        <thead role="rowgroup" className="max-md:sr-only">
          <tr role="row">
            {columns.map((column, index) => (
              <th
                key={index}
                role="columnheader"
                scope="col"
                className="border-b border-slate-200 px-3 py-2 text-xs font-bold tracking-wide whitespace-nowrap text-muted uppercase"
              >
                {column || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- see above */}
        <tbody role="rowgroup" className="max-md:block max-md:space-y-3">
          {empty && placeholder !== undefined ? (
            <tr role="row" className="max-md:block">
              <td
                // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, see above
                role="cell"
                colSpan={columns.length}
                className="border-b border-slate-100 px-3 py-6 text-center text-muted max-md:block max-md:rounded-xl max-md:border max-md:border-dashed max-md:border-slate-300"
              >
                {placeholder}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Row({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <tr
      role="row"
      className={`max-md:block max-md:rounded-xl max-md:px-3 max-md:py-2 max-md:ring-1 max-md:ring-slate-200 ${className}`}
    >
      {children}
    </tr>
  );
}

/** A cell; below 768 px its column name (`label`) is shown before it. */
export function Cell({
  label,
  children,
  className = "",
}: {
  label: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <td
      // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, see DataTable
      role="cell"
      data-label={label}
      className={`border-b border-slate-100 px-3 py-2.5 align-middle max-md:flex max-md:gap-3 max-md:border-0 max-md:px-0 max-md:py-1.5 max-md:before:w-28 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-bold max-md:before:text-muted max-md:before:uppercase max-md:before:content-[attr(data-label)_/_''] ${className}`}
    >
      {children}
    </td>
  );
}

/** What an empty cell shows: a dash, read out as "none". */
export function Blank() {
  return (
    <span className="text-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </span>
  );
}

/** The last cell of a row, holding its buttons. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td
      // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, see DataTable
      role="cell"
      className="border-b border-slate-100 px-3 py-2.5 text-right align-middle whitespace-nowrap max-md:block max-md:border-0 max-md:px-0 max-md:pt-2 max-md:text-left"
    >
      <div className="inline-flex flex-wrap gap-2">{children}</div>
    </td>
  );
}

/** The message of a list that failed to load, with the server's reason when it gave one. */
export function failure(what: string, state: { failed?: boolean; error?: string }) {
  if (!state.failed) return undefined;
  return `Failed to load the ${what}${state.error ? `: ${state.error}` : ". Please reload the page."}`;
}

/** "8.0 MB" / "512 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** An owner's screen as an editor sees it: its title and why there is nothing to do here. */
export function OwnerOnlyScreen({ title, message }: { title: string; message: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Panel>
        <p role="alert" className="font-semibold text-navy">
          {message}
        </p>
      </Panel>
    </>
  );
}
