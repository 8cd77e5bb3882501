import type { Generated } from "kysely";
import type { EnquiryField } from "../../common/enquiry-fields.ts";

/** Row types of the database, shared by both dialects. Times are ISO 8601 UTC text. */

export interface AdminsTable {
  id: string;
  email: string;
  password_hash: string;
  /** Goes up by one to end every token signed before (reset, sign out everywhere). */
  session_version: Generated<number>;
  /** When the admin was last mailed that sign-in is locked (at most once an hour). */
  lock_notified_at: string | null;
  /** "owner" (everything) or "editor" (content, posts, enquiries; not accounts). */
  role: Generated<string>;
  /** How the back office and the audit log name the person ("" when not given). */
  name: Generated<string>;
  /** 1: an owner gets the weekly traffic report by mail (migration 0025); 0: turned off. */
  weekly_report: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface BlogsTable {
  id: string;
  title: string;
  /** JSON array of the points. */
  content: string;
  /** The points' words without their Markdown, for the search (migration 0020). */
  search_text: string;
  bg: string;
  /** Storage key of the original image, e.g. "blogs/<uuid>.png". */
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  /** JSON array of the widths of the WebP variants. */
  image_variant_widths: string | null;
  duration: number;
  created_at: string;
  updated_at: string;
  /** The post's readable address part, unique (common/slug.ts). */
  slug: string;
  /** "draft", "review", "scheduled" or "published". */
  status: string;
  /** When the post became (or, scheduled, becomes) public; null for a draft. */
  published_at: string | null;
  /** "" means the defaults: the 15-word teaser, the title. */
  excerpt: string;
  seo_title: string;
  seo_description: string;
  /** The cover image's alt text ("" for a decorative one). */
  image_alt: string;
  /** The admin who wrote it; null when unknown or since removed. */
  author_id: string | null;
  /** The secret of a draft's private preview link; null when it has none. */
  preview_token: string | null;
  /** Who made the preview link (migration 0011): it ends when they are removed. */
  preview_by: string | null;
  /** 1 when made, one more at every update (migration 0021): the back office's version check. */
  version: number;
  /** Who saved it last (migration 0021); null before then, for API clients without one, or removed. */
  updated_by: string | null;
  /** The author's name of an imported post, when no staff account wrote it (migration 0034). */
  byline?: string | null;
  /** Who sent it for review and when (migration 0046); null when it never was. */
  submitted_by?: string | null;
  submitted_at?: string | null;
  /** An editor's note when sending a post in review back to draft (migration 0046). */
  review_note?: string | null;
}

/**
 * An enquiry: its id, status and times, and one column per field of the registry
 * (common/enquiry-fields.ts): text ("" when not given), the options as a JSON array of
 * strings, the lead-source columns null when unknown.
 */
export type EnquiriesTable = {
  id: string;
  status: string;
  created_at: string;
  updated_at: string;
} & {
  [F in EnquiryField as F["column"]]: F extends { leadSource: true } ? string | null : string;
};

export interface PricesTable {
  key: string;
  amount: number;
  created_at: string;
  updated_at: string;
}

export interface VideosTable {
  id: string;
  public_id: string;
  /** Storage key, e.g. "videos/<public_id>.mp4". */
  file_key: string;
  mime_type: string;
  size_bytes: number;
  youtube_url: string | null;
  created_at: string;
  /** "" when staff gave none. */
  title: string;
  /** A content image as JSON ({src, alt, variants}), or null for none. */
  poster: string | null;
  /** The site's order, smallest first. */
  position: number;
  /** 1: the site shows it; 0: only the back office. */
  visible: number;
}

export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  created_at: string;
  /** "pending", "confirmed", "unsubscribed" or "bounced" (migration 0024, common/newsletter.ts). */
  status: string;
  /** When the status last changed; null: at created_at. */
  status_at: string | null;
  /** When consent was given, where (a page's path, "import", "api") and the wording shown. */
  consent_at: string | null;
  consent_source: string | null;
  consent_text: string | null;
  /** The pending confirmation link's nonce (links.ts); null once used or never mailed. */
  confirm_nonce: string | null;
  confirm_expires_at: string | null;
}

