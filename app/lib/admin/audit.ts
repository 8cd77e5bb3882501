// The back office's calls about the audit log (the owner's Activity screen), each answer
// checked with the shared schema (common/schemas/audit.ts), and how the screen words an entry.
import {
  auditPageSchema,
  type AuditLogEntry,
  type AuditPage,
} from "../../../common/schemas/audit.ts";
import { listContentTypes, singleContentTypes } from "../../../common/schemas/content.ts";
import { formatDateTime, naira } from "../../../common/format.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import { api } from "../admin-api.ts";
import { pageEditPath } from "./pages.ts";
import { RESPECT_DNT_LABEL } from "./traffic.ts";

export type { AuditLogEntry, AuditPage };

export interface ActivityFilter {
  actor?: string;
  type?: string;
}

/** The filters as a query string (only those in use), as the API and the address take them. */
export function activityQuery(filter: ActivityFilter & { before?: string; limit?: number }) {
  const query = new URLSearchParams();
  if (filter.actor) query.set("actor", filter.actor);
  if (filter.type) query.set("type", filter.type);
  if (filter.before) query.set("before", filter.before);
  if (filter.limit) query.set("limit", String(filter.limit));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** GET /api/audit: a page of entries (newest first), the filters' choices and the next cursor. */
export async function listActivity(
  filter: ActivityFilter & { before?: string; limit?: number } = {},
): Promise<AuditPage> {
  return auditPageSchema.parse(await api<unknown>(`/audit${activityQuery(filter)}`));
}

// ---- Words -------------------------------------------------------------------------------

type ListType = keyof typeof listContentTypes;
type SingleType = keyof typeof singleContentTypes;

/** What each type of item is called: one of them, and the group in the type filter. */
const TYPE_NAMES: Record<string, { one: string; many: string }> = {
  price: { one: "price", many: "Prices" },
  video: { one: "portfolio video", many: "Portfolio videos" },
  enquiry: { one: "enquiry", many: "Enquiries" },
  subscriber: { one: "subscriber", many: "Subscribers" },
  image: { one: "picture", many: "Uploaded pictures" },
  blog: { one: "blog post", many: "Blog posts" },
  page: { one: "page", many: "Pages" },
  admin: { one: "staff account", many: "Staff accounts" },
  "auto-reply": { one: "enquiry auto-reply", many: "Enquiry auto-reply" },
  "mail-settings": { one: "mail server settings", many: "Mail server settings" },
  session: { one: "sessions", many: "Sessions" },
  "auth-settings": { one: "sign-in settings", many: "Sign-in settings" },
  "traffic-settings": { one: "traffic settings", many: "Traffic settings" },
  newsletter: { one: "newsletter", many: "Newsletter" },
  "marketing-tags": { one: "marketing tags", many: "Marketing tags" },
  // Issue 50: these showed as their raw names in the type filter and the entries.
  identity: { one: "site identity", many: "Site identity" },
  setup: { one: "site set-up", many: "Site set-up" },
  "bank-details": { one: "bank details", many: "Bank details" },
  import: { one: "import", many: "Imports" },
  invoice: { one: "invoice", many: "Invoices" },
  "newsletter-settings": { one: "newsletter settings", many: "Newsletter settings" },
  order: { one: "order", many: "Orders" },
  redirect: { one: "redirect", many: "Redirects" },
  "reply-template": { one: "reply template", many: "Reply templates" },
  site: { one: "site export", many: "Site exports" },
  subscription: { one: "subscription", many: "Subscriptions" },
};

const contentType = (type: string): ListType | undefined => {
  const name = type.startsWith("content:") ? type.slice("content:".length) : "";
  return name in listContentTypes ? (name as ListType) : undefined;
};
const settingsType = (type: string): SingleType | undefined => {
  const name = type.startsWith("settings:") ? type.slice("settings:".length) : "";
  return name in singleContentTypes ? (name as SingleType) : undefined;
};

/** "One-time offers" → "one-time offers"; an acronym ("FAQ") stays. */
const lowerFirst = (text: string) =>
  /^[A-Z][A-Z]/.test(text) ? text : `${text[0]?.toLowerCase() ?? ""}${text.slice(1)}`;

function typeNames(type: string): { one: string; many: string } {
  const list = contentType(type);
  if (list) {
    const { singular, label } = listContentTypes[list];
    return { one: singular, many: label };
  }
  const single = settingsType(type);
  if (single) {
    const { label } = singleContentTypes[single];
    return { one: lowerFirst(label), many: label };
  }
  return TYPE_NAMES[type] ?? { one: type, many: type };
}

/** The type filter's name for a type: "Prices", "One-time offers", "Contact details"… */
export const typeLabel = (type: string) => typeNames(type).many;

const PAST: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  remove: "Removed",
  upload: "Uploaded",
  publish: "Published",
  unpublish: "Unpublished",
  schedule: "Scheduled",
  send: "Sent",
  note: "Added a note to",
  reply: "Replied to",
};

