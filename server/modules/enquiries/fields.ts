// An enquiry's row and its answer, both derived from the field registry
// (common/enquiry-fields.ts): a new field is mapped here without an edit.

import {
  CSV_FIELDS,
  ENQUIRY_FIELDS,
  enquiryFieldText,
  isLeadSourceField as isLeadSource,
  serviceTypeName,
  type EnquiryFieldSpec,
} from "../../../common/enquiry-fields.ts";
import type {
  Enquiry,
  EnquiryStatus,
  ParsedEnquiryInput,
} from "../../../common/schemas/enquiry.ts";
import { sourceKey, sourceName } from "../../../common/lead-source.ts";
import { timestampIn } from "../../../common/time-zone.ts";
import type { EnquiriesTable } from "../../db/schema.ts";

type Row = Record<string, string | null>;
type Values = Record<string, string | string[] | undefined>;

/** The registry, read as plain declarations. */
const FIELDS: readonly EnquiryFieldSpec[] = ENQUIRY_FIELDS;

/** The value of `field` in a parsed payload: the first of its inputs that has one. */
function inputValue(
  field: EnquiryFieldSpec,
  input: ParsedEnquiryInput,
): string | string[] | undefined {
  const values = (isLeadSource(field) ? (input.source ?? {}) : input) as Values;
  for (const name of field.inputs) {
    const value = values[name];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The registry's columns of a new row: "" (or null for the lead source) when not given. */
export function fieldColumns(
  input: ParsedEnquiryInput,
): Omit<EnquiriesTable, "id" | "status" | "created_at" | "updated_at"> {
  const row: Row = {};
  for (const field of FIELDS) {
    const value = inputValue(field, input);
    row[field.column] =
      field.input.kind === "options"
        ? JSON.stringify(value ?? [])
        : ((value as string | undefined) ?? (isLeadSource(field) ? null : ""));
  }
  return row as Omit<EnquiriesTable, "id" | "status" | "created_at" | "updated_at">;
}

/** The value of a field in a stored row, as the API answers it. */
function rowValue(field: EnquiryFieldSpec, row: EnquiriesTable): string | string[] {
  const stored = (row as unknown as Row)[field.column];
  if (field.input.kind === "options") return JSON.parse(stored ?? "[]") as string[];
  return stored ?? "";
}

/** A stored row as the API answers it; `source` only when something of it is known. */
export function toEnquiry(row: EnquiriesTable): Enquiry {
  const enquiry: Record<string, unknown> = { _id: row.id };
  const source: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = rowValue(field, row);
    if (!isLeadSource(field)) enquiry[field.key] = value;
    else if (value) source[field.key] = value as string;
  }
  if (Object.keys(source).length > 0) enquiry.source = source;
  enquiry.status = row.status as EnquiryStatus;
  enquiry.createdAt = row.created_at;
  enquiry.updatedAt = row.updated_at;
  return enquiry as Enquiry;
}

/**
 * The CSV export's header: the date and status, then the registry's CSV columns, then the
 * readable names of the service type and of the source (the stored values stay in their
 * own columns, as the spec has them).
 */
export const CSV_HEADER: readonly string[] = [
  "Date",
  "Status",
  ...CSV_FIELDS.map((field) => field.csv as string),
  "Service Name",
  "Source Name",
];

/** One line of the CSV export: the date in the agency's time zone ("2026-11-21 15:04"). */
export function csvRow(row: EnquiriesTable): string[] {
  const enquiry = toEnquiry(row);
  return [
    timestampIn(row.created_at),
    row.status,
    ...CSV_FIELDS.map((field) => enquiryFieldText(field, enquiry, "; ")),
    serviceTypeName(enquiry.serviceType),
    sourceName(sourceKey(enquiry.source ?? {})),
  ];
}
