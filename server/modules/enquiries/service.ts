import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  ENQUIRY_STATUSES,
  HONEYPOT_FIELD,
  type Enquiry,
  type EnquiryQuery,
  type EnquiryStatus,
  type ParsedEnquiryInput,
} from "../../../common/schemas/enquiry.ts";
import type { Database, EnquiriesTable } from "../../db/schema.ts";
import { withoutNul } from "../../db/strip-nul-plugin.ts";
import { NotFound } from "../../errors.ts";
import { toCsv } from "../../lib/csv.ts";
import type { Notifier } from "../../mail/notifier.ts";
import { createEnquiryRepository } from "./repository.ts";

const NOT_FOUND = "Enquiry not found.";
/** Page size when a page is asked for without a size. */
const DEFAULT_PAGE_SIZE = 50;

function toEnquiry(row: EnquiriesTable): Enquiry {
  return {
    _id: row.id,
    companyName: row.company_name,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    options: JSON.parse(row.options) as string[],
    serviceType: row.service_type,
    message: row.message,
    package: row.package,
    instagram: row.instagram,
    website: row.website,
    date: row.preferred_date,
    status: row.status as EnquiryStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** "2026-11-21 15:04" in Lagos time (UTC+1 all year): sorts right in a spreadsheet. */
function lagosTimestamp(iso: string): string {
  return new Date(Date.parse(iso) + 3600_000).toISOString().slice(0, 16).replace("T", " ");
}

export const CSV_HEADER = [
  "Date",
  "Status",
  "Company Name",
  "Name",
  "Email",
  "Phone Number",
  "Options",
  "Service Type",
  "Package",
  "Instagram",
  "Website",
  "Preferred Date",
  "Message",
];

export function createEnquiryService(deps: {
  db: Kysely<Database>;
  notifier: Notifier;
  log: FastifyBaseLogger;
}) {
  const { notifier, log } = deps;
  const repo = createEnquiryRepository(deps.db);

  async function find(id: string): Promise<EnquiriesTable> {
    const row = await repo.find(id);
    if (!row) throw new NotFound(NOT_FOUND);
    return row;
  }

  return {
    /**
     * Stores an enquiry (the three payload shapes of the public forms, already validated),
     * then tells the agency by e-mail. A robot that filled the honeypot is stored as spam
     * and mails no one. The mail never delays or fails the enquiry.
     */
    async create(input: ParsedEnquiryInput): Promise<Enquiry> {
      const now = new Date().toISOString();
      const spam = Boolean(input[HONEYPOT_FIELD]?.trim());
      const row: EnquiriesTable = withoutNul({
        id: randomUUID(),
        status: spam ? "spam" : "new",
        company_name: input.companyName ?? "",
        name: input.name,
        email: input.email,
        phone_number: input.phoneNumber ?? input.phone ?? "",
        options: JSON.stringify(input.options ?? []),
        service_type: input.serviceType ?? "",
        message: input.textarea ?? input.message ?? "",
        package: input.package ?? "",
        instagram: input.instagram ?? "",
        website: input.website ?? "",
        preferred_date: input.date ?? "",
        created_at: now,
        updated_at: now,
      });
      await repo.insert(row);
      const enquiry = toEnquiry(row);
      if (spam) log.info({ enquiry: enquiry._id }, "enquiry stored as spam (honeypot)");
      else void notifier.enquiryReceived(enquiry);
      return enquiry;
    },

    /** Newest first, filtered; `total` counts every match before paging. */
    async list(query: EnquiryQuery = {}): Promise<{ items: Enquiry[]; total: number }> {
      const { page, pageSize, ...filter } = query;
      const paged = page !== undefined || pageSize !== undefined;
      const size = pageSize ?? DEFAULT_PAGE_SIZE;
      const offset = ((page ?? 1) - 1) * size;
      const [rows, total] = await Promise.all([
        repo.list(filter, paged ? size : undefined, paged ? offset : 0),
        repo.count(filter),
      ]);
      return { items: rows.map(toEnquiry), total };
    },

    async get(id: string): Promise<Enquiry> {
      return toEnquiry(await find(id));
    },

    async summary() {
      const [counts, serviceTypes] = await Promise.all([repo.countByStatus(), repo.serviceTypes()]);
      const byStatus = Object.fromEntries(
        ENQUIRY_STATUSES.map((status) => [status, counts[status] ?? 0]),
      ) as Record<EnquiryStatus, number>;
      const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
      return { ...byStatus, total, serviceTypes };
    },

    async setStatus(id: string, status: EnquiryStatus): Promise<Enquiry> {
      if ((await repo.setStatus(id, status, new Date().toISOString())) === 0) {
        throw new NotFound(NOT_FOUND);
      }
      return toEnquiry(await find(id));
    },

    async remove(id: string): Promise<void> {
      if ((await repo.remove(id)) === 0) throw new NotFound(NOT_FOUND);
    },

    /** Every enquiry the filter matches, as a CSV file that opens in Excel. */
    async exportCsv(query: EnquiryQuery = {}): Promise<string> {
      const { page: _page, pageSize: _size, ...filter } = query;
      const rows = (await repo.list(filter)).map(toEnquiry);
      return toCsv(
        CSV_HEADER,
        rows.map((e) => [
          lagosTimestamp(e.createdAt),
          e.status,
          e.companyName,
          e.name,
          e.email,
          e.phoneNumber,
          e.options.join("; "),
          e.serviceType,
          e.package,
          e.instagram,
          e.website,
          e.date,
          e.message,
        ]),
      );
    },
  };
}
export type EnquiryService = ReturnType<typeof createEnquiryService>;