/** Acts that name their item themselves (staff accounts, sessions, preview links). */
const PHRASES: Record<string, string> = {
  "logout-all": "Signed out everywhere",
  "password-change": "Changed password",
  "password-reset": "Reset password",
  "accept-invite": "Accepted invitation",
  invite: "Invited staff member",
  "invite-withdraw": "Withdrew invitation",
  // Links that ended with their maker's authority (issue 46).
  "reset-link-withdraw": "Withdrew password link",
  "email-link-withdraw": "Withdrew e-mail confirmation link",
  "preview-link-withdraw": "Withdrew preview link",
  "role-change": "Changed role",
  "preview-link": "Made preview link",
  "restore-revision": "Restored earlier revision",
  // A post's review (decision 0051).
  submit: "Sent post for review",
  return: "Sent post back to draft",
  withdraw: "Took post back from review",
  "name-change": "Changed name",
  "email-change": "Changed e-mail address",
  "email-change-asked": "Asked to change e-mail address",
  "reset-link": "Made password link",
  "send-test": "Sent a newsletter test",
  "weekly-report-change": "Changed weekly report setting",
  // Sign-in and sessions (issue 34, decision 0038).
  logout: "Signed out",
  "session-end": "Ended a session",
  "sessions-end-others": "Signed out other sessions",
  "totp-on": "Set up authenticator app",
  "totp-off": "Removed authenticator app",
  "recovery-codes": "Made new recovery codes",
  "recovery-code-used": "Signed in with a recovery code",
  "passkey-add": "Added passkey",
  "passkey-rename": "Renamed passkey",
  "passkey-remove": "Removed passkey",
  "second-step-reset": "Removed second step from the command line",
  "require-second-step-change": "Changed the second-step requirement",
  // One contact per person (issue 52, item 2): the enquiry staff did it from.
  "contact-merge": "Merged contacts",
  "contact-split": "Split enquiry from its contact",
};

/** What happened, in words: "Updated price", "Deleted offer", "Reordered FAQ"… */
export function describeEntry(entry: Pick<AuditLogEntry, "action" | "type">): string {
  const names = typeNames(entry.type);
  const phrase = PHRASES[entry.action];
  if (phrase) return phrase;
  if (entry.action === "reorder") return `Reordered ${lowerFirst(names.many)}`;
  const verb =
    PAST[entry.action] ??
    `${entry.action[0]?.toUpperCase() ?? ""}${entry.action.slice(1).replaceAll("-", " ")}`;
  return PAST[entry.action] ? `${verb} ${names.one}` : `${verb}: ${names.one}`;
}

