import type { ReactNode } from "react";
import type { TrafficStats } from "../../../common/schemas/traffic.ts";
import {
  conversionText,
  DEVICE_LABELS,
  DIRECT_SOURCE_LABEL,
  OTHER_PATH,
} from "../../../common/traffic.ts";
import { sitePath } from "../../../common/site-path.ts";
import { changeShort, count } from "../../lib/admin/traffic.ts";

// The Traffic screen's tables: top pages, sources, campaigns and devices, each figure with
// its change of visitors from the period before. On a phone a table keeps its columns and
// scrolls sideways inside its box (focusable, so a keyboard scrolls it too); the page never
// does.

/** A box that scrolls its table sideways; a named, focusable region. */
export function TrafficTableBox({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`overflow-x-auto ${className}`}
      role="group"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
      tabIndex={0}
    >
      {children}
    </div>
  );
}

interface Column {
  name: string;
  numeric?: boolean;
}

/** A table of figures: the first cell of each row names it (a row header). */
export function FigureTable({
  label,
  columns,
  rows,
  emptyText,
}: {
  label: string;
  columns: readonly Column[];
  rows: { key: string; cells: ReactNode[] }[];
  emptyText: string;
}) {
  const cell = "border-b border-slate-100 px-3 py-2";
  // Without rows, the sentence alone: in a box that scrolls it could be cut off on a phone.
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-muted">
        {emptyText}
      </p>
    );
  }
  return (
    <TrafficTableBox label={`${label}, table`}>
      <table aria-label={label} className="w-full min-w-[34rem] text-left text-sm">
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.name}
                scope="col"
                className={`border-b border-slate-200 px-3 py-2 text-xs font-bold tracking-wide whitespace-nowrap text-muted uppercase ${column.numeric ? "text-right" : ""}`}
              >
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((content, i) =>
                i === 0 ? (
                  <th
                    key={i}
                    scope="row"
                    className={`${cell} min-w-36 font-semibold [overflow-wrap:anywhere]`}
                  >
                    {content}
                  </th>
                ) : (
                  <td
                    key={i}
                    className={`${cell} whitespace-nowrap ${columns[i]?.numeric ? "text-right tabular-nums" : ""}`}
                  >
                    {content}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TrafficTableBox>
  );
}

const FIGURES: Column[] = [
  { name: "Visitors", numeric: true },
  { name: "Change", numeric: true },
  { name: "Page views", numeric: true },
  { name: "Enquiries", numeric: true },
  { name: "Conversion", numeric: true },
];

type Counted = {
  visitors: number;
  pageviews: number;
  previousVisitors: number;
  enquiries: number;
  conversion: number | null;
};

const figures = (row: Counted): ReactNode[] => [
  count(row.visitors),
  changeShort(row.visitors, row.previousVisitors),
  count(row.pageviews),
  count(row.enquiries),
  conversionText(row.conversion),
];

const EMPTY = "Nothing counted in these days.";

/**
 * A page's path as a link to it on the site. The paths are what visitors' beacons and forms
 * sent: one that would lead to another site (`//evil.test/x`, `/\evil.test/login`) is
 * shown as text, never a link (issue 46), and so is "(other)".
 */
function PagePath({ path }: { path: string }) {
  const href = path === OTHER_PATH ? undefined : sitePath(path);
  if (href === undefined) return <>{path}</>;
  return (
    <a href={href} className="text-brand underline">
      {path}
    </a>
  );
}

export function PagesTable({ stats }: { stats: TrafficStats }) {
  return (
    <FigureTable
      label="Top pages"
      columns={[{ name: "Page" }, ...FIGURES]}
      rows={stats.pages.map((page) => ({
        key: page.path,
        cells: [<PagePath key="path" path={page.path} />, ...figures(page)],
      }))}
      emptyText={EMPTY}
    />
  );
}

export function SourcesTable({ stats }: { stats: TrafficStats }) {
  return (
    <FigureTable
      label="Sources"
      columns={[{ name: "Source" }, ...FIGURES]}
      rows={stats.sources.map((source) => ({
        key: source.source,
        cells: [source.source || DIRECT_SOURCE_LABEL, ...figures(source)],
      }))}
      emptyText={EMPTY}
    />
  );
}

export function CampaignsTable({ stats }: { stats: TrafficStats }) {
  return (
    <FigureTable
      label="Campaigns"
      columns={[{ name: "Campaign" }, ...FIGURES]}
      rows={stats.campaigns.map((campaign) => ({
        key: campaign.campaign,
        cells: [campaign.campaign, ...figures(campaign)],
      }))}
      emptyText="No visits or enquiries with a utm_campaign in these days."
    />
  );
}

export function DevicesTable({ stats }: { stats: TrafficStats }) {
  const total = stats.devices.reduce((sum, device) => sum + device.visitors, 0);
  return (
    <FigureTable
      label="Devices"
      columns={[
        { name: "Device" },
        { name: "Visitors", numeric: true },
        { name: "Share", numeric: true },
        { name: "Change", numeric: true },
        { name: "Page views", numeric: true },
      ]}
      rows={stats.devices.map((device) => ({
        key: device.device,
        cells: [
          DEVICE_LABELS[device.device],
          count(device.visitors),
          total > 0 ? `${Math.round((device.visitors / total) * 100)}%` : "–",
          changeShort(device.visitors, device.previousVisitors),
          count(device.pageviews),
        ],
      }))}
      emptyText={EMPTY}
    />
  );
}
