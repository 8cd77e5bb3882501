import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import * as initial from "./migrations/0001-initial.ts";
import * as adminSessionVersion from "./migrations/0002-admin-session-version.ts";
import * as accountLock from "./migrations/0003-account-lock.ts";
import * as leadSource from "./migrations/0004-lead-source.ts";
import * as idempotencyKeys from "./migrations/0005-idempotency-keys.ts";
import * as seedState from "./migrations/0006-seed-state.ts";
import * as siteContent from "./migrations/0007-site-content.ts";
import * as videoDetails from "./migrations/0008-video-details.ts";
import * as publishingStaffAudit from "./migrations/0009-publishing-staff-audit.ts";
import * as notificationOutbox from "./migrations/0010-notification-outbox.ts";
import * as previewLinkMaker from "./migrations/0011-preview-link-maker.ts";
import * as blogSearch from "./migrations/0012-blog-search.ts";
import * as exportOrderIndexes from "./migrations/0013-export-order-indexes.ts";
import * as enquiryInboxIndexes from "./migrations/0014-enquiry-inbox-indexes.ts";
import * as siteIdentity from "./migrations/0015-site-identity.ts";
import * as serviceBlocksPolicySections from "./migrations/0017-service-blocks-policy-sections.ts";
import * as pages from "./migrations/0018-pages.ts";
import * as mailSettings from "./migrations/0019-mail-settings.ts";
import * as blogSearchText from "./migrations/0020-blog-search-text.ts";
import * as blogVersion from "./migrations/0021-blog-version.ts";
import * as blogRevisions from "./migrations/0022-blog-revisions.ts";
import * as blogTags from "./migrations/0023-blog-tags.ts";
import * as newsletter from "./migrations/0024-newsletter.ts";
import * as traffic from "./migrations/0025-traffic.ts";
import * as policyVisitorStatistics from "./migrations/0026-policy-visitor-statistics.ts";
import * as staffSignIn from "./migrations/0027-staff-sign-in.ts";
import * as signInTickets from "./migrations/0028-sign-in-tickets.ts";
import * as addressMailLog from "./migrations/0029-address-mail-log.ts";
import * as payments from "./migrations/0032-payments.ts";
import * as imports from "./migrations/0034-imports.ts";
import * as redirects from "./migrations/0035-redirects.ts";
import * as policyNamePlaceholder from "./migrations/0036-policy-name-placeholder.ts";
import * as marketingTags from "./migrations/0038-marketing-tags.ts";
import * as enquirySearchCampaign from "./migrations/0040-enquiry-search-campaign.ts";
import * as leadPipeline from "./migrations/0041-lead-pipeline.ts";
import * as replyTemplates from "./migrations/0049-reply-templates.ts";
import * as mailServer from "./migrations/0045-mail-server.ts";
import * as servicesAsContent from "./migrations/0043-services-as-content.ts";
import * as contacts from "./migrations/0048-contacts.ts";
import * as pagePictures from "./migrations/0044-page-pictures.ts";
import * as authorRole from "./migrations/0046-author-role.ts";
import * as consultationBookings from "./migrations/0047-consultation-bookings.ts";
import type { Database } from "./schema.ts";

// Listed here rather than read from disk, so migrations run from any working directory.
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-admin-session-version": adminSessionVersion,
  "0003-account-lock": accountLock,
  "0004-lead-source": leadSource,
  "0005-idempotency-keys": idempotencyKeys,
  "0006-seed-state": seedState,
  "0007-site-content": siteContent,
  "0008-video-details": videoDetails,
  "0009-publishing-staff-audit": publishingStaffAudit,
  "0010-notification-outbox": notificationOutbox,
  "0011-preview-link-maker": previewLinkMaker,
  "0012-blog-search": blogSearch,
  "0013-export-order-indexes": exportOrderIndexes,
  "0014-enquiry-inbox-indexes": enquiryInboxIndexes,
  "0015-site-identity": siteIdentity,
  "0017-service-blocks-policy-sections": serviceBlocksPolicySections,
  "0018-pages": pages,
  "0019-mail-settings": mailSettings,
  "0020-blog-search-text": blogSearchText,
  "0021-blog-version": blogVersion,
  "0022-blog-revisions": blogRevisions,
  "0023-blog-tags": blogTags,
  "0024-newsletter": newsletter,
  "0025-traffic": traffic,
  "0026-policy-visitor-statistics": policyVisitorStatistics,
  "0027-staff-sign-in": staffSignIn,
  "0028-sign-in-tickets": signInTickets,
  "0029-address-mail-log": addressMailLog,
  "0032-payments": payments,
  "0034-imports": imports,
  "0035-redirects": redirects,
  "0036-policy-name-placeholder": policyNamePlaceholder,
  "0038-marketing-tags": marketingTags,
  "0040-enquiry-search-campaign": enquirySearchCampaign,
  "0041-lead-pipeline": leadPipeline,
  "0049-reply-templates": replyTemplates,
  "0045-mail-server": mailServer,
  "0043-services-as-content": servicesAsContent,
  "0048-contacts": contacts,
  "0044-page-pictures": pagePictures,
  "0046-author-role": authorRole,
  "0047-consultation-bookings": consultationBookings,
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * Brings the schema up to date and answers the names of the migrations it ran
 * (the first of all means the database was empty). Throws with the failing one's error.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  // With a dedicated schema, name it: Kysely otherwise looks for its lock table in
  // every schema and may find another run's.
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
