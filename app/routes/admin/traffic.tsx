import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import type { TrafficTable } from "../../../common/schemas/traffic.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import { CONVERSION_OVER_NOTE, conversionText, TRAFFIC_PERIODS } from "../../../common/traffic.ts";
import { ExportButton } from "../../components/admin/export-button.tsx";
import { DailyTrafficChart } from "../../components/admin/traffic-chart.tsx";
import {
  CampaignsTable,
  DevicesTable,
  PagesTable,
  SourcesTable,
} from "../../components/admin/traffic-tables.tsx";
import {
  adminButton,
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
import {
  changeText,
  count,
  daysOf,
  exportTraffic,
  getTrafficSettings,
  getTrafficStats,
  nothingCounted,
  periodOf,
  periodParams,
  perVisitText,
  rangeOfPeriod,
  rangeProblem,
  rangeText,
  rateChangeText,
  RESPECT_DNT_LABEL,
  saveTrafficSettings,
  type DayRange,
  type TrafficPeriod,
  type TrafficSettings,
  type TrafficStats,
} from "../../lib/admin/traffic.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { AdminContext } from "./layout.tsx";

export const meta = adminMeta("Traffic");

/** The period buttons (7 / 30 / 90 days) and the form of a chosen range. */
function PeriodPicker({
  period,
  range,
  onPeriod,
}: {
  period: TrafficPeriod;
  range: DayRange;
  onPeriod: (period: TrafficPeriod) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = { from: String(form.get("from") ?? ""), to: String(form.get("to") ?? "") };
    const problem = rangeProblem(chosen);
    setError(problem);
    if (problem) {
      document.getElementById(`${id}-from`)?.focus();
      return;
    }
    onPeriod({ kind: "range", ...chosen });
  }

  return (
    <Panel>
      <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
        <fieldset>
          <legend className={adminLabel}>Period</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {TRAFFIC_PERIODS.map((days) => {
              const current = period.kind === "days" && period.days === days;
              return (
                <button
                  key={days}
                  type="button"
                  aria-pressed={current}
                  onClick={() => {
                    setError(undefined);
                    onPeriod({ kind: "days", days });
                  }}
                  className={current ? adminButton : adminButtonSecondary}
                >
                  {days} days
                </button>
              );
            })}
          </div>
        </fieldset>
        <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-from`} className={adminLabel}>
              From
            </label>
            <input
              id={`${id}-from`}
              name="from"
              type="date"
              defaultValue={range.from}
              key={`from-${range.from}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${adminInput} mt-1`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={adminLabel}>
              To
            </label>
            <input
              id={`${id}-to`}
              name="to"
              type="date"
              defaultValue={range.to}
              key={`to-${range.to}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${adminInput} mt-1`}
            />
          </div>
          <button type="submit" className={adminButtonSecondary}>
            Show these days
          </button>
        </form>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {error && (
          <p id={`${id}-error`} className="mt-3 text-sm font-semibold text-danger">
            {error}
          </p>
        )}
      </div>
    </Panel>
  );
}

/** One headline figure with its change from the period before. */
function Figure({ label, value, change }: { label: string; value: string; change: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-navy tabular-nums">{value}</dd>
      <dd className="mt-1 text-sm text-ink">{change}</dd>
    </div>
  );
}

function Headline({ stats }: { stats: TrafficStats }) {
  const days = daysOf(stats);
  const { previous } = stats;
  return (
    <dl className="mb-8 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-5">
      <Figure
        label="Visitors"
        value={count(stats.visitors)}
        change={changeText(stats.visitors, previous.visitors, days)}
      />
      <Figure
        label="Page views"
        value={count(stats.pageviews)}
        change={changeText(stats.pageviews, previous.pageviews, days)}
      />
      <Figure
        label="Views per visit"
        value={perVisitText(stats.viewsPerVisit)}
        change={
          stats.viewsPerVisit === null || previous.viewsPerVisit === null
            ? rateChangeText(stats.viewsPerVisit, previous.viewsPerVisit, days)
            : changeText(
                Math.round(stats.viewsPerVisit * 10),
                Math.round(previous.viewsPerVisit * 10),
                days,
              )
        }
      />
      <Figure
        label="Enquiries"
        value={count(stats.enquiries)}
        change={changeText(stats.enquiries, previous.enquiries, days)}
      />
      <Figure
        label="Conversion"
        value={conversionText(stats.conversion)}
        change={rateChangeText(stats.conversion, previous.conversion, days)}
      />
    </dl>
  );
}

/** A panel of the screen with its own "Export CSV". */
function TablePanel({
  title,
  id,
  table,
  range,
  note,
  children,
}: {
  title: string;
  id: string;
  table: TrafficTable;
  range: DayRange;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Panel
      title={title}
      id={id}
      actions={<ExportButton download={() => exportTraffic(table, range)} />}
    >
      {note && <p className="mb-3 text-sm text-muted">{note}</p>}
      {children}
    </Panel>
  );
}

/** The owners' switch: leave out browsers that ask not to be tracked. */
function SettingsPanel() {
  const id = useId();
  const settings = useApiData(getTrafficSettings, []);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean }>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const respectDnt = new FormData(event.currentTarget).get("respectDnt") === "on";
    setBusy(true);
    setStatus(undefined);
    try {
      const saved: TrafficSettings = await saveTrafficSettings({ respectDnt });
      settings.setData(() => saved);
      setStatus({
        text: saved.respectDnt
          ? "Saved: browsers that ask not to be tracked are no longer counted."
          : "Saved: every browser is counted.",
        error: false,
      });
    } catch (problem) {
      setStatus({
        text: problemText(problem, "Not saved: the server could not be reached."),
        error: true,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Counting" id="traffic-settings-title">
      <LoadState
        loading={settings.loading}
        error={failure("traffic settings", settings)}
        empty={!settings.data}
        emptyText=""
      />
      {settings.data && (
        <form onSubmit={onSubmit} className="max-w-2xl space-y-3">
          <div className="flex items-start gap-3">
            <input
              id={id}
              name="respectDnt"
              type="checkbox"
              defaultChecked={settings.data.respectDnt}
              key={String(settings.data.respectDnt)}
              aria-describedby={`${id}-hint`}
              className="mt-1 size-4 shrink-0 accent-brand"
            />
            <div>
              <label htmlFor={id} className="font-semibold text-ink">
                {RESPECT_DNT_LABEL}
              </label>
              <p id={`${id}-hint`} className="text-sm text-muted">
                When on, browsers that send Do Not Track or Global Privacy Control are not counted.
                Enquiries are counted either way.
              </p>
            </div>
          </div>
          <button type="submit" className={adminButton} disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </button>
          <p
            role="status"
            className={`text-sm font-semibold empty:hidden ${status?.error ? "text-danger" : "text-success"}`}
          >
            {status?.text}
          </p>
        </form>
      )}
    </Panel>
  );
}

/** Whether a conversion the screen shows is above 100% (its note then says why). */
const conversionOver = (stats: TrafficStats) =>
  [stats, ...stats.pages, ...stats.sources, ...stats.campaigns].some(
    (row) => row.conversion !== null && row.conversion > 1,
  );

function Figures({ stats, range }: { stats: TrafficStats; range: DayRange }) {
  const empty = nothingCounted(stats);
  return (
    <>
      {empty && (
        <p className="mb-6 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-5 text-ink">
          No visits counted in these days yet. The site counts its visits itself, without cookies or
          any other site’s script; figures appear within a minute of the first visit.
        </p>
      )}
      <Headline stats={stats} />
      {conversionOver(stats) && (
        <p className="-mt-4 mb-8 max-w-4xl text-sm text-muted">{CONVERSION_OVER_NOTE}</p>
      )}
      <TablePanel
        title="Visitors and enquiries per day"
        id="traffic-daily-title"
        table="daily"
        range={range}
      >
        <DailyTrafficChart stats={stats} />
      </TablePanel>
      <TablePanel
        title="Top pages"
        id="traffic-pages-title"
        table="pages"
        range={range}
        note="Change: visitors against the period before. Conversion: enquiries sent from the page ÷ its visitors."
      >
        <PagesTable stats={stats} />
      </TablePanel>
      <TablePanel
        title="Sources"
        id="traffic-sources-title"
        table="sources"
        range={range}
        note="The campaign’s utm_source, else the site that sent the visitor."
      >
        <SourcesTable stats={stats} />
      </TablePanel>
      <TablePanel
        title="Campaigns"
        id="traffic-campaigns-title"
        table="campaigns"
        range={range}
        note="Visits and enquiries with a utm_campaign."
      >
        <CampaignsTable stats={stats} />
      </TablePanel>
      <TablePanel title="Devices" id="traffic-devices-title" table="devices" range={range}>
        <DevicesTable stats={stats} />
      </TablePanel>
    </>
  );
}

export default function Traffic() {
  const { me } = useOutletContext<AdminContext>();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const range = rangeOfPeriod(period);
  // A range written into the address by hand is checked like one chosen in the form.
  const problem = period.kind === "range" ? rangeProblem(range) : undefined;
  const stats = useApiData(
    () => (problem ? Promise.reject(new Error(problem)) : getTrafficStats(range)),
    [range.from, range.to, problem],
  );
  const data = stats.data;
  const shown = data && data.from === range.from && data.to === range.to ? data : undefined;

  return (
    <>
      <PageTitle>Traffic</PageTitle>
      <p className="mb-6 max-w-3xl text-muted">
        Visits counted by the site itself, without cookies, and the enquiries of the same days (
        {rangeText(range)}, days in {AGENCY_TIME_ZONE_NAME}), each against the period of the same
        length before.
      </p>
      <PeriodPicker
        period={period}
        range={range}
        onPeriod={(next) => setParams(periodParams(next), { preventScrollReset: true })}
      />
      {problem ? (
        <LoadState loading={false} error={problem} empty emptyText="" className="mb-6" />
      ) : shown ? (
        <Figures stats={shown} range={range} />
      ) : (
        <LoadState
          loading={stats.loading}
          error={failure("traffic figures", stats)}
          empty
          emptyText=""
          className="mb-6"
        />
      )}
      {me?.role === "owner" && <SettingsPanel />}
    </>
  );
}
