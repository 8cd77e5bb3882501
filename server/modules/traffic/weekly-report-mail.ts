import { escapeMarkup } from "../../../common/markup.ts";
import type { TrafficStats, TrafficTotals } from "../../../common/schemas/traffic.ts";
import { conversionText, DIRECT_SOURCE_LABEL } from "../../../common/traffic.ts";
import {
  MAIL_FONT,
  MAIL_MUTED,
  MAIL_PAD,
  MAIL_TEXT,
  mailButton,
  mailDocument,
  mailLink,
  type MailBrand,
} from "../../mail/layout.ts";

// The weekly traffic report's mail (issue 33, decision 0037): last week's visitors, page
// views, enquiries and conversion, each beside the week before, the top pages and sources,
// and a link to the Traffic screen for the same days. An HTML part in the site's mail frame
// (server/mail/layout.ts) and a plain-text part with the same figures.

/** The pages and sources the mail lists. */
export const REPORT_TOP_ROWS = 5;
/** Where the Traffic screen and My account are, under the site's origin. */
export const TRAFFIC_SCREEN_PATH = "/admin/traffic";
export const ACCOUNT_SCREEN_PATH = "/admin/account";

export interface WeeklyReportMail {
  subject: string;
  text: string;
  html: string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const numberFormat = new Intl.NumberFormat("en-US");
/** 1234 → "1,234". */
export const count = (n: number) => numberFormat.format(n);
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The days of a week in short: "Nov 16–22", "Nov 30–Dec 6", "Dec 29, 2025–Jan 4, 2026". */
export function weekText(from: string, to: string): string {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  const month = (m: number) => MONTHS[m - 1]!;
  if (fy !== ty) return `${month(fm)} ${fd}, ${fy}–${month(tm)} ${td}, ${ty}`;
  if (fm !== tm) return `${month(fm)} ${fd}–${month(tm)} ${td}`;
  return `${month(fm)} ${fd}–${td}`;
}

/** How a figure moved from the week before: "+12%", "−5%", "same", "new" (none before). */
export function changeText(now: number, before: number): string {
  if (now === before) return "same";
  if (before === 0) return "new";
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return now > before ? "+<1%" : "−<1%";
  return percent > 0 ? `+${percent}%` : `−${-percent}%`;
}

/** A conversion's move in percentage points: "+0.4 pts", "−1.2 pts", "same", "–". */
export function conversionChangeText(now: number | null, before: number | null): string {
  if (now === null || before === null) return "–";
  const points = Math.round((now - before) * 1000) / 10;
  if (points === 0) return "same";
  return points > 0 ? `+${points} pts` : `−${-points} pts`;
}

interface Figure {
  label: string;
  value: string;
  before: string;
  change: string;
}

function figures(week: TrafficTotals, before: TrafficTotals): Figure[] {
  return [
    {
      label: "Visitors",
      value: count(week.visitors),
      before: count(before.visitors),
      change: changeText(week.visitors, before.visitors),
    },
    {
      label: "Page views",
      value: count(week.pageviews),
      before: count(before.pageviews),
      change: changeText(week.pageviews, before.pageviews),
    },
    {
      label: "Enquiries",
      value: count(week.enquiries),
      before: count(before.enquiries),
      change: changeText(week.enquiries, before.enquiries),
    },
    {
      label: "Conversion",
      value: conversionText(week.conversion),
      before: conversionText(before.conversion),
      change: conversionChangeText(week.conversion, before.conversion),
    },
  ];
}

interface ReportRow {
  name: string;
  visitors: number;
  enquiries: number;
  conversion: number | null;
}

/**
 * The mail to an owner about the week `stats` covers (its `previous` is the week before).
 * `origin` is PUBLIC_ORIGIN: every link is absolute.
 */
export function weeklyReportMail(
  stats: TrafficStats,
  brand: MailBrand,
  origin: string,
): WeeklyReportMail {
  const week = weekText(stats.from, stats.to);
  const subject = `Weekly report: ${plural(stats.visitors, "visitor", "visitors")}, ${plural(stats.enquiries, "enquiry", "enquiries")} (${week})`;
  const screen = `${origin}${TRAFFIC_SCREEN_PATH}?from=${stats.from}&to=${stats.to}`;
  const account = `${origin}${ACCOUNT_SCREEN_PATH}`;
  const numbers = figures(stats, stats.previous);
  const pages: ReportRow[] = stats.pages
    .slice(0, REPORT_TOP_ROWS)
    .map((row) => ({ name: row.path, ...row }));
  const sources: ReportRow[] = stats.sources
    .slice(0, REPORT_TOP_ROWS)
    .map((row) => ({ name: row.source || DIRECT_SOURCE_LABEL, ...row }));
  const intro = `${brand.name}’s website, ${week} (Monday to Sunday), compared with the week before.`;
  const why = `You get this mail because you are an owner of ${brand.name}’s back office with the weekly report on. To stop it, untick the weekly report on My account:`;

  // The text part.
  const table = (title: string, rows: ReportRow[], empty: string) => [
    title.toUpperCase(),
    ...(rows.length === 0
      ? [empty]
      : rows.map(
          (row, i) =>
            `${i + 1}. ${row.name}: ${plural(row.visitors, "visitor", "visitors")}, ${plural(row.enquiries, "enquiry", "enquiries")}, conversion ${conversionText(row.conversion)}`,
        )),
    "",
  ];
  const text = [
    `Weekly report: ${week}`,
    "",
    intro,
    "",
    ...numbers.map((f) => `${f.label}: ${f.value} (week before: ${f.before}; ${f.change})`),
    "",
    ...table("Top pages", pages, "No page views counted."),
    ...table("Top sources", sources, "No visits counted."),
    `See the whole week on the Traffic screen: ${screen}`,
    "",
    "-- ",
    why,
    account,
    "",
  ].join("\n");

  // The HTML part.
  const cell = `${MAIL_FONT};font-size:14px;line-height:20px;color:${MAIL_TEXT};padding:8px 6px;border-bottom:1px solid #e5e7eb`;
  const head = `${MAIL_FONT};font-size:12px;line-height:16px;color:${MAIL_MUTED};padding:0 6px 6px;border-bottom:2px solid ${escapeMarkup(brand.accentColour)};font-weight:bold;text-transform:uppercase;letter-spacing:0.5px`;
  const h2 = `${MAIL_FONT};font-size:18px;line-height:24px;font-weight:bold;color:${MAIL_TEXT};margin:28px 0 8px`;
  const numberCell = (value: string) =>
    `<td align="right" style="${cell};white-space:nowrap">${escapeMarkup(value)}</td>`;
  const tableHtml = (title: string, column: string, rows: ReportRow[], empty: string) =>
    `<h2 style="${h2}">${escapeMarkup(title)}</h2>` +
    (rows.length === 0
      ? `<p style="${MAIL_FONT};font-size:14px;line-height:20px;color:${MAIL_MUTED};margin:0">${escapeMarkup(empty)}</p>`
      : `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse">
<tr><td width="50%" style="${head}">${escapeMarkup(column)}</td><td align="right" style="${head}">Visitors</td><td align="right" style="${head}">Enquiries</td><td align="right" style="${head}">Conv.</td></tr>
${rows
  .map(
    (row) =>
      `<tr><td style="${cell};word-break:break-word">${escapeMarkup(row.name)}</td>${numberCell(count(row.visitors))}${numberCell(count(row.enquiries))}${numberCell(conversionText(row.conversion))}</tr>`,
  )
  .join("\n")}
</table>`);
  const figureCells = numbers
    .map(
      (f) =>
        `<td width="25%" valign="top" style="${MAIL_FONT};padding:12px 4px;text-align:center;border-top:3px solid ${escapeMarkup(brand.primaryColour)}">` +
        `<div style="font-size:11px;line-height:14px;color:${MAIL_MUTED};text-transform:uppercase">${escapeMarkup(f.label)}</div>` +
        `<div style="font-size:24px;line-height:32px;font-weight:bold;color:${MAIL_TEXT}">${escapeMarkup(f.value)}</div>` +
        `<div style="font-size:12px;line-height:16px;color:${MAIL_MUTED}">${escapeMarkup(f.change)}<br>was ${escapeMarkup(f.before)}</div>` +
        "</td>",
    )
    .join("\n");
  const html = mailDocument({
    title: subject,
    brand,
    preheader: `${plural(stats.visitors, "visitor", "visitors")}, ${plural(stats.enquiries, "enquiry", "enquiries")}, conversion ${conversionText(stats.conversion)}`,
    card: `<tr><td style="padding:${MAIL_PAD}px 24px 24px">
<h1 style="${MAIL_FONT};font-size:24px;line-height:30px;font-weight:bold;color:${MAIL_TEXT};margin:0 0 8px">Weekly report: ${escapeMarkup(week)}</h1>
<p style="${MAIL_FONT};font-size:15px;line-height:22px;color:${MAIL_TEXT};margin:0 0 20px">${escapeMarkup(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;table-layout:fixed">
<tr>
${figureCells}
</tr>
</table>
${tableHtml("Top pages", "Page", pages, "No page views counted.")}
${tableHtml("Top sources", "Source", sources, "No visits counted.")}
<div class="nl-button" style="margin:28px 0 0">${mailButton(brand, screen, "Open the Traffic screen")}</div>
</td></tr>`,
    footer: `${escapeMarkup(why)} ${mailLink(account, "My account")}
<br><br><strong style="font-weight:bold">${escapeMarkup(brand.name)}</strong>`,
  });
  return { subject, text, html };
}
