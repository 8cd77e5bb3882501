import { HONEYPOT_FIELD, PHONE_PREFIX } from "../../common/enquiry-fields.ts";
import type { LeadSource } from "../../common/lead-source.ts";

/** The public forms that send an enquiry, each with its payload shape (spec §7). */
export type EnquiryFormKind = "home" | "floating" | "service" | "package" | "quick" | "long";

export type FormValues = Record<string, string | string[]>;

/** FormData as plain values; a name sent several times (checkboxes) becomes a list. */
export function formValues(data: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, value] of data.entries()) {
    if (typeof value !== "string") continue;
    const existing = values[name];
    if (existing === undefined) values[name] = name === "options" ? [value] : value;
    else values[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return values;
}

const text = (values: FormValues, name: string): string => {
  const value = values[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
};
const list = (values: FormValues, name: string): string[] => {
  const value = values[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};
/** The phone as typed after the fixed +234 prefix; blank stays blank. */
const phone = (values: FormValues, name: string) => {
  const number = text(values, name);
  return number ? `${PHONE_PREFIX}${number.replace(/^\+?234/, "")}` : "";
};

/**
 * The JSON body a form posts to /api/contact, in the shape of spec §7 for its kind. Blank
 * optional fields are left out; the honeypot goes along so the server can spot robots.
 * `source` (where the lead came from: the browser's `currentLeadSource()`, or what the
 * no-JavaScript action derives from the request) goes along when it knows anything.
 */
export function enquiryPayload(
  kind: EnquiryFormKind,
  values: FormValues,
  source?: LeadSource,
): Record<string, unknown> {
  const honeypot = text(values, HONEYPOT_FIELD);
  const known = source && Object.keys(source).length > 0;
  const base = {
    ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
    ...(known ? { source } : {}),
  };
  const optional = (entries: Record<string, string>) =>
    Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== ""));
  switch (kind) {
    case "home":
    case "floating":
      return {
        ...base,
        name: text(values, "name"),
        email: text(values, "email"),
        ...optional({
          phoneNumber: phone(values, "phoneNumber"),
          textarea: text(values, "textarea"),
        }),
        serviceType: "Inquiry form response",
      };
    case "service":
      return {
        ...base,
        companyName: text(values, "companyName"),
        name: text(values, "name"),
        email: text(values, "email"),
        ...optional({ phoneNumber: phone(values, "phoneNumber") }),
        options: list(values, "options"),
        serviceType: text(values, "serviceType"),
      };
    case "package":
      return {
        ...base,
        companyName: text(values, "companyName"),
        name: text(values, "name"),
        email: text(values, "email"),
        ...optional({
          phoneNumber: phone(values, "phoneNumber"),
          instagram: text(values, "instagram"),
          website: text(values, "website"),
        }),
        options: list(values, "options"),
        package: text(values, "package"),
        serviceType: text(values, "package"),
      };
    case "quick":
      return {
        ...base,
        name: text(values, "name"),
        email: text(values, "email"),
        phone: phone(values, "phone"),
        date: text(values, "date"),
        message: text(values, "message"),
        serviceType: "contact",
      };
    case "long":
      return {
        ...base,
        companyName: text(values, "companyName"),
        name: text(values, "name"),
        email: text(values, "email"),
        ...optional({
          phoneNumber: phone(values, "phoneNumber"),
          message: text(values, "message"),
        }),
        options: list(values, "options"),
        serviceType: "Contact Form",
      };
  }
}

export const ENQUIRY_KINDS: readonly EnquiryFormKind[] = [
  "home",
  "floating",
  "service",
  "package",
  "quick",
  "long",
];
