import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { defaultNavigation } from "../../../common/content/navigation.ts";
import { searchPages } from "../../../common/content/page-words.ts";
import type {
  BarEntry,
  MenuName,
  Navigation,
  NavItem,
  NavMenu,
} from "../../../common/schemas/navigation.ts";
import { PreviewLink } from "../../components/admin/content-links.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  failure,
  LoadState,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { problemText } from "../../lib/admin-api.ts";
import { getSetting, saveSetting } from "../../lib/admin/content.ts";
import { listPages, type PageSummary } from "../../lib/admin/pages.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { listContent } from "../../lib/admin/content.ts";
import { navServiceOf, type NavService } from "../../lib/nav-services.ts";

// The Navigation screen (issue 47 item 4, decision 0047): every menu of the public site as
// one form over the stored `navigation` setting. Each entry has its label and its link (a
// page picked from the site's pages, or typed); entries move up and down with buttons, so the
// keyboard does everything; a menu can go back to today's. A save is on every page at once.

export const meta = adminMeta("Navigation");

const PAGES_LIST = "navigation-pages";

/** What `highlight` does in each menu (none: the menu ignores it). */
const highlightLabels: Partial<Record<MenuName, string>> = {
  bar: "Show as the bar's button",
  drawer: "Indent under the entry before",
};
const DROPDOWN_HIGHLIGHT = "Bold (the menu's overview)";

const serviceLabelChoices = [
  { value: "name", label: "Their names (as on their pages)" },
  { value: "footerLabel", label: "Their footer labels" },
] as const;

const newLink = (): NavItem => ({ kind: "link", label: "", to: "/", highlight: false });
const allServices = (labels: "name" | "footerLabel" = "name"): NavItem => ({
  kind: "services",
  labels,
  highlight: false,
});

/** A list without its entry `index`, or with it moved by `by` places. */
function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(index + by, 0, entry as T);
  return next;
}
const without = <T,>(list: readonly T[], index: number) => list.filter((_, at) => at !== index);
const replaced = <T,>(list: readonly T[], index: number, entry: T) =>
  list.map((old, at) => (at === index ? entry : old));

/**
 * The focus after a move: the same button of the entry at its new place, or its other move
 * button when that one is now disabled (first or last).
 */
function useFocusAfterMove() {
  const target = useRef<string>(undefined);
  // After every render: the move re-renders the list, then the focus follows the entry.
  useEffect(() => {
    const id = target.current;
    if (!id) return;
    target.current = undefined;
    const element = document.getElementById(id) as HTMLButtonElement | null;
    const other = id.endsWith("-up") ? id.replace(/-up$/, "-down") : id.replace(/-down$/, "-up");
    if (element && !element.disabled) element.focus();
    else document.getElementById(other)?.focus();
  });
  return (id: string) => {
    target.current = id;
  };
}

/** Move up, Move down and Remove for an entry called `name`. */
function EntryButtons({
  id,
  name,
  index,
  count,
  onMove,
  onRemove,
  noun = "",
}: {
  id: string;
  name: string;
  /** What the buttons move, in their text ("column"); none for an entry. */
  noun?: string;
  index: number;
  count: number;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const small = `${adminButtonSecondary} px-3 py-1.5 text-sm`;
  const what = (verb: string, way?: string) => [verb, noun, way].filter(Boolean).join(" ");
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        id={`${id}-up`}
        className={small}
        disabled={index === 0}
        aria-label={`${what("Move", "up")}: ${name}`}
        onClick={() => onMove(-1)}
      >
        {what("Move", "up")}
      </button>
      <button
        type="button"
        id={`${id}-down`}
        className={small}
        disabled={index === count - 1}
        aria-label={`${what("Move", "down")}: ${name}`}
        onClick={() => onMove(1)}
      >
        {what("Move", "down")}
      </button>
      <button
        type="button"
        className={`${adminButtonDanger} text-sm`}
        aria-label={`${what("Remove")}: ${name}`}
        onClick={onRemove}
      >
        {what("Remove")}
      </button>
    </div>
  );
}

