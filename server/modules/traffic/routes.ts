import { z } from "zod";
import {
  trafficQuerySchema,
  trafficSettingsSchema,
  trafficStatsSchema,
  TRAFFIC_TABLES,
  type TrafficStats,
  type TrafficTable,
} from "../../../common/schemas/traffic.ts";
import { conversionText, DEVICE_LABELS, DIRECT_SOURCE_LABEL } from "../../../common/traffic.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { sendCsvFile, toCsv } from "../../lib/csv.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { auditWrites } from "../audit/record.ts";
import { createTrafficSettings } from "./settings.ts";

const ownerOnly = errorAnswer("The signed-in admin is an editor: only an owner may do this.");

const tableParam = z.object({
  table: z.enum(TRAFFIC_TABLES, {
    error: `The table must be one of ${TRAFFIC_TABLES.join(", ")}.`,
  }),
});

/** A rate as a spreadsheet cell: "4.2%", empty without visitors. */
const rateCell = (rate: number | null) => (rate === null ? "" : conversionText(rate));
const sourceName = (source: string) => source || DIRECT_SOURCE_LABEL;
const PREVIOUS = "Visitors, period before";

/** Each table of the Traffic screen as CSV: its header and its rows, all of them. */
export function trafficCsv(
  stats: TrafficStats,
  table: TrafficTable,
): { header: string[]; rows: string[][] } {
  switch (table) {
    case "daily":
      return {
        header: ["Day", "Visitors", "Page views", "Enquiries"],
        rows: stats.daily.map((d) => [
          d.day,
          String(d.visitors),
          String(d.pageviews),
          String(d.enquiries),
        ]),
      };
    case "pages":
      return {
        header: ["Page", "Visitors", "Page views", "Enquiries", "Conversion", PREVIOUS],
        rows: stats.pages.map((p) => [
          p.path,
          String(p.visitors),
          String(p.pageviews),
          String(p.enquiries),
          rateCell(p.conversion),
          String(p.previousVisitors),
        ]),
      };
    case "sources":
      return {
        header: ["Source", "Visitors", "Page views", "Enquiries", "Conversion", PREVIOUS],
        rows: stats.sources.map((s) => [
          sourceName(s.source),
          String(s.visitors),
          String(s.pageviews),
          String(s.enquiries),
          rateCell(s.conversion),
          String(s.previousVisitors),
        ]),
      };
    case "campaigns":
      return {
        header: ["Campaign", "Visitors", "Page views", "Enquiries", "Conversion", PREVIOUS],
        rows: stats.campaigns.map((c) => [
          c.campaign,
          String(c.visitors),
          String(c.pageviews),
          String(c.enquiries),
          rateCell(c.conversion),
          String(c.previousVisitors),
        ]),
      };
    case "devices":
      return {
        header: ["Device", "Visitors", "Page views", PREVIOUS],
        rows: stats.devices.map((d) => [
          DEVICE_LABELS[d.device],
          String(d.visitors),
          String(d.pageviews),
          String(d.previousVisitors),
        ]),
      };
  }
}

/** The Traffic screen's API (issue 33, decision 0037): figures, CSV exports, settings. */
export function registerTrafficRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { trafficStats } = services;
  const settings = createTrafficSettings({
    db: services.database.db,
    changes: services.changes,
  });
  const audit = auditWrites(services.audit);

  app.get(
    "/admin/traffic",
    {
      schema: {
        tags: ["traffic"],
        operationId: "getTrafficStats",
        summary:
          "Visitors, page views, enquiries and conversion of a range of days (site time zone; " +
          "default the last 30), each against the period before: daily, top pages, sources, " +
          "campaigns and devices",
        security: adminSecurity,
        querystring: trafficQuerySchema,
        response: {
          200: trafficStatsSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) =>
      reply.header("cache-control", "no-store").send(await trafficStats.stats(request.query)),
  );

  app.get(
    "/admin/traffic/export/:table",
    {
      schema: {
        tags: ["traffic"],
        operationId: "exportTrafficStats",
        summary:
          "One table of the Traffic screen (daily, pages, sources, campaigns or devices) for a " +
          "range of days as a CSV file, every row (UTF-8 with BOM, opens in Excel)",
        security: adminSecurity,
        params: tableParam,
        querystring: trafficQuerySchema,
        response: {
          200: {
            description: "The CSV file, as an attachment named traffic-<table>-<from>-to-<to>.csv.",
            content: { "text/csv": { schema: z.string() } },
          },
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      const { table } = request.params;
      const stats = await trafficStats.stats(request.query, { limit: undefined });
      const { header, rows } = trafficCsv(stats, table);
      return sendCsvFile(
        reply,
        `attachment; filename="traffic-${table}-${stats.from}-to-${stats.to}.csv"`,
        toCsv(header, rows),
      );
    },
  );

  app.get(
    "/admin/traffic/settings",
    {
      schema: {
        tags: ["traffic"],
        operationId: "getTrafficSettings",
        summary: "Whether browsers that send Do Not Track or Global Privacy Control are counted",
        security: adminSecurity,
        response: { 200: trafficSettingsSchema, 401: errorAnswers.unauthorized },
      },
    },
    async (_request, reply) =>
      reply.header("cache-control", "no-store").send(await settings.read()),
  );

  app.put(
    "/admin/traffic/settings",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["traffic"],
        operationId: "saveTrafficSettings",
        summary:
          "Sets whether browsers that send Do Not Track or Global Privacy Control are left " +
          "uncounted, on every instance (owner only)",
        security: adminSecurity,
        body: trafficSettingsSchema,
        response: {
          200: trafficSettingsSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { before, after } = await settings.save(request.body);
      await audit(request, {
        action: "update",
        type: "traffic-settings",
        id: "traffic",
        before,
        after,
      });
      return after;
    },
  );
}
