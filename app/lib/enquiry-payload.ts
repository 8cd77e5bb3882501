import {
  ENQUIRY_FIELDS,
  ENQUIRY_FORM_KINDS,
  ENQUIRY_FORM_SERVICE_TYPES,
  HONEYPOT_FIELD,
  PHONE_PREFIX,
  type EnquiryFieldSpec,
  type EnquiryFormKind,
} from "../../common/enquiry-fields.ts";
import type { LeadSource } from "../../common/lead-source.ts";

export type { EnquiryFormKind };

const FIELDS: readonly EnquiryFieldSpec[] = ENQUIRY_FIELDS;

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

/** The API key a form's input is sent under: its own name when the API takes it, else the first. */
const sentAs = (field: EnquiryFieldSpec, inputName: string): string =>
  field.inputs.includes(inputName) ? inputName : field.inputs[0]!;

/**
 * The name of the input of a form of `kind` whose value the API got under `key` (a 400's
 * `fields` names the API's keys, decision 0053); undefined when the form asks no such field.
 */
export function inputNameOf(kind: EnquiryFormKind, key: string): string | undefined {
  for (const field of FIELDS) {
    const use = field.forms[kind];
    if (use && sentAs(field, use.name) === key) return use.name;
  }
  return undefined;
}

/**
 * The JSON body a form posts to /api/contact, in the shape of spec §7 for its kind: the
 * fields of the registry (common/enquiry-fields.ts) that the form asks, under the form's
 * own names, and the form's service type. Blank optional fields are left out; the honeypot
 * goes along so the server can spot robots. `source` (where the lead came from: the
 * browser's `currentLeadSource()`, or what the no-JavaScript action derives from the
 * request) goes along when it knows anything.
 */
export function enquiryPayload(
  kind: EnquiryFormKind,
  values: FormValues,
  source?: LeadSource,
): Record<string, unknown> {
  const honeypot = text(values, HONEYPOT_FIELD);
  const known = source && Object.keys(source).length > 0;
  const payload: Record<string, unknown> = {
    ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
    ...(known ? { source } : {}),
  };
  for (const field of FIELDS) {
    const use = field.forms[kind];
    if (!use) continue;
    const value =
      field.input.kind === "options"
        ? list(values, use.name)
        : field.input.kind === "phone"
          ? phone(values, use.name)
          : text(values, use.name);
    if (use.send === "always" || value !== "") payload[sentAs(field, use.name)] = value;
  }
  const serviceType = ENQUIRY_FORM_SERVICE_TYPES[kind];
  if (serviceType !== undefined) payload.serviceType = serviceType;
  return payload;
}

export const ENQUIRY_KINDS: readonly EnquiryFormKind[] = ENQUIRY_FORM_KINDS;
