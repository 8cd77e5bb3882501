import { LEAD_SOURCE_MAX } from "./lead-source.ts";

// Constants of the enquiry forms, kept apart from the zod schemas so the browser bundle of
// the public pages can use them without loading zod.

/** The only phone prefix the forms offer. */
export const PHONE_PREFIX = "+234";

/** The name of the hidden field that only robots fill in. */
export const HONEYPOT_FIELD = "faxNumber";

export const ENQUIRY_STATUSES = ["new", "read", "replied", "spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

// ---------------------------------------------------------------------------------------
// The enquiry field registry: one entry per thing a visitor tells us. Everything about an
// enquiry field is declared here once, and the rest is derived from it:
// - the payload schema of POST /api/contact and the answer's schema (common/schemas/enquiry.ts),
// - the row of the `enquiries` table and back (server/modules/enquiries/fields.ts),
// - the CSV export's columns (after the fixed Date and Status),
// - the notification e-mail's lines (server/mail/smtp.ts),
// - the back office's detail page (app/routes/admin/enquiry.tsx),
// - the JSON body each public form posts (app/lib/enquiry-payload.ts).
// A new field is a new entry (at the end, so the CSV's existing columns keep their places),
// a migration adding its column, and the form that asks it. No zod here: the public pages'
// browser code reads this file, and zod stays out of their first load (the schemas file
// turns `input` into zod).

/** The public forms that send an enquiry, each with its payload shape (spec §7). */
export type EnquiryFormKind = "home" | "floating" | "service" | "package" | "quick" | "long";

export const ENQUIRY_FORM_KINDS: readonly EnquiryFormKind[] = [
  "home",
  "floating",
  "service",
  "package",
  "quick",
  "long",
];

/** How a payload value is checked (common/schemas/enquiry.ts builds the zod for each). */
export type EnquiryInputRule =
  /** Text up to `max` characters; blank is no value unless `required`. */
  | { kind: "text"; label: string; max: number; required?: boolean }
  /** A required e-mail address, stored in lower case. */
  | { kind: "email" }
  /** A Nigerian phone number, stored as "+234…". */
  | { kind: "phone" }
  /** The ticked options: a list of short texts, blanks and repeats dropped. */
  | { kind: "options" }
  /** A calendar day, yyyy-mm-dd. */
  | { kind: "day" }
  /** A path of this site ("/contact"). */
  | { kind: "path"; label: string; max: number }
  /** A host name ("www.google.com"), stored in lower case. */
  | { kind: "host"; label: string; max: number };

/**
 * A form's use of a field: the name of its input, and whether the payload always carries the
 * value ("always") or only when the visitor filled it in ("filled").
 */
export interface EnquiryFormUse {
  name: string;
  send: "always" | "filled";
}
const always = (name: string): EnquiryFormUse => ({ name, send: "always" });
const filled = (name: string): EnquiryFormUse => ({ name, send: "filled" });

export interface EnquiryFieldSpec {
  /** Its key in the API's answer (inside `source` for a lead-source field). */
  key: string;
  /** Its column in the `enquiries` table. */
  column: string;
  /** Its label on the back office's detail page. */
  label: string;
  /**
   * The payload keys that carry it, the first with a value wins (the home form's message is
   * `textarea`, the contact page's `message`). Inside `source` for a lead-source field.
   */
  inputs: readonly string[];
  /** How the value is checked. */
  input: EnquiryInputRule;
  /** Part of the lead source: `source.<key>` in the payload and the answer, null when unknown. */
  leadSource?: true;
  /** Its column header in the CSV export, or false when the CSV leaves it out. */
  csv: string | false;
  /** Its label in the notification e-mail, or false when the mail leaves it out. */
  mail: string | false;
  /**
   * How the detail page shows it: a labelled row ("row"; "first" heads the rows, and the
   * mail's lines too), a line of the one "Campaign (UTM)" row ("campaign"), a block of its
   * own under the rows (long text), or not at all (false).
   */
  inbox: "first" | "row" | "campaign" | "block" | false;
  /** The public forms that ask it, with the name of their input. */
  forms: Partial<Record<EnquiryFormKind, EnquiryFormUse>>;
}

/** A UTM parameter of the visit: its column and its label are the parameter's name. */
const utm = <const K extends string, const P extends string>(key: K, param: P, header: string) =>
  ({
    key,
    column: param,
    label: param,
    inputs: [key],
    input: { kind: "text", label: param, max: LEAD_SOURCE_MAX.utm },
    leadSource: true,
    csv: header,
    mail: false,
    inbox: "campaign",
    forms: {},
  }) as const;

/** In the order of the CSV's columns; new fields go at the end. */
export const ENQUIRY_FIELDS = [
  {
    key: "companyName",
    column: "company_name",
    label: "Company Name",
    inputs: ["companyName"],
    input: { kind: "text", label: "Company name", max: 120 },
    csv: "Company Name",
    mail: "Company",
    inbox: "row",
    forms: {
      service: always("companyName"),
      package: always("companyName"),
      long: always("companyName"),
    },
  },
  {
    key: "name",
    column: "name",
    label: "Name",
    inputs: ["name"],
    input: { kind: "text", label: "Name", max: 120, required: true },
    csv: "Name",
    mail: "Name",
    inbox: "row",
    forms: {
      home: always("name"),
      floating: always("name"),
      service: always("name"),
      package: always("name"),
      quick: always("name"),
      long: always("name"),
    },
  },
  {
    key: "email",
    column: "email",
    label: "Email",
    inputs: ["email"],
    input: { kind: "email" },
    csv: "Email",
    mail: "Email",
    inbox: "row",
    forms: {
      home: always("email"),
      floating: always("email"),
      service: always("email"),
      package: always("email"),
      quick: always("email"),
      long: always("email"),
    },
  },
  {
    key: "phoneNumber",
    column: "phone_number",
    label: "Phone Number",
    inputs: ["phoneNumber", "phone"],
    input: { kind: "phone" },
    csv: "Phone Number",
    mail: "Phone",
    inbox: "row",
    forms: {
      home: filled("phoneNumber"),
      floating: filled("phoneNumber"),
      service: filled("phoneNumber"),
      package: filled("phoneNumber"),
      quick: always("phone"),
      long: filled("phoneNumber"),
    },
  },
  {
    key: "options",
    column: "options",
    label: "Options",
    inputs: ["options"],
    input: { kind: "options" },
    csv: "Options",
    mail: "Options",
    inbox: "row",
    forms: { service: always("options"), package: always("options"), long: always("options") },
  },
  {
    key: "serviceType",
    column: "service_type",
    label: "Service type",
    inputs: ["serviceType"],
    input: { kind: "text", label: "Service type", max: 120 },
    csv: "Service Type",
    mail: "Service type",
    inbox: "first",
    // The other forms send a fixed service type (ENQUIRY_FORM_SERVICE_TYPES).
    forms: { service: always("serviceType"), package: always("package") },
  },
  {
    key: "package",
    column: "package",
    label: "Package",
    inputs: ["package"],
    input: { kind: "text", label: "Package", max: 120 },
    csv: "Package",
    mail: "Package",
    inbox: "row",
    forms: { package: always("package") },
  },
  {
    key: "instagram",
    column: "instagram",
    label: "Instagram",
    inputs: ["instagram"],
    input: { kind: "text", label: "Instagram", max: 200 },
    csv: "Instagram",
    mail: "Instagram",
    inbox: "row",
    forms: { package: filled("instagram") },
  },
  {
    key: "website",
    column: "website",
    label: "Website",
    inputs: ["website"],
    input: { kind: "text", label: "Website", max: 300 },
    csv: "Website",
    mail: "Website",
    inbox: "row",
    forms: { package: filled("website") },
  },
  {
    key: "date",
    column: "preferred_date",
    label: "Preferred date",
    inputs: ["date"],
    input: { kind: "day" },
    csv: "Preferred Date",
    mail: "Preferred date",
    inbox: "row",
    forms: { quick: always("date") },
  },
  {
    key: "message",
    column: "message",
    label: "Message",
    inputs: ["textarea", "message"],
    input: { kind: "text", label: "Message", max: 5000 },
    csv: "Message",
    mail: "Message",
    inbox: "block",
    forms: {
      home: filled("textarea"),
      floating: filled("textarea"),
      quick: always("message"),
      long: filled("message"),
    },
  },
  {
    key: "page",
    column: "source_page",
    label: "Sent from",
    inputs: ["page"],
    input: { kind: "path", label: "Source page", max: LEAD_SOURCE_MAX.page },
    leadSource: true,
    csv: "Sent From",
    mail: false,
    inbox: "row",
    forms: {},
  },
  {
    key: "referrer",
    column: "source_referrer",
    label: "Referrer",
    inputs: ["referrer"],
    input: { kind: "host", label: "Referrer", max: LEAD_SOURCE_MAX.referrer },
    leadSource: true,
    csv: "Referrer",
    mail: false,
    inbox: "row",
    forms: {},
  },
  utm("utmSource", "utm_source", "UTM Source"),
  utm("utmMedium", "utm_medium", "UTM Medium"),
  utm("utmCampaign", "utm_campaign", "UTM Campaign"),
  utm("utmTerm", "utm_term", "UTM Term"),
  utm("utmContent", "utm_content", "UTM Content"),
] as const satisfies readonly EnquiryFieldSpec[];

export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

/**
 * The forms that do not ask a service type: the value they store (the spec's, kept as is)
 * and the readable name the back office, the CSV and the mails show for it (issue 52).
 */
export const ENQUIRY_FORM_NAMES = {
  home: { serviceType: "Inquiry form response", name: "Home page enquiry form" },
  floating: { serviceType: "Inquiry form response", name: "Home page enquiry form" },
  quick: { serviceType: "contact", name: "Contact page quick form" },
  long: { serviceType: "Contact Form", name: "Contact page form" },
} as const satisfies Partial<Record<EnquiryFormKind, { serviceType: string; name: string }>>;

/** The service type of the forms that do not ask it. */
export const ENQUIRY_FORM_SERVICE_TYPES: Partial<Record<EnquiryFormKind, string>> =
  Object.fromEntries(
    Object.entries(ENQUIRY_FORM_NAMES).map(([kind, form]) => [kind, form.serviceType]),
  );

const SERVICE_TYPE_NAMES: ReadonlyMap<string, string> = new Map(
  Object.values(ENQUIRY_FORM_NAMES).map((form) => [form.serviceType, form.name]),
);

/**
 * The readable name of a stored service type: a form's name for the fixed values the
 * forms send ("contact" is "Contact page quick form"), else the value itself (a service or
 * package name is readable already).
 */
export function serviceTypeName(serviceType: string): string {
  return SERVICE_TYPE_NAMES.get(serviceType) ?? serviceType;
}

/** The registry, read as plain declarations. */
const FIELDS: readonly EnquiryFieldSpec[] = ENQUIRY_FIELDS;

/** The fields `pick` keeps, in the registry's order but the "first" one ahead. */
function headed(pick: (field: EnquiryFieldSpec) => boolean): readonly EnquiryFieldSpec[] {
  const picked = FIELDS.filter(pick);
  return [
    ...picked.filter((field) => field.inbox === "first"),
    ...picked.filter((field) => field.inbox !== "first"),
  ];
}

/** The fields of the notification mail, in its order. */
export const MAIL_FIELDS = headed((field) => field.mail !== false);

/** The fields the back office's detail page shows, in its order. */
export const INBOX_FIELDS = headed((field) => field.inbox !== false);

/** The fields of the CSV export after Date and Status, in its order. */
export const CSV_FIELDS = FIELDS.filter((field) => field.csv !== false);

/** Whether the field is part of the lead source (`source.<key>`). */
export const isLeadSourceField = (field: EnquiryFieldSpec): boolean => "leadSource" in field;

/**
 * The value of a field in an enquiry as the API answers it (common/schemas/enquiry.ts), as
 * text: "" when not given, a list joined with `listSeparator`.
 */
export function enquiryFieldText(
  field: EnquiryFieldSpec,
  enquiry: { source?: object },
  listSeparator = ", ",
): string {
  const values = (isLeadSourceField(field) ? (enquiry.source ?? {}) : enquiry) as Record<
    string,
    string | string[] | undefined
  >;
  const value = values[field.key];
  return Array.isArray(value) ? value.join(listSeparator) : (value ?? "");
}

/** As `enquiryFieldText`, with the service type by its readable name (`serviceTypeName`). */
export function enquiryFieldShown(
  field: EnquiryFieldSpec,
  enquiry: { source?: object },
  listSeparator = ", ",
): string {
  const text = enquiryFieldText(field, enquiry, listSeparator);
  return field.key === "serviceType" ? serviceTypeName(text) : text;
}
