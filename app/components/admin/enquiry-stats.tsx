import { useId, type ReactNode } from "react";
import type { EnquiryStats } from "../../../common/schemas/enquiry.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import type { SiteIdentity } from "../../../common/identity.ts";
import { useIdentity } from "../../lib/identity.ts";
import { sourceName } from "../../../common/lead-source.ts";
import { Cell, DataTable, Row } from "./ui.tsx";

// The dashboard's figures, drawn by React as plain SVG and HTML (no chart library): the same
// markup on the server and in the browser. The chart is an image with a title and a summary;
// the same numbers are a table under "Show as table".

/** One colour per series, most enquiries first: the identity's primary and accent colours
 * (Site identity), then shades that stay apart from the built-in ones and from white; the last
 * is for "Other". */
export function seriesColours(
  identity: Pick<SiteIdentity, "primaryColour" | "accentColour">,
): readonly [string, string, ...string[]] {
  return [identity.primaryColour, identity.accentColour, "#6C93D8", "#9A5B00", "#0E7490"];
}
export const OTHER_COLOUR = "#64748B";

export function seriesColour(colours: readonly string[], name: string, index: number): string {
  return name === "Other" ? OTHER_COLOUR : (colours[index] ?? OTHER_COLOUR);
}

/** "Sep 7" for the Monday "2026-09-07"; `year` adds ", 2026". */
export function weekLabel(day: string, year = false): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    ...(year ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A round top for the axis and its steps: 0–4 at least, else steps of 1, 2 or 5 × 10ⁿ. */
export function axisSteps(max: number): number[] {
  if (max <= 4) return [0, 1, 2, 3, 4];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The chart's text alternative in a sentence or three. */
export function chartSummary(stats: EnquiryStats): string {
  const range = `from ${weekLabel(stats.from, true)} to ${weekLabel(stats.to, true)}`;
  if (stats.total === 0) return `No enquiries ${range}.`;
  const busiest = stats.weeks.reduce((best, week) => (week.total > best.total ? week : best));
  const bySeries = stats.series.map((s) => `${s.name} ${s.total}`).join(", ");
  return `${plural(stats.total, "enquiry", "enquiries")} ${range}, weeks starting on Monday (${AGENCY_TIME_ZONE_NAME}). Busiest: the week of ${weekLabel(busiest.start)} with ${busiest.total}. By service: ${bySeries}.`;
}

const HEIGHT = 230;
const TOP = 14;
const BOTTOM = 190;
/** Horizontal positions are percentages, so the text keeps its size at any width. */
const LEFT = 7;
const pct = (value: number) => `${value.toFixed(3)}%`;

/**
 * A chart's horizontal lines, one per step of its axis, with the step's value above it at
 * the left (`label` writes it): the dashboard's chart and the Traffic screen's.
 */
export function AxisLines({
  steps,
  y,
  label = String,
}: {
  steps: readonly number[];
  y: (value: number) => number;
  label?: (value: number) => string;
}) {
  return steps.map((step) => (
    <g key={step}>
      <line
        x1="0"
        x2="100%"
        y1={y(step)}
        y2={y(step)}
        stroke={step === 0 ? "#64748b" : "#e2e8f0"}
        strokeWidth={1}
      />
      <text x="0" y={y(step) - 4} fontSize={12} fill="#4b5566">
        {label(step)}
      </text>
    </g>
  ));
}

/**
 * Enquiries per week as stacked bars, one colour per service. Horizontal positions are in
 * percent of the width and vertical ones in pixels, so the chart fills a 375 px phone and a
 * wide screen alike without shrinking its labels. Below 640 px every other week is labelled.
 */
export function WeeklyEnquiriesChart({ stats }: { stats: EnquiryStats }) {
  const colours = seriesColours(useIdentity());
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const steps = axisSteps(Math.max(0, ...stats.weeks.map((week) => week.total)));
  const top = steps.at(-1)!;
  const y = (value: number) => BOTTOM - ((BOTTOM - TOP) * value) / top;
  const slot = (100 - LEFT) / stats.weeks.length;
  const bar = slot * 0.62;

  return (
    <div>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        width="100%"
        height={HEIGHT}
        className="block overflow-visible"
      >
        <title
          id={titleId}
        >{`Enquiries per week by service, last ${stats.weeks.length} weeks`}</title>
        <desc id={descId}>{chartSummary(stats)}</desc>
        <AxisLines steps={steps} y={y} />
        {stats.weeks.map((week, i) => {
          const x = LEFT + i * slot + (slot - bar) / 2;
          let base = 0;
          return (
            <g key={week.start}>
              {week.counts.map((count, s) => {
                if (count === 0) return null;
                const from = base;
                base += count;
                const name = stats.series[s]?.name ?? "";
                return (
                  <rect
                    key={name}
                    x={pct(x)}
                    width={pct(bar)}
                    y={y(base)}
                    height={y(from) - y(base)}
                    fill={seriesColour(colours, name, s)}
                    stroke="#ffffff"
                    strokeWidth={1}
                  >
                    <title>{`${name}, week of ${weekLabel(week.start)}: ${count}`}</title>
                  </rect>
                );
              })}
              {week.total > 0 && (
                <text
                  x={pct(x + bar / 2)}
                  y={y(week.total) - 4}
                  fontSize={11}
                  fontWeight={700}
                  fill="#1b2333"
                  textAnchor="middle"
                >
                  {week.total}
                </text>
              )}
              <text
                x={pct(x + bar / 2)}
                y={BOTTOM + 18}
                fontSize={12}
                fill="#4b5566"
                textAnchor="middle"
                className={(stats.weeks.length - 1 - i) % 2 === 1 ? "max-sm:hidden" : undefined}
              >
                {weekLabel(week.start)}
              </text>
            </g>
          );
        })}
        <text x="100%" y={BOTTOM + 36} fontSize={12} fill="#4b5566" textAnchor="end">
          Week starting (Monday)
        </text>
      </svg>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink">
        {stats.series.map((series, i) => (
          <li key={series.name} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-3.5 shrink-0 rounded-sm"
              style={{ backgroundColor: seriesColour(colours, series.name, i) }}
            />
            <span>
              {series.name} <span className="text-muted">({series.total})</span>
            </span>
          </li>
        ))}
      </ul>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold text-brand underline">
          Show as table
        </summary>
        {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
        <div
          className="mt-3 overflow-x-auto"
          role="group"
          aria-label="Enquiries per week by service, table"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-muted">
              Enquiries per week (starting Monday, {AGENCY_TIME_ZONE_NAME}) by service
            </caption>
            <thead>
              <tr>
                <th scope="col" className="border-b border-slate-200 px-2 py-1.5">
                  Week of
                </th>
                {stats.series.map((series) => (
                  <th
                    key={series.name}
                    scope="col"
                    className="border-b border-slate-200 px-2 py-1.5 text-right"
                  >
                    {series.name}
                  </th>
                ))}
                <th scope="col" className="border-b border-slate-200 px-2 py-1.5 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.weeks.map((week) => (
                <tr key={week.start}>
                  <th
                    scope="row"
                    className="border-b border-slate-100 px-2 py-1.5 font-normal whitespace-nowrap"
                  >
                    {weekLabel(week.start, true)}
                  </th>
                  {week.counts.map((count, s) => (
                    <td
                      key={stats.series[s]?.name ?? s}
                      className="border-b border-slate-100 px-2 py-1.5 text-right tabular-nums"
                    >
                      {count}
                    </td>
                  ))}
                  <td className="border-b border-slate-100 px-2 py-1.5 text-right font-semibold tabular-nums">
                    {week.total}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** The commonest sources of the last 12 weeks with their counts; "" is a direct visit. */
export function SourcesTable({
  stats,
  placeholder,
}: {
  stats: EnquiryStats | undefined;
  placeholder: ReactNode;
}) {
  const sources = stats?.sources ?? [];
  return (
    <DataTable label="Top sources" columns={["Source", "Enquiries"]} placeholder={placeholder}>
      {sources.map((source) => (
        <Row key={source.source}>
          <Cell label="Source" className="break-all">
            {sourceName(source.source)}
            {sourceName(source.source) !== source.source && source.source && (
              <span className="text-muted"> ({source.source})</span>
            )}
          </Cell>
          <Cell label="Enquiries" className="tabular-nums">
            {source.count}
          </Cell>
        </Row>
      ))}
      {sources.length > 0 && stats && stats.otherSources > 0 && (
        <Row>
          <Cell label="Source">Other sources</Cell>
          <Cell label="Enquiries" className="tabular-nums">
            {stats.otherSources}
          </Cell>
        </Row>
      )}
    </DataTable>
  );
}
