import { useId } from "react";
import type { TrafficStats } from "../../../common/schemas/traffic.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import { count, dayLabel, rangeText } from "../../lib/admin/traffic.ts";
import { AxisLines, axisSteps, seriesColours } from "./enquiry-stats.tsx";
import { useIdentity } from "../../lib/identity.ts";
import { TrafficTableBox } from "./traffic-tables.tsx";

// The Traffic screen's daily chart: visitors per day as bars and, in a band of their own
// under them (enquiries are far fewer than visitors), enquiries per day. Plain SVG drawn by
// React (the dashboard's way): the same markup from the server and in the browser, with a
// title and a summary for screen readers, and the same numbers as a table.

type Daily = TrafficStats["daily"];

const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** The chart's text alternative. */
export function dailySummary(stats: Pick<TrafficStats, "from" | "to" | "daily">): string {
  const range = rangeText(stats);
  const visitors = stats.daily.reduce((sum, d) => sum + d.visitors, 0);
  const enquiries = stats.daily.reduce((sum, d) => sum + d.enquiries, 0);
  const totals = `${plural(visitors, "visitor")} and ${plural(enquiries, "enquiry", "enquiries")}, ${range} (days in ${AGENCY_TIME_ZONE_NAME}).`;
  if (visitors === 0) return totals;
  const busiest = stats.daily.reduce((best, d) => (d.visitors > best.visitors ? d : best));
  return `${totals} Busiest day: ${dayLabel(busiest.day)} with ${plural(busiest.visitors, "visitor")}.`;
}

/** Which days get a label under the axis: about eight, the last one always. */
export function labelledDays(days: number): Set<number> {
  const step = Math.max(1, Math.ceil(days / 8));
  const shown = new Set<number>();
  for (let i = days - 1; i >= 0; i -= step) shown.add(i);
  return shown;
}

const TOP = 14;
const VISITORS_BOTTOM = 170;
const ENQUIRIES_TOP = 206;
const ENQUIRIES_BOTTOM = 250;
const LABELS = ENQUIRIES_BOTTOM + 18;
const HEIGHT = LABELS + 8;
/** Horizontal positions are percentages, so the text keeps its size at any width. */
const LEFT = 7;
const pct = (value: number) => `${value.toFixed(3)}%`;

function Band({
  daily,
  value,
  top,
  bottom,
  colour,
  name,
}: {
  daily: Daily;
  value: (day: Daily[number]) => number;
  top: number;
  bottom: number;
  colour: string;
  name: string;
}) {
  const most = Math.max(0, ...daily.map(value));
  const small = bottom - top < 80;
  // The small band (enquiries, far fewer) is scaled to its own highest day.
  const steps = small ? [0, Math.max(1, most)] : axisSteps(most);
  const max = steps.at(-1)!;
  const y = (n: number) => bottom - ((bottom - top) * n) / max;
  const slot = (100 - LEFT) / daily.length;
  const bar = Math.max(slot * 0.7, 0.2);
  return (
    <g>
      <AxisLines steps={steps} y={y} label={count} />
      {daily.map((day, i) => {
        const n = value(day);
        if (n === 0) return null;
        const x = LEFT + i * slot + (slot - bar) / 2;
        return (
          <rect
            key={day.day}
            x={pct(x)}
            width={pct(bar)}
            y={y(n)}
            height={y(0) - y(n)}
            fill={colour}
          >
            <title>{`${dayLabel(day.day)}: ${plural(n, name, name === "enquiry" ? "enquiries" : undefined)}`}</title>
          </rect>
        );
      })}
    </g>
  );
}

/** Visitors and enquiries per day of the period, with the same numbers as a table. */
export function DailyTrafficChart({ stats }: { stats: TrafficStats }) {
  // Visitors in the identity's primary colour, enquiries in its accent.
  const [VISITOR_COLOUR, ENQUIRY_COLOUR] = seriesColours(useIdentity());
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const { daily } = stats;
  const slot = (100 - LEFT) / daily.length;
  const labelled = labelledDays(daily.length);
  // On a phone every other label of the ones shown, counted from the last day.
  const labelOrder = [...labelled].sort((a, b) => b - a);

  return (
    <div>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        width="100%"
        height={HEIGHT}
        className="block overflow-visible"
      >
        <title id={titleId}>{`Visitors and enquiries per day, ${rangeText(stats)}`}</title>
        <desc id={descId}>{dailySummary(stats)}</desc>
        <Band
          daily={daily}
          value={(d) => d.visitors}
          top={TOP}
          bottom={VISITORS_BOTTOM}
          colour={VISITOR_COLOUR}
          name="visitor"
        />
        <Band
          daily={daily}
          value={(d) => d.enquiries}
          top={ENQUIRIES_TOP}
          bottom={ENQUIRIES_BOTTOM}
          colour={ENQUIRY_COLOUR}
          name="enquiry"
        />
        {labelOrder.map((i, order) => (
          <text
            key={daily[i]!.day}
            x={pct(LEFT + i * slot + slot / 2)}
            y={LABELS}
            fontSize={12}
            fill="#4b5566"
            textAnchor={i === daily.length - 1 && daily.length > 1 ? "end" : "middle"}
            className={order % 2 === 1 ? "max-sm:hidden" : undefined}
          >
            {dayLabel(daily[i]!.day)}
          </text>
        ))}
      </svg>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink">
        {[
          { name: "Visitors (upper bars)", colour: VISITOR_COLOUR },
          { name: "Enquiries (lower bars)", colour: ENQUIRY_COLOUR },
        ].map((series) => (
          <li key={series.name} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-3.5 shrink-0 rounded-sm"
              style={{ backgroundColor: series.colour }}
            />
            {series.name}
          </li>
        ))}
      </ul>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold text-brand underline">
          Show as table
        </summary>
        <TrafficTableBox label="Visitors and enquiries per day, table" className="mt-3">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-muted">
              Visitors, page views and enquiries per day ({AGENCY_TIME_ZONE_NAME})
            </caption>
            <thead>
              <tr>
                {["Day", "Visitors", "Page views", "Enquiries"].map((column, i) => (
                  <th
                    key={column}
                    scope="col"
                    className={`border-b border-slate-200 px-2 py-1.5 ${i > 0 ? "text-right" : ""}`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.day}>
                  <th
                    scope="row"
                    className="border-b border-slate-100 px-2 py-1.5 font-normal whitespace-nowrap"
                  >
                    {dayLabel(day.day, true)}
                  </th>
                  {[day.visitors, day.pageviews, day.enquiries].map((n, i) => (
                    <td
                      key={i}
                      className="border-b border-slate-100 px-2 py-1.5 text-right tabular-nums"
                    >
                      {count(n)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TrafficTableBox>
      </details>
    </div>
  );
}