/** The admin screen that shows the item, when there is one (a deleted item has none). */
export function itemLink(entry: Pick<AuditLogEntry, "action" | "type" | "entityId">) {
  const { action, type, entityId: id } = entry;
  const gone = action === "delete" || action === "remove";
  const list = contentType(type);
  if (list) {
    if (action === "reorder" || gone) return `/admin/content/${list}`;
    return `/admin/content/${list}/${encodeURIComponent(id)}`;
  }
  const single = settingsType(type);
  if (single) return `/admin/settings/${single}`;
  switch (type) {
    case "price":
      return "/admin/prices";
    case "video":
      return "/admin/portfolio";
    case "enquiry":
      return gone ? undefined : `/admin/enquiries/${encodeURIComponent(id)}`;
    case "subscriber":
      return gone ? undefined : "/admin/subscribers";
    case "blog":
      return gone ? undefined : `/admin/edit/${encodeURIComponent(id)}`;
    case "page":
      return gone ? undefined : pageEditPath(id);
    case "admin":
      return "/admin/staff";
    case "auto-reply":
    case "mail-settings":
      return "/admin/mail";
    case "traffic-settings":
      return "/admin/traffic";
    case "newsletter":
      return action === "send"
        ? `/admin/newsletter/sends/${encodeURIComponent(id)}`
        : "/admin/newsletter";
    case "image":
      return id.startsWith("/media/") ? id : undefined;
    default:
      return undefined;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The item as the table names it: its title or name (the server's `itemTitle`); else a key
 * as it is, a long generated id shortened.
 */
export function itemName(
  entry: Pick<AuditLogEntry, "action" | "type" | "entityId" | "itemTitle">,
): string {
  const id = entry.entityId;
  if (entry.action === "reorder") return typeLabel(entry.type);
  if (entry.type === "session") return "All sessions";
  if (entry.type === "auto-reply") return "Enquiry auto-reply";
  if (entry.type === "mail-settings") return "Mail server settings";
  if (entry.type === "traffic-settings") return "Traffic settings";
  if (entry.itemTitle) return entry.itemTitle;
  if (UUID.test(id)) return `${id.slice(0, 8)}…`;
  if (entry.type === "image") return id.split("/").at(-1) ?? id;
  return id;
}

/** A field's name as the forms show it ("Points" for `descs`), or its key. */
function fieldLabel(type: string, key: string): string {
  const list = contentType(type);
  const single = settingsType(type);
  const fields: readonly { name: string; label: string }[] = list
    ? listContentTypes[list].fields
    : single
      ? singleContentTypes[single].fields
      : [];
  return fields.find((field) => field.name === key)?.label ?? FIELD_NAMES[key] ?? words(key);
}

/** The names of the fields the log keeps for prices, videos, enquiries and the like. */
const FIELD_NAMES: Record<string, string> = {
  youtubeURL: "YouTube link",
  visible: "Shown on the site",
  src: "Address",
  from: "From",
  respectDnt: RESPECT_DNT_LABEL,
};

/** "serviceType" → "Service type". */
const words = (key: string) => {
  const spaced = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return `${spaced[0]?.toUpperCase() ?? ""}${spaced.slice(1)}`;
};

const MONEY_FIELDS = new Set(["amount", "upTo"]);

/** An instant as the API writes it (ISO 8601, UTC): shown in the site's time zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** "Nov 21, 2026, 3:04 PM (Lagos time)". */
export const activityTime = (iso: string) => `${formatDateTime(iso)} (${AGENCY_TIME_ZONE_NAME})`;

/** Who wrote: their name as it is now, else their e-mail. */
export const actorLabel = (entry: Pick<AuditLogEntry, "actorEmail" | "actorName">) =>
  entry.actorName || entry.actorEmail;

/** A value as the change list shows it. */
export function formatValue(key: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return MONEY_FIELDS.has(key) ? naira(value) : String(value);
  if (Array.isArray(value)) return value.map((item) => formatValue("", item)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "string" && INSTANT.test(value)) return activityTime(value);
  return String(value);
}

export interface FieldChange {
  label: string;
  before?: string;
  after?: string;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/**
 * The entry's fields: before → after of an update, the values of a create or a delete (its
 * empty fields left out: "(empty)" says nothing about a new or removed item).
 */
export function changesOf(entry: AuditLogEntry): FieldChange[] {
  const oneSided = !entry.before || !entry.after;
  const keys = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ].filter((key) => !oneSided || !isEmpty((entry.before ?? entry.after)?.[key]));
  return keys.map((key) => ({
    label: fieldLabel(entry.type, key),
    ...(entry.before ? { before: formatValue(key, entry.before[key]) } : {}),
    ...(entry.after ? { after: formatValue(key, entry.after[key]) } : {}),
  }));
}
