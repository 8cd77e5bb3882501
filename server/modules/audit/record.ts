import type { FastifyRequest } from "fastify";
import type { AuditEntry, AuditService } from "./service.ts";

/** Records a write by the admin signed in on `request` (a route with `adminSecurity`). */
export type AuditWrite = (
  request: FastifyRequest,
  entry: Omit<AuditEntry, "actor">,
) => Promise<void>;

/** The routes' one way to write to the audit log, after their write succeeded. */
export function auditWrites(audit: AuditService): AuditWrite {
  return (request, entry) => audit.record({ actor: request.admin!, ...entry });
}

const isPicture = (value: unknown): value is { src: string; alt?: unknown } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { src?: unknown }).src === "string";

/**
 * An item as the log shows it: its id left out (the entry names it) and each uploaded
 * picture as its address and alt text instead of the whole variant list, so a changed
 * picture reads as one short value.
 */
export function auditView(item: unknown): Record<string, unknown> | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const fields = Object.entries(item as Record<string, unknown>)
    .filter(([key]) => key !== "_id")
    .map(([key, value]) => [
      key,
      isPicture(value)
        ? `${value.src}${typeof value.alt === "string" && value.alt ? ` (${value.alt})` : ""}`
        : value,
    ]);
  return Object.fromEntries(fields);
}

/**
 * An e-mail address the log may keep after the person asked to be removed: its first
 * letter and its domain ("j…@example.com").
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at > 0 ? `${email[0]}…${email.slice(at)}` : "…";
}

/** A list's order as the log shows it: its items' titles in one line (cut when long). */
export const orderView = (titles: string[]) => ({ order: titles.join(" · ") });
