import { parse } from "csv-parse/sync";
import { emailField } from "../../../common/schemas/common.ts";
import type { SubscriberImportResult } from "../../../common/schemas/newsletter.ts";
import { Invalid } from "../../errors.ts";
import type { ImportRow } from "./service.ts";

// A subscriber list brought from elsewhere (issue 32, decision 0036): a CSV file with a
// header row naming an `email` and a `consent` column. The consent column is required on
// every row: an address comes in only with the words its owner agreed to.

/** The largest import file. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** The longest consent wording kept from a row. */
const MAX_CONSENT_LENGTH = 1000;

export const NOT_CSV =
  "The file is not a CSV file with a header row naming an Email and a Consent column.";

export interface ParsedImport {
  /** The rows to store, each address once (its first row). */
  rows: ImportRow[];
  /** Valid rows whose address came earlier in the file. */
  repeated: number;
  errors: SubscriberImportResult["errors"];
}

/** Reads an import file; throws Invalid (400) when it is not a CSV file with the header. */
export function parseImport(file: Buffer): ParsedImport {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file);
  } catch {
    throw new Invalid(NOT_CSV);
  }
  // A NUL byte is never in a text file: a spreadsheet or a picture renamed .csv.
  if (text.includes("\0")) throw new Invalid(NOT_CSV);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw new Invalid(`${NOT_CSV} (${(error as Error).message})`);
  }
  const [header, ...body] = records;
  const names = header?.record.map((name) => name.trim().toLowerCase()) ?? [];
  const emailAt = names.indexOf("email");
  const consentAt = names.indexOf("consent");
  if (emailAt < 0 || consentAt < 0) throw new Invalid(NOT_CSV);

  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  const errors: ParsedImport["errors"] = [];
  let repeated = 0;
  for (const { record, info } of body) {
    // csv-parse counts the lines read so far: a quoted cell may span several.
    const line = info.lines;
    const email = emailField.safeParse(record[emailAt] ?? "");
    const consentText = record[consentAt] ?? "";
    if (!email.success) {
      const given = (record[emailAt] ?? "").slice(0, 80);
      errors.push({
        line,
        message: given ? `Not a valid e-mail address: "${given}".` : "No e-mail address.",
      });
    } else if (!consentText) {
      errors.push({ line, message: "The consent cell is empty." });
    } else if (consentText.length > MAX_CONSENT_LENGTH) {
      errors.push({
        line,
        message: `The consent wording is longer than ${MAX_CONSENT_LENGTH} characters.`,
      });
    } else if (seen.has(email.data)) {
      repeated++;
    } else {
      seen.add(email.data);
      rows.push({ email: email.data, consentText });
    }
  }
  return { rows, repeated, errors };
}