/** One newsletter that went (or goes) out: a post or a message of its own (migration 0024). */
export interface NewsletterSendsTable {
  id: string;
  post_id: string | null;
  subject: string;
  preview_text: string;
  /** Points as a JSON array, in the post format. */
  body: string;
  /** "sending" or "done". */
  state: string;
  total: number;
  /** When its mails may go (a scheduled post's publication time). */
  due_at: string;
  created_at: string;
  created_by: string | null;
  finished_at: string | null;
}

/** A mail a visitor made the site send to an address (migration 0029): the per-address limit. */
export interface AddressMailLogTable {
  id: string;
  kind: string;
  address_key: string;
  sent_at: string;
}

/** One mail to one address: a send's ("issue") or a double opt-in link ("confirm"). */
export interface NewsletterDeliveriesTable {
  id: string;
  kind: string;
  send_id: string | null;
  subscriber_id: string;
  email: string;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** The newsletter's settings: at most one row, id "newsletter". */
/** The random salt of a day of visitor keys (migration 0025); only today's is kept. */
export interface TrafficSaltsTable {
  /** yyyy-mm-dd in the site's time zone. */
  day: string;
  /** 32 random bytes as hex. */
  salt: string;
  created_at: string;
}

/** Views and visitors of a path per day, source and device class (migration 0025). */
export interface TrafficPagesTable {
  day: string;
  path: string;
  /** common/lead-source.ts sourceKey: "" for direct. */
  source: string;
  /** common/traffic.ts DEVICE_CLASSES. */
  device: string;
  visitors: Generated<number>;
  views: Generated<number>;
}

/** Each visitor once a day (their first view's dims) and all views (migration 0025). */
export interface TrafficVisitorsTable {
  day: string;
  source: string;
  /** utm_campaign, "" when none. */
  campaign: string;
  device: string;
  visitors: Generated<number>;
  views: Generated<number>;
}

/** The traffic settings: one row, id "traffic" (migration 0025). */
export interface TrafficSettingsTable {
  id: string;
  /** 1: browsers sending Sec-GPC: 1 or DNT: 1 are not counted. */
  respect_dnt: Generated<number>;
  updated_at: string;
}

export interface NewsletterSettingsTable {
  id: string;
  rate_per_minute: number;
  updated_at: string;
}

export interface LoginAttemptsTable {
  id: string;
  email: string;
  ip: string;
  attempted_at: string;
}

/** Facts about the database itself (migration 0006), e.g. `seed_version` (server/db/seed.ts). */
export interface MetaTable {
  key: string;
  value: string;
  updated_at: string;
}

/** The answers to public form posts by idempotency key (migration 0005). */
export interface IdempotencyKeysTable {
  /** The route, e.g. "/api/contact": a key counts once per route. */
  scope: string;
  key: string;
  /** SHA-256 of the validated body: a key sent again with another body is refused. */
  fingerprint: string;
  /** The answer's status and body; null while the first request is being handled. */
  status: number | null;
  body: string | null;
  created_at: string;
}

/** The Site identity screen's one row (id "site"): common/schemas/identity.ts as JSON. */
export interface SiteIdentityTable {
  id: string;
  data: string;
  updated_at: string;
}

export interface ContentItemsTable {
  id: string;
  type: string;
  position: number;
  /** The item as JSON, valid for its type's schema (common/schemas/content.ts). */
  data: string;
  created_at: string;
  updated_at: string;
}

/** Single-use links: password resets and invitations (migration 0009). */
export interface AdminTokensTable {
  id: string;
  purpose: string;
  /** SHA-256 (hex) of the token: the link itself is never stored. */
  token_hash: string;
  email: string;
  admin_id: string | null;
  role: string | null;
  created_by: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Every back-office write (migration 0009), kept for a year. */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON {before, after}. */
  summary: string;
}

/**
 * A mail to send, written with what it is about (migration 0010): the worker in
 * server/modules/outbox sends it, with retries.
 */
export interface NotificationOutboxTable {
  id: string;
  /**
   * What the mail is about: the enquiry's id (enquiry_received, enquiry_auto_reply), or
   * "<admin id>/<monday>" for the weekly traffic report (migration 0025 renamed enquiry_id).
   */
  subject_id: string;
  /** "enquiry_received", "enquiry_auto_reply" or "traffic_report". */
  kind: string;
  /** Sends begun, the one in progress included. */
  attempts: Generated<number>;
  /** When it is due; null once sent or given up. */
  next_attempt_at: string | null;
  /** The instance that holds the row, until `claimed_until` (a lease). */
  claimed_by: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  given_up_at: string | null;
  /** Short and free of secrets; null after a success. */
  last_error: string | null;
  created_at: string;
}

/** The enquiry auto-reply (migration 0019): at most one row, id "auto-reply". */
export interface AutoReplyTable {
  id: string;
  /** 1 on, 0 off. */
  enabled: number;
  subject: string;
  body: string;
  updated_at: string;
}

/**
 * SQLite only (migration 0012): the FTS5 search index of the posts, kept by triggers on
 * `blogs` (PostgreSQL indexes the posts' tsvector instead). Never written by the app.
 */
export interface BlogsFtsTable {
  id: string;
  title: string;
  /** The text of the points, joined by spaces. */
  body: string;
}

/**
 * Migration 0014: how many enquiries there are of each status and service type, kept by
 * triggers on `enquiries`. Never written by the app.
 */
export interface EnquiryCountsTable {
  status: string;
  service_type: string;
  n: number;
}

/** Pages staff make, served at /{slug} (migration 0018, decision 0030). */
export interface PagesTable {
  id: string;
  /** Unique; never a first segment of the site's own routes (app/lib/page-slugs.ts). */
  slug: string;
  title: string;
  /** The post format: "#" heading, "*" bullet, other lines paragraphs. */
  body: string;
  /** "" means the title. */
  seo_title: string;
  /** "" means the body's first paragraph. */
  seo_description: string;
  /** The share picture as JSON (a content image), or null. */
  image: string | null;
  /** "draft" or "published". */
  status: string;
  /** The admin who made it; null when unknown or since removed. */
  author_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A snapshot of a post's editable fields, written with each save (migration 0022,
 * decision 0034); the newest 30 of a post are kept.
 */
export interface BlogRevisionsTable {
  id: string;
  blog_id: string;
  /** When the snapshot was last written. */
  created_at: string;
  /** Its first save: saves by the same person merge into it for 5 minutes. */
  started_at: string;
  /** The staff member who saved; null once removed. */
  author_id: string | null;
  /** "create", "update" or "restore". */
  kind: string;
  title: string;
  /** JSON array of the points. */
  content: string;
  bg: string;
  slug: string;
  excerpt: string;
  seo_title: string;
  seo_description: string;
  image_alt: string;
  image_key: string | null;
  status: string;
  published_at: string | null;
}

/** A tag of blog posts (migration 0023): its name as first written, its unique slug. */
export interface TagsTable {
  id: string;
  slug: string;
  name: string;
  created_at: string;
}

/** Which post has which tag (migration 0023). */
export interface BlogTagsTable {
  blog_id: string;
  tag_id: string;
}

/** A signed-in browser or client (migration 0027): the token's `sid`. */
export interface AdminSessionsTable {
  id: string;
  admin_id: string;
  user_agent: string;
  browser: string;
  os: string;
  network: string;
  method: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface AdminKnownDevicesTable {
  admin_id: string;
  device_key: string;
  created_at: string;
  last_seen_at: string;
}

export interface AdminTotpTable {
  admin_id: string;
  secret: string;
  confirmed_at: string | null;
  last_step: number | null;
  created_at: string;
}

export interface AdminRecoveryCodesTable {
  id: string;
  admin_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface AdminPasskeysTable {
  id: string;
  admin_id: string;
  name: string;
  public_key: string;
  counter: Generated<number>;
  transports: Generated<string>;
  backed_up: Generated<number>;
  created_at: string;
  last_used_at: string | null;
}

export interface WebauthnChallengesTable {
  id: string;
  purpose: string;
  admin_id: string | null;
  challenge: string;
  expires_at: string;
}

/** A second-step ticket not yet used (migration 0028): taken once, by a conditional delete. */
export interface AdminSignInTicketsTable {
  id: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
}

export interface AuthSettingsTable {
  id: string;
  require_second_step: Generated<number>;
  updated_at: string;
}

// --- Payments (migration 0032, issue 49): amounts in kobo --------------------------------

export interface OrdersTable {
  id: string;
  /** The site's own reference, sent to Paystack; unique. */
  reference: string;
  /** "checkout", "renewal" or "invoice". */
  kind: string;
  /** "package", "offer", "ads-offer", "video-rate" or "invoice". */
  item_type: string;
  item_key: string;
  item_name: string;
  monthly: number;
  amount_kobo: number;
  currency: string;
  /** "pending", "paid", "failed" or "refunded". */
  status: string;
  name: string;
  email: string;
  phone: string;
  enquiry_id: string | null;
  invoice_id: string | null;
  subscription_id: string | null;
  test_mode: number;
  channel: string | null;
  gateway_response: string | null;
  refunded_kobo: number;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionsTable {
  id: string;
  order_id: string | null;
  package_key: string;
  package_name: string;
  plan_code: string;
  name: string;
  email: string;
  customer_code: string | null;
  subscription_code: string | null;
  email_token: string | null;
  /** "pending", "active", "non-renewing", "attention", "completed" or "cancelled". */
  status: string;
  amount_kobo: number;
  next_payment_at: string | null;
  manage_token: string;
  test_mode: number;
  created_at: string;
  updated_at: string;
}

export interface PaymentPlansTable {
  package_key: string;
  /** "test" or "live". */
  mode: string;
  plan_code: string;
  name: string;
  amount_kobo: number;
  updated_at: string;
}

export interface PaymentEventsTable {
  /** SHA-256 of the webhook's raw body. */
  id: string;
  event: string;
  reference: string | null;
  received_at: string;
}

export interface InvoicesTable {
  id: string;
  number: string | null;
  token: string;
  /** "draft", "sent", "part-paid", "paid" or "void". */
  status: string;
  enquiry_id: string | null;
  client_name: string;
  client_email: string;
  client_company: string;
  client_phone: string;
  client_address: string;
  issue_date: string | null;
  due_date: string;
  vat: number;
  notes: string;
  subtotal_kobo: number;
  discount_kobo: number;
  vat_kobo: number;
  total_kobo: number;
  paid_kobo: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  paid_at: string | null;
  voided_at: string | null;
}

export interface InvoiceLinesTable {
  id: string;
  invoice_id: string;
  position: number;
  description: string;
  item_key: string;
  quantity: number;
  unit_kobo: number;
  discount_kobo: number;
  total_kobo: number;
}

export interface InvoicePaymentsTable {
  id: string;
  invoice_id: string;
  /** "paystack" or "transfer". */
  method: string;
  amount_kobo: number;
  order_id: string | null;
  reference: string;
  received_on: string;
  recorded_by: string | null;
  created_at: string;
}

export interface InvoiceCountersTable {
  year: number;
  last: number;
}

export interface PaymentSettingsTable {
  id: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  note: string;
  updated_at: string;
}

/** An upload of a WordPress or Ghost export and its job (migration 0034, decision 0044). */
export interface ImportsTable {
  id: string;
  kind: string;
  file_name: string;
  file_bytes: number;
  state: string;
  error: string | null;
  site_title: string;
  site_url: string;
  picture_hosts: string;
  counts: string;
  choices: string | null;
  total: number;
  done: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}

/** A post, page or attachment of an import's file, and what became of it. */
export interface ImportItemsTable {
  import_id: string;
  seq: number;
  kind: string;
  source_id: string;
  parent_id: string;
  source_status: string;
  title: string;
  data: string | null;
  outcome: string | null;
  reason: string | null;
  notes: string | null;
  target: string | null;
}

/** Which post or page an old site's item became. */
export interface ImportLinksTable {
  source_key: string;
  kind: string;
  target_id: string;
  cover_source: string | null;
  updated_at: string;
}

/** A picture fetched by an import, by its old address. */
export interface ImportedPicturesTable {
  source_url: string;
  src: string;
  created_at: string;
}

/** An old address answered with a redirect (migration 0035). */
export interface RedirectsTable {
  id: string;
  from_path: string;
  to_path: string;
  status: number;
  hits: number;
  last_hit_at: string | null;
  source: string;
  created_at: string;
  updated_at: string;
}

/** An address that answered 404, counted (migration 0035). */
export interface NotFoundTable {
  path: string;
  hits: number;
  bot_hits: number;
  first_seen_at: string;
  last_seen_at: string;
}

/** The Marketing tags screen's one row: the IDs as JSON (migration 0038). */
export interface MarketingTagsTable {
  id: string;
  data: string;
  updated_at: string;
}

/** A visitor's choice on the consent notice (migration 0038). */
export interface ConsentRecordsTable {
  id: string;
  choice: string;
  tags: string;
  created_at: string;
}

/** What the agency adds to an enquiry (migration 0041): one row once staff touch it. */
export interface LeadsTable {
  enquiry_id: string;
  owner_id: string | null;
  /** new, contacted, proposal, won or lost (common/schemas/leads.ts). */
  stage: string;
  lost_reason: string | null;
  /** Whole naira (bigint: pg answers it as text). */
  value: number | string | null;
  /** yyyy-mm-dd in Lagos time. */
  follow_up_on: string | null;
  updated_at: string;
}

export interface LeadNotesTable {
  id: string;
  enquiry_id: string;
  author_id: string | null;
  author_name: string;
  body: string;
  created_at: string;
}

export interface LeadRepliesTable {
  id: string;
  enquiry_id: string;
  author_name: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface ReplyTemplatesTable {
  id: string;
  label: string;
  subject: string;
  body: string;
  position: number;
  updated_at: string;
}

/** The mail server an owner set on the Mail screen (migration 0045); one row, "smtp". */
export interface SmtpSettingsTable {
  id: string;
  host: string;
  port: number;
  security: string;
  username: string;
  /** Encrypted (server/modules/mail/settings.ts); "" when none. */
  password: string;
  from_address: string;
  notify_to: string | null;
  updated_at: string;
}

/**
 * Which contact (person) an e-mail or phone key belongs to (migration 0048,
 * server/modules/contacts/keys.ts): "e:<address>" or "p:234<digits>". One contact per key.
 */
export interface ContactKeysTable {
  key: string;
  contact_id: string;
}

/** The contact of each enquiry (migration 0048); `manual` 1: staff merged or split it. */
export interface EnquiryContactsTable {
  enquiry_id: string;
  contact_id: string;
  manual: number;
}

export interface BookingsTable {
  id: string;
  enquiry_id: string;
  starts_at: string;
  ends_at: string;
  /** The start while the booking holds its slot (unique), null once cancelled. */
  held_start: string | null;
  status: "booked" | "cancelled";
  sequence: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface BookingLinksTable {
  /** SHA-256 (hex) of the token in the visitor's link. */
  token_hash: string;
  booking_id: string;
  purpose: "reschedule" | "cancel";
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface Database {
  reply_templates: ReplyTemplatesTable;
  smtp_settings: SmtpSettingsTable;
  contact_keys: ContactKeysTable;
  enquiry_contacts: EnquiryContactsTable;
  bookings: BookingsTable;
  booking_links: BookingLinksTable;
  marketing_tags: MarketingTagsTable;
  consent_records: ConsentRecordsTable;
  lead_replies: LeadRepliesTable;
  leads: LeadsTable;
  lead_notes: LeadNotesTable;
  imports: ImportsTable;
  import_items: ImportItemsTable;
  import_links: ImportLinksTable;
  imported_pictures: ImportedPicturesTable;
  redirects: RedirectsTable;
  not_found: NotFoundTable;
  admin_sessions: AdminSessionsTable;
  admin_known_devices: AdminKnownDevicesTable;
  admin_totp: AdminTotpTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_passkeys: AdminPasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  admin_sign_in_tickets: AdminSignInTicketsTable;
  auth_settings: AuthSettingsTable;
  admins: AdminsTable;
  blogs: BlogsTable;
  blog_revisions: BlogRevisionsTable;
  blogs_fts: BlogsFtsTable;
  enquiries: EnquiriesTable;
  enquiry_counts: EnquiryCountsTable;
  prices: PricesTable;
  videos: VideosTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_sends: NewsletterSendsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  address_mail_log: AddressMailLogTable;
  newsletter_settings: NewsletterSettingsTable;
  traffic_salts: TrafficSaltsTable;
  traffic_pages: TrafficPagesTable;
  traffic_visitors: TrafficVisitorsTable;
  traffic_settings: TrafficSettingsTable;
  login_attempts: LoginAttemptsTable;
  meta: MetaTable;
  idempotency_keys: IdempotencyKeysTable;
  content_items: ContentItemsTable;
  site_identity: SiteIdentityTable;
  admin_tokens: AdminTokensTable;
  audit_log: AuditLogTable;
  notification_outbox: NotificationOutboxTable;
  pages: PagesTable;
  auto_reply: AutoReplyTable;
  tags: TagsTable;
  blog_tags: BlogTagsTable;
  orders: OrdersTable;
  subscriptions: SubscriptionsTable;
  payment_plans: PaymentPlansTable;
  payment_events: PaymentEventsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_payments: InvoicePaymentsTable;
  invoice_counters: InvoiceCountersTable;
  payment_settings: PaymentSettingsTable;
}
