import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  adminButtonSecondary,
  Cell,
  DataTable,
  failure,
  LoadState,
  PageTitle,
  Panel,
  Row,
} from "../../components/admin/ui.tsx";
import { FilterBar, FilterSelect } from "../../components/admin/filter-bar.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import {
  activityTime,
  actorLabel,
  changesOf,
  describeEntry,
  itemLink,
  itemName,
  listActivity,
  typeLabel,
  type AuditLogEntry,
  type AuditPage,
} from "../../lib/admin/audit.ts";
import { ApiError, problemText } from "../../lib/admin-api.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Activity");

/** What the screen loads: a page of the log, or word that only the owner may see it. */
type Loaded = { page: AuditPage } | { ownerOnly: true };

export default function Activity() {
  const [params] = useSearchParams();
  const actor = params.get("actor") ?? "";
  const type = params.get("type") ?? "";
  const filtered = actor !== "" || type !== "";
  const activity = useApiData<Loaded>(async () => {
    try {
      return { page: await listActivity({ actor, type }) };
    } catch (problem) {
      if (problem instanceof ApiError && problem.status === 403) return { ownerOnly: true };
      throw problem;
    }
  }, [actor, type]);
  const page = activity.data && "page" in activity.data ? activity.data.page : undefined;
  const entries = page?.entries ?? [];
  const [more, setMore] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const status = useRef<HTMLParagraphElement>(null);

  const loadMore = async () => {
    if (!page?.next) return;
    setMore({ busy: true });
    try {
      const next = await listActivity({ actor, type, before: page.next });
      activity.setData((current) =>
        current && "page" in current
          ? {
              page: {
                ...current.page,
                entries: [...current.page.entries, ...next.entries],
                next: next.next,
              },
            }
          : { page: next },
      );
      setMore({ busy: false });
      // The button goes away on the last page: focus moves to the count, read out.
      if (!next.next) status.current?.focus();
    } catch (problem) {
      setMore({
        busy: false,
        error: problemText(problem, "Could not load more activity. Please try again."),
      });
    }
  };

  if (activity.data && "ownerOnly" in activity.data) {
    return (
      <>
        <PageTitle>Activity</PageTitle>
        <Panel>
          <p role="alert" className="font-semibold text-ink">
            Only the owner can see the activity.
          </p>
          <p className="mt-2 text-muted">
            Ask the owner of this back office if you need to know who changed something.
          </p>
        </Panel>
      </>
    );
  }

  // The people's names, as far as the entries loaded know them (the filter is by e-mail).
  const names = new Map(
    entries.flatMap((entry) => (entry.actorName ? [[entry.actorEmail, entry.actorName]] : [])),
  );
  // A filter from the address that no entry has any more stays selectable.
  const actors = withCurrent(page?.facets.actors ?? [], actor);
  const types = withCurrent(page?.facets.types ?? [], type).sort((a, b) =>
    typeLabel(a).localeCompare(typeLabel(b)),
  );

  return (
    <>
      <PageTitle>Activity</PageTitle>
      <p className="-mt-3 mb-6 max-w-3xl text-muted">
        Every change made in the back office: who made it, when, and what changed. Entries are kept
        for one year.
      </p>
      <FilterBar label="Filter activity" clearTo="/admin/activity" showClear={filtered}>
        <FilterSelect
          label="Person"
          name="actor"
          value={actor}
          remountKey={`actor-${actor}-${actors.length}`}
          className="min-w-0 flex-[1_1_16rem]"
          options={[
            ["", "Everyone"],
            ...actors.map((email) => {
              const name = names.get(email);
              return [email, name ? `${name} (${email})` : email] as const;
            }),
          ]}
        />
        <FilterSelect
          label="Type"
          name="type"
          value={type}
          remountKey={`type-${type}-${types.length}`}
          className="min-w-0 flex-[1_1_16rem]"
          options={[["", "All types"], ...types.map((name) => [name, typeLabel(name)] as const)]}
        />
      </FilterBar>
      <Panel>
        <p
          ref={status}
          tabIndex={-1}
          className="mb-3 text-sm text-muted focus:outline-none"
          aria-live="polite"
        >
          {activity.loading
            ? "Loading…"
            : page && entries.length > 0
              ? `${entries.length} entr${entries.length === 1 ? "y" : "ies"}${page.next ? " shown, more to load" : ""}`
              : ""}
        </p>
        <LoadState
          loading={activity.loading}
          error={failure("activity", activity)}
          empty={entries.length === 0}
          emptyText={filtered ? "No activity matches these filters." : "No activity yet."}
        />
        {entries.length > 0 && (
          <DataTable label="Activity" columns={["When", "Who", "What", "Item", "Change"]}>
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </DataTable>
        )}
        {page?.next && (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={adminButtonSecondary}
              onClick={() => void loadMore()}
              disabled={more.busy}
            >
              {more.busy ? "Loading…" : "Load more"}
            </button>
            {more.error && (
              <p role="alert" className="font-semibold text-danger">
                {more.error}
              </p>
            )}
          </div>
        )}
      </Panel>
    </>
  );
}

function withCurrent(list: string[], current: string): string[] {
  return current && !list.includes(current) ? [...list, current] : [...list];
}

function EntryRow({ entry }: { entry: AuditLogEntry }) {
  const link = itemLink(entry);
  const name = itemName(entry);
  const changes = changesOf(entry);
  return (
    <Row>
      <Cell label="When" className="md:w-36">
        <time dateTime={entry.at}>{activityTime(entry.at)}</time>
      </Cell>
      <Cell label="Who" className="[overflow-wrap:anywhere]">
        <span>
          {actorLabel(entry)}
          {entry.actorName && <span className="block text-xs text-muted">{entry.actorEmail}</span>}
        </span>
      </Cell>
      <Cell label="What" className="font-semibold">
        {describeEntry(entry)}
      </Cell>
      <Cell label="Item" className="[overflow-wrap:anywhere]">
        {link ? (
          link.startsWith("/media/") ? (
            <a href={link} className="text-brand underline" title={entry.entityId}>
              {name}
            </a>
          ) : (
            <Link to={link} className="text-brand underline" title={entry.entityId}>
              {name}
            </Link>
          )
        ) : (
          <span title={entry.entityId}>{name}</span>
        )}
      </Cell>
      <Cell label="Change" className="min-w-0 [overflow-wrap:anywhere] md:w-2/5">
        {changes.length === 0 ? (
          <span className="text-muted">No field changes</span>
        ) : (
          <ul className="min-w-0 space-y-1">
            {changes.map((change) => (
              <li key={change.label} className="min-w-0">
                <span className="font-semibold">{change.label}:</span>{" "}
                {change.before !== undefined && (
                  <span className={change.after !== undefined ? "text-muted" : ""}>
                    {change.before}
                  </span>
                )}
                {change.before !== undefined && change.after !== undefined && (
                  <>
                    {" "}
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">changed to</span>{" "}
                  </>
                )}
                {change.after !== undefined && <span>{change.after}</span>}
              </li>
            ))}
          </ul>
        )}
      </Cell>
    </Row>
  );
}