/** A label and a link field side by side. */
function LinkFields({
  label,
  to,
  onChange,
  labelName = "Label",
}: {
  label: string;
  to: string;
  onChange: (next: { label: string; to: string }) => void;
  labelName?: string;
}) {
  const ids = { label: useId(), to: useId(), hint: useId() };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={ids.label} className={adminLabel}>
          {labelName}
        </label>
        <input
          id={ids.label}
          className={`${adminInput} mt-1`}
          value={label}
          maxLength={60}
          required
          onChange={(event) => onChange({ label: event.target.value, to })}
        />
      </div>
      <div>
        <label htmlFor={ids.to} className={adminLabel}>
          Link
        </label>
        <input
          id={ids.to}
          className={`${adminInput} mt-1`}
          value={to}
          list={PAGES_LIST}
          required
          aria-describedby={ids.hint}
          onChange={(event) => onChange({ label, to: event.target.value })}
        />
        <p id={ids.hint} className="mt-1 text-xs text-muted">
          Pick a page or type an address of this site, such as /about.
        </p>
      </div>
    </div>
  );
}

/** The name an entry goes by in its buttons' names. */
const entryName = (item: NavItem, index: number) =>
  item.kind === "services" ? "the services" : item.label.trim() || `entry ${index + 1}`;

