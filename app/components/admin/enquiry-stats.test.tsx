// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EnquiryStats } from "../../../common/schemas/enquiry.ts";
import Dashboard from "../../routes/admin/dashboard.tsx";
import { axisSteps, chartSummary, SourcesTable, WeeklyEnquiriesChart } from "./enquiry-stats.tsx";
import { FeedbackProvider } from "./feedback.tsx";
import { DataTable, TableStatus } from "./ui.tsx";

// The dashboard's chart is plain SVG that React renders on the server as in the browser, with
// a text alternative and a table; the dashboard's tables keep their columns when empty.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mondays = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10),
);

function statsWith(counts: number[][], series: string[]): EnquiryStats {
  const weeks = mondays.map((start, i) => {
    const row = counts[i]?.length ? counts[i]! : series.map(() => 0);
    return { start, counts: row, total: row.reduce((a, b) => a + b, 0) };
  });
  const total = weeks.reduce((sum, w) => sum + w.total, 0);
  return {
    timeZone: "Africa/Lagos",
    from: mondays[0]!,
    to: "2026-11-29",
    total,
    series: series.map((name, s) => ({
      name,
      total: weeks.reduce((sum, w) => sum + w.counts[s]!, 0),
    })),
    weeks,
    sources: total
      ? [
          { source: "", count: total - 2 },
          { source: "whatsapp", count: 2 },
        ]
      : [],
    otherSources: 0,
  };
}

describe("WeeklyEnquiriesChart", () => {
  const stats = statsWith([[2, 1], [], [], [0, 3]], ["Social Media Marketing", "Other"]);

  it("renders on the server as an SVG image named by its title and summary", () => {
    const html = renderToStaticMarkup(<WeeklyEnquiriesChart stats={stats} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const svg = doc.querySelector("svg")!;
    expect(svg.getAttribute("role")).toBe("img");
    const [titleId, descId] = svg.getAttribute("aria-labelledby")!.split(" ");
    expect(svg.querySelector(`title#${CSS.escape(titleId!)}`)?.textContent).toBe(
      "Enquiries per week by service, last 12 weeks",
    );
    expect(svg.querySelector(`desc#${CSS.escape(descId!)}`)?.textContent).toBe(
      "6 enquiries from Sep 7, 2026 to Nov 29, 2026, weeks starting on Monday (Lagos time). Busiest: the week of Sep 7 with 3. By service: Social Media Marketing 2, Other 4.",
    );
    // One bar segment per non-zero count; "Other" in slate, the first service in brand blue.
    const bars = [...svg.querySelectorAll("rect")];
    expect(bars.map((bar) => bar.getAttribute("fill"))).toEqual(["#053685", "#64748B", "#64748B"]);
    expect(html).not.toContain("<script");
  });

  it("gives the same numbers as a table with a caption, empty weeks as zero", () => {
    render(<WeeklyEnquiriesChart stats={stats} />);
    const table = screen.getByRole("table", { name: /Enquiries per week/ });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Week ofSocial Media MarketingOtherTotal",
      "Sep 7, 2026213",
      "Sep 14, 2026000",
      "Sep 21, 2026000",
      "Sep 28, 2026033",
      ...mondays.slice(4).map((day) => {
        const label = new Intl.DateTimeFormat("en-US", {
          month: "short",
          day: "numeric",
          year: "numeric",
          timeZone: "UTC",
        }).format(new Date(`${day}T00:00:00Z`));
        return `${label}000`;
      }),
    ]);
    expect(screen.getByText("Show as table").closest("details")).not.toBeNull();
  });

  it("picks a round axis and says so when there is nothing", () => {
    expect(axisSteps(0)).toEqual([0, 1, 2, 3, 4]);
    expect(axisSteps(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisSteps(37)).toEqual([0, 10, 20, 30, 40]);
    expect(chartSummary(statsWith([], []))).toBe("No enquiries from Sep 7, 2026 to Nov 29, 2026.");
  });

  it("lists the sources, a blank one as Direct", () => {
    render(<SourcesTable stats={stats} placeholder="none" />);
    expect(screen.getAllByRole("row").map((row) => row.textContent)).toEqual([
      "SourceEnquiries",
      "Direct4",
      "WhatsApp (whatsapp)2",
    ]);
  });
});

describe("DataTable without rows", () => {
  it("keeps its column headers and shows the state in one row spanning every column", () => {
    render(
      <DataTable
        label="Blogs"
        columns={["Title", "Content", ""]}
        placeholder={<TableStatus loading={false} emptyText="No blogs yet." />}
      >
        {[].map(() => null)}
      </DataTable>,
    );
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Title",
      "Content",
      "Actions",
    ]);
    const cell = screen.getByRole("cell", { name: "No blogs yet." });
    expect(cell.getAttribute("colspan")).toBe("3");
  });
});

describe("the dashboard with nothing in it", () => {
  it("shows the Blogs, Contacts, Videos and sources columns with their empty states", async () => {
    const empty = statsWith([], []);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const body = url.startsWith("/api/contact/stats") ? empty : [];
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { "content-type": "application/json", "x-total-count": "0" },
        });
      }),
    );
    const Stub = createRoutesStub([
      {
        path: "/admin/dashboard",
        Component: () => (
          <FeedbackProvider>
            <Dashboard />
          </FeedbackProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/admin/dashboard"]} />);
    const expected: [string, string[], string][] = [
      [
        "Blogs",
        ["Title", "Content", "Background", "Image", "Actions"],
        "No blogs yet. Create the first one.",
      ],
      [
        "Contacts",
        ["Company Name", "Name", "Email", "Phone Number", "Options", "Service Type"],
        "No enquiries yet.",
      ],
      ["Videos", ["Url", "Actions"], "No videos uploaded yet."],
      ["Top sources", ["Source", "Enquiries"], "No enquiries in the last 12 weeks."],
    ];
    for (const [name, columns, emptyText] of expected) {
      const table = screen.getByRole("table", { name });
      const cell = await within(table).findByRole("cell", { name: emptyText });
      expect(
        within(table)
          .getAllByRole("columnheader")
          .map((th) => th.textContent),
      ).toEqual(columns);
      expect(cell.getAttribute("colspan")).toBe(String(columns.length));
      expect(within(table).getAllByRole("row")).toHaveLength(2);
    }
    expect(screen.getByRole("img", { name: /Enquiries per week/ })).toBeTruthy();
  });
});