/** The entries of one list: a menu, a dropdown, a footer column. */
function ItemsEditor({
  id,
  items,
  onChange,
  highlightLabel,
  focusAfterMove,
}: {
  id: string;
  items: readonly NavItem[];
  onChange: (items: NavItem[]) => void;
  highlightLabel?: string;
  focusAfterMove: (id: string) => void;
}) {
  return (
    <div className="space-y-3">
      {items.length === 0 && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-muted">
          No entries: this menu shows nothing. Add a link or the services.
        </p>
      )}
      <ol className="space-y-3">
        {items.map((item, index) => {
          const entryId = `${id}-${index}`;
          const name = entryName(item, index);
          return (
            <li key={index} className="rounded-xl p-3 ring-1 ring-slate-200">
              <fieldset className="space-y-3">
                <legend className="text-sm font-bold text-navy">
                  {index + 1}. {item.kind === "services" ? "Every service" : name}
                </legend>
                {item.kind === "link" ? (
                  <LinkFields
                    label={item.label}
                    to={item.to}
                    onChange={(next) => onChange(replaced(items, index, { ...item, ...next }))}
                  />
                ) : (
                  <ServicesFields
                    labels={item.labels}
                    onChange={(labels) => onChange(replaced(items, index, { ...item, labels }))}
                  />
                )}
                {highlightLabel && (
                  <label className="flex items-center gap-2 text-sm font-semibold text-ink">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand"
                      checked={item.highlight}
                      onChange={(event) =>
                        onChange(
                          replaced(items, index, { ...item, highlight: event.target.checked }),
                        )
                      }
                    />
                    {highlightLabel}
                  </label>
                )}
                <EntryButtons
                  id={entryId}
                  name={name}
                  index={index}
                  count={items.length}
                  onMove={(by) => {
                    onChange(moved(items, index, by));
                    focusAfterMove(`${id}-${index + by}-${by < 0 ? "up" : "down"}`);
                  }}
                  onRemove={() => onChange(without(items, index))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${adminButtonSecondary} text-sm`}
          onClick={() => onChange([...items, newLink()])}
        >
          Add a link
        </button>
        <button
          type="button"
          className={`${adminButtonSecondary} text-sm`}
          onClick={() => onChange([...items, allServices()])}
        >
          Add the services
        </button>
      </div>
    </div>
  );
}

function ServicesFields({
  labels,
  onChange,
}: {
  labels: "name" | "footerLabel";
  onChange: (labels: "name" | "footerLabel") => void;
}) {
  const id = useId();
  return (
    <div>
      <p className="text-sm text-muted">
        One link per service, in the services&apos; order: it follows when a service is added,
        renamed or removed.
      </p>
      <label htmlFor={id} className={`${adminLabel} mt-2`}>
        Shown as
      </label>
      <select
        id={id}
        className={`${adminInput} mt-1 sm:max-w-sm`}
        value={labels}
        onChange={(event) => onChange(event.target.value as "name" | "footerLabel")}
      >
        {serviceLabelChoices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The header's bar: links (one may be its button) and dropdown menus. */
function BarEditor({
  entries,
  onChange,
  focusAfterMove,
}: {
  entries: readonly BarEntry[];
  onChange: (entries: BarEntry[]) => void;
  focusAfterMove: (id: string) => void;
}) {
  const newMenu = (): NavMenu => ({ kind: "menu", label: "", link: null, items: [newLink()] });
  return (
    <div className="space-y-3">
      {entries.length === 0 && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-muted">
          No entries: the bar shows only the logo. Add a link or a menu.
        </p>
      )}
      <ol className="space-y-3">
        {entries.map((entry, index) => {
          const entryId = `bar-${index}`;
          const name = entry.label.trim() || `entry ${index + 1}`;
          const update = (next: BarEntry) => onChange(replaced(entries, index, next));
          return (
            <li key={index} className="rounded-xl p-3 ring-1 ring-slate-200">
              <fieldset className="space-y-3">
                <legend className="text-sm font-bold text-navy">
                  {index + 1}. {entry.kind === "menu" ? `Menu: ${name}` : name}
                </legend>
                {entry.kind === "link" ? (
                  <>
                    <LinkFields
                      label={entry.label}
                      to={entry.to}
                      onChange={(next) => update({ ...entry, ...next })}
                    />
                    <label className="flex items-center gap-2 text-sm font-semibold text-ink">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand"
                        checked={entry.highlight}
                        onChange={(event) => update({ ...entry, highlight: event.target.checked })}
                      />
                      {highlightLabels.bar}
                    </label>
                  </>
                ) : (
                  <MenuFields
                    id={entryId}
                    menu={entry}
                    onChange={update}
                    focusAfterMove={focusAfterMove}
                  />
                )}
                <EntryButtons
                  id={entryId}
                  name={name}
                  index={index}
                  count={entries.length}
                  onMove={(by) => {
                    onChange(moved(entries, index, by));
                    focusAfterMove(`bar-${index + by}-${by < 0 ? "up" : "down"}`);
                  }}
                  onRemove={() => onChange(without(entries, index))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${adminButtonSecondary} text-sm`}
          onClick={() => onChange([...entries, { ...newLink(), kind: "link" } as BarEntry])}
        >
          Add a link
        </button>
        <button
          type="button"
          className={`${adminButtonSecondary} text-sm`}
          onClick={() => onChange([...entries, newMenu()])}
        >
          Add a menu
        </button>
      </div>
    </div>
  );
}

/** A dropdown of the bar: its name, the link beside it (optional) and its entries. */
function MenuFields({
  id,
  menu,
  onChange,
  focusAfterMove,
}: {
  id: string;
  menu: NavMenu;
  onChange: (menu: NavMenu) => void;
  focusAfterMove: (id: string) => void;
}) {
  const ids = { name: useId(), hint: useId() };
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={ids.name} className={adminLabel}>
          Menu name
        </label>
        <input
          id={ids.name}
          className={`${adminInput} mt-1 sm:max-w-sm`}
          value={menu.label}
          maxLength={60}
          required
          aria-describedby={ids.hint}
          onChange={(event) => onChange({ ...menu, label: event.target.value })}
        />
        <p id={ids.hint} className="mt-1 text-xs text-muted">
          The text of the button that opens the menu; with a link beside it, the button&apos;s name
          for screen readers (such as “More about us”).
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          className="size-4 accent-brand"
          checked={menu.link !== null}
          onChange={(event) =>
            onChange({
              ...menu,
              link: event.target.checked ? { label: menu.label, to: "/" } : null,
            })
          }
        />
        A link beside the menu&apos;s button (as About Us)
      </label>
      {menu.link && (
        <LinkFields
          labelName="The link's label"
          label={menu.link.label}
          to={menu.link.to}
          onChange={(link) => onChange({ ...menu, link })}
        />
      )}
      <div className="rounded-lg bg-slate-50 p-3">
        <p className="mb-2 text-sm font-bold text-navy">The menu&apos;s entries</p>
        <ItemsEditor
          id={`${id}-items`}
          items={menu.items}
          onChange={(items) => onChange({ ...menu, items })}
          highlightLabel={DROPDOWN_HIGHLIGHT}
          focusAfterMove={focusAfterMove}
        />
      </div>
    </div>
  );
}

/** The footer's columns of links: a heading and entries each. */
function ColumnsEditor({
  columns,
  onChange,
  focusAfterMove,
}: {
  columns: Navigation["footerColumns"];
  onChange: (columns: Navigation["footerColumns"]) => void;
  focusAfterMove: (id: string) => void;
}) {
  return (
    <div className="space-y-3">
      {columns.length === 0 && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-muted">
          No columns: the footer shows the agency and Get in Touch only.
        </p>
      )}
      <ol className="space-y-3">
        {columns.map((column, index) => (
          <li key={index} className="rounded-xl p-3 ring-1 ring-slate-200">
            <fieldset className="space-y-3">
              <legend className="text-sm font-bold text-navy">
                Column {index + 1}: {column.heading || "no heading yet"}
              </legend>
              <ColumnHeading
                heading={column.heading}
                onChange={(heading) => onChange(replaced(columns, index, { ...column, heading }))}
              />
              <ItemsEditor
                id={`column-${index}`}
                items={column.links}
                onChange={(links) => onChange(replaced(columns, index, { ...column, links }))}
                focusAfterMove={focusAfterMove}
              />
              <EntryButtons
                id={`columns-${index}`}
                name={column.heading || `column ${index + 1}`}
                noun="column"
                index={index}
                count={columns.length}
                onMove={(by) => {
                  onChange(moved(columns, index, by));
                  focusAfterMove(`columns-${index + by}-${by < 0 ? "up" : "down"}`);
                }}
                onRemove={() => onChange(without(columns, index))}
              />
            </fieldset>
          </li>
        ))}
      </ol>
      {columns.length < 3 && (
        <button
          type="button"
          className={`${adminButtonSecondary} text-sm`}
          onClick={() => onChange([...columns, { heading: "", links: [newLink()] }])}
        >
          Add a column
        </button>
      )}
    </div>
  );
}

function ColumnHeading({
  heading,
  onChange,
}: {
  heading: string;
  onChange: (heading: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={adminLabel}>
        Heading
      </label>
      <input
        id={id}
        className={`${adminInput} mt-1 sm:max-w-sm`}
        value={heading}
        maxLength={60}
        required
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The site's pages a link can go to: the built-in ones, the services, the staff pages. */
function PagesList({
  pages,
  services,
}: {
  pages: readonly PageSummary[];
  services: readonly NavService[];
}) {
  const servicePaths = new Set(services.map((service) => service.path));
  return (
    <datalist id={PAGES_LIST}>
      {searchPages
        .filter((page) => !servicePaths.has(page.path))
        .map((page) => (
          <option key={page.path} value={page.path} label={page.label} />
        ))}
      {services.map((service) => (
        <option key={service.path} value={service.path} label={service.name} />
      ))}
      {pages.map((page) => (
        <option
          key={page.id}
          value={`/${page.slug}`}
          label={page.status === "published" ? page.title : `${page.title} (draft)`}
        />
      ))}
    </datalist>
  );
}

/** Each menu's panel: its title, what it is, and its reset. */
const panels: { menu: MenuName; title: string; note: string }[] = [
  { menu: "bar", title: "Header bar", note: "The top bar on wide screens, left to right." },
  { menu: "drawer", title: "Drawer", note: "The menu that opens from the button on phones." },
  {
    menu: "footerColumns",
    title: "Footer columns",
    note: "The footer's columns of links, between the agency and Get in Touch.",
  },
  {
    menu: "footerBottom",
    title: "Footer bottom line",
    note: "Beside the copyright line. A link to a staff page that is not published is shown as plain text.",
  },
  {
    menu: "notFoundPopular",
    title: "Page not found: popular pages",
    note: "The first list of the 404 page.",
  },
  {
    menu: "notFoundServices",
    title: "Page not found: services",
    note: "The 404 page's list under “Our services”.",
  },
];

export default function NavigationScreen() {
  const setting = useApiData(() => getSetting("navigation"), []);
  const pages = useApiData(listPages, []);
  // The services (Site content, decision 0048): the list a link may pick one from.
  const services = useApiData(async () => (await listContent("services")).map(navServiceOf), []);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/content" className="font-semibold text-brand underline">
          Site content
        </Link>
      </p>
      <PageTitle actions={<PreviewLink href="/" className={adminButtonSecondary} />}>
        Navigation
      </PageTitle>
      <p className="-mt-3 mb-6 max-w-2xl text-muted">
        The menus of every public page. A link goes to a page of this site: a built-in page, a
        service, a post or a page made on the Pages screen (hidden from the header while it is a
        draft). A save is on the site at the next page load.
      </p>
      <LoadState
        loading={setting.loading}
        error={failure("the navigation", setting)}
        empty={!setting.data}
        emptyText=""
      />
      {setting.data && (
        <NavigationForm
          initial={setting.data}
          pages={pages.data ?? []}
          services={services.data ?? []}
          onSaved={(saved) => setting.setData(() => saved)}
        />
      )}
    </>
  );
}

function NavigationForm({
  initial,
  pages,
  services,
  onSaved,
}: {
  initial: Navigation;
  pages: readonly PageSummary[];
  services: readonly NavService[];
  onSaved: (saved: Navigation) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { notify } = useFeedback();
  const focusAfterMove = useFocusAfterMove();
  const problemId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const saved = await saveSetting("navigation", draft);
      setDraft(saved);
      onSaved(saved);
      notify("Navigation saved.");
    } catch (error) {
      setProblem(problemText(error, "The navigation could not be saved. Try again."));
    } finally {
      setBusy(false);
    }
  }

  const set = <M extends MenuName>(menu: M, value: Navigation[M]) =>
    setDraft((current) => ({ ...current, [menu]: value }));

  const editorOf = (menu: MenuName): ReactNode => {
    switch (menu) {
      case "bar":
        return (
          <BarEditor
            entries={draft.bar}
            onChange={(value) => set("bar", value)}
            focusAfterMove={focusAfterMove}
          />
        );
      case "footerColumns":
        return (
          <ColumnsEditor
            columns={draft.footerColumns}
            onChange={(value) => set("footerColumns", value)}
            focusAfterMove={focusAfterMove}
          />
        );
      default:
        return (
          <ItemsEditor
            id={menu}
            items={draft[menu]}
            onChange={(value) => set(menu, value)}
            highlightLabel={highlightLabels[menu]}
            focusAfterMove={focusAfterMove}
          />
        );
    }
  };

  return (
    <form onSubmit={onSubmit} aria-describedby={problem ? problemId : undefined} noValidate>
      <PagesList pages={pages} services={services} />
      {panels.map(({ menu, title, note }) => (
        <Panel
          key={menu}
          title={title}
          id={`navigation-${menu}`}
          actions={
            <button
              type="button"
              className={`${adminButtonSecondary} text-sm`}
              onClick={() => set(menu, defaultNavigation[menu])}
            >
              Reset {title.toLowerCase()} to the default
            </button>
          }
        >
          <p className="-mt-2 mb-4 text-sm text-muted">{note}</p>
          {editorOf(menu)}
        </Panel>
      ))}
      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-slate-50 py-4">
        <button type="submit" className={adminButton} disabled={busy}>
          {busy ? "Saving…" : "Save navigation"}
        </button>
        {problem && (
          <p id={problemId} role="alert" className="font-semibold text-danger">
            {problem}
          </p>
        )}
      </div>
    </form>
  );
}
