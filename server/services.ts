import type { FastifyBaseLogger } from "fastify";
import type { SiteServices } from "../common/load-context.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/connection.ts";
import type { Notifier } from "./mail/notifier.ts";
import type { Storage } from "./media/storage.ts";
import { createAuditService } from "./modules/audit/service.ts";
import { createPasswordHasher } from "./modules/staff/password.ts";
import { createStaffService } from "./modules/staff/service.ts";
import { createSignInService } from "./modules/staff/sign-in.ts";
import { createTokenSigner } from "./modules/staff/tokens.ts";
import { cachedRead } from "./lib/cached-read.ts";
import { createChangeFeed } from "./lib/changes.ts";
import { createSessionStore } from "./modules/staff/sessions.ts";
import { createSecondStepGate } from "./modules/two-step/gate.ts";
import { createPasskeyService } from "./modules/two-step/passkeys.ts";
import { createStepUp } from "./modules/two-step/step-up.ts";
import { createReadiness } from "./lib/readiness.ts";
import { createContentService } from "./modules/content/service.ts";
import { createBlogService } from "./modules/blogs/service.ts";
import { createReviewMails, POST_SUBMITTED } from "./modules/blogs/review-mails.ts";
import { createIdentityService } from "./modules/identity/service.ts";
import { createMarketingTagsService } from "./modules/marketing-tags/service.ts";
import { createSetupService } from "./modules/setup/service.ts";
import { createEnquiryService } from "./modules/enquiries/service.ts";
import { createNewsletterService } from "./modules/newsletter/service.ts";
import { confirmRenderer } from "./modules/newsletter/confirm-mail.ts";
import { CONFIRM, ISSUE } from "./modules/newsletter/delivery.ts";
import { createNewsletterSends } from "./modules/newsletter/sends.ts";
import { createNewsletterWorker } from "./modules/newsletter/worker.ts";
import { createNotificationOutbox, senderByKind } from "./modules/outbox/service.ts";
import {
  BOOKING_CONFIRMATION,
  BOOKING_STAFF,
  createBookingService,
} from "./modules/bookings/service.ts";
import { TRAFFIC_REPORT } from "./modules/outbox/repository.ts";
import { createPagesService } from "./modules/pages/service.ts";
import { createTrafficStats } from "./modules/traffic/stats.ts";
import { createTrafficCounter } from "./modules/traffic/counter.ts";
import { createWeeklyReport } from "./modules/traffic/weekly-report.ts";
import { createLeadMails, FOLLOW_UPS } from "./modules/leads/mails.ts";
import { createLeadService, LEAD_ASSIGNED } from "./modules/leads/service.ts";
import { createContactService } from "./modules/contacts/service.ts";
import { createLeadReplies, LEAD_REPLY } from "./modules/leads/replies.ts";
import { createReplyTemplates } from "./modules/leads/templates.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { createMailSettings } from "./modules/mail/settings.ts";
import { createMailService, personalised } from "./modules/mail/service.ts";
import { createAddressMailLimit } from "./modules/mail/address-limit.ts";
import { createPriceService } from "./modules/prices/service.ts";
import { createBankDetails } from "./modules/payments/bank.ts";
import { createInvoiceService } from "./modules/payments/invoices.ts";
import { createPaymentMails, PAYMENT_MAIL_KINDS } from "./modules/payments/mails.ts";
import { createPaystackClient } from "./modules/payments/paystack.ts";
import { revenue } from "./modules/payments/revenue.ts";
import { createPaymentsService, newReference, toOrder } from "./modules/payments/service.ts";
import { createVideoService } from "./modules/videos/service.ts";
import { createRedirectService } from "./modules/redirects/service.ts";
import { createImportService } from "./modules/imports/service.ts";

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  notifier: Notifier;
  /** Single mails that report failures (test message, auto-reply); from SMTP_URL if not given. */
  mailer?: Mailer;
  log: FastifyBaseLogger;
  /**
   * Milliseconds since the epoch: when posts become public and notification mails are due
   * (tests set the time).
   */
  clock?: () => number;
  /** How often the visit counts are written (ms; 0: only on flush(), for tests). */
  trafficFlushMs?: number;
  /** How long an import waits for one picture of the old site (tests shorten it). */
  importPictureTimeoutMs?: number;
}

/** Every domain service, wired once per app. Routes, loaders, scripts and the seed use these. */
export function createServices(deps: ServiceDeps) {
  const { config, database, storage, notifier, log } = deps;
  const db = database.db;
  const passwords = createPasswordHasher(config.passwordHashCost);
  const tokens = createTokenSigner(config.tokenSecret, config.tokenTtlSeconds);
  const changes = createChangeFeed(log);
  const sessions = createSessionStore({
    db,
    tokens,
    notifier,
    tokenTtlSeconds: config.tokenTtlSeconds,
    // No test clock: sessions live in real time, like the tokens that name them (jose checks
    // a token's expiry against the real time).
  });
  const secondStep = createSecondStepGate({
    db,
    secret: config.tokenSecret,
    changes,
    clock: deps.clock,
  });
  // What /api/ready checks; Redis and S3 storage add theirs when configured.
  const readiness = createReadiness();
  readiness.add("database", () => database.writable());
  // The mail server in use (issue 50): SMTP_URL, else the Mail screen's, read again on a save.
  const mailSettings = createMailSettings({
    db,
    config,
    secret: () => config.tokenSecret,
    changes,
    log,
  });
  const mailer = deps.mailer ?? createMailer(mailSettings);
  const mail = createMailService({
    db,
    mailer,
    notifyTo: () => mailSettings.current().notifyTo,
    // Read when a mail is made: the identity service is made below.
    agencyName: async () => (await identity.get()).name,
  });
  // How often one address may be mailed at a visitor's asking (issue 46): sign-ups, auto-replies.
  const addressMail = createAddressMailLimit({
    db,
    dialect: database.dialect,
    secret: () => config.tokenSecret,
    clock: deps.clock,
  });
  // Enquiry mails go through the outbox: the agency's when enquiry mail is configured (a
  // mail server and a notification address: the notifier then has a send that reports
  // failures, for the retries), the visitor's auto-reply when a mail server is set and an
  // owner switched it on. Both asked at each enquiry: the Mail screen may change them.
  const notifyEnabled = () =>
    notifier.sendEnquiryReceived !== undefined && (notifier.enquiryMailOn?.() ?? true);
  const outbox = createNotificationOutbox({
    db,
    dialect: database.dialect,
    log,
    enabled: () => notifyEnabled() || mailer.status.configured,
    notifyEnabled,
    clock: deps.clock,
  });
  const pages = createPagesService({
    db,
    storage,
    changes,
    log,
    // A service's page takes its address first (decision 0048); content is made below.
    serviceAt: async (slug) => (await content.all()).services.some((item) => item.slug === slug),
  });
  const enquiries = createEnquiryService({
    db,
    notifier,
    outbox,
    log,
    autoReply: {
      on: mail.autoReplyOn,
      allow: (address) => addressMail.allow("auto-reply", address),
      async send(enquiry, signal) {
        const reply = await mail.autoReply();
        await mailer.send(
          {
            to: enquiry.email,
            subject: personalised(reply.subject, enquiry.name),
            text: personalised(reply.text, enquiry.name),
          },
          { signal },
        );
      },
    },
  });
  const identity = createIdentityService({ db, storage, changes, log });
  // The agency's own ad tags and the visitors' consent (issue 50).
  const marketingTags = createMarketingTagsService({ db, changes, log, clock: deps.clock });
  const audit = createAuditService({ db, log });
  const auth = createSignInService({ db, passwords, tokens, notifier, sessions, secondStep });
  const trafficStats = createTrafficStats({ db, clock: deps.clock });
  // The weekly traffic report to the owners (issue 33): its rows are written on Monday 08:00
  // by a check at each wake of the outbox, which sends them with the enquiries' mails.
  const weeklyReport = createWeeklyReport({
    db,
    outbox,
    stats: trafficStats,
    identity,
    mailer,
    origin: config.publicOrigin,
    clock: deps.clock,
  });
  const content = createContentService({
    db,
    storage,
    changes,
    log,
    // A service's address against the pages and the redirects (made below; read when saving).
    addresses: {
      pageAt: (slug) => pages.slugTaken(slug),
      async redirectAt(path) {
        await redirects.ready;
        const answer = redirects.match(path);
        return answer && { id: answer.id, location: answer.location };
      },
      removeRedirect: (id) => redirects.remove(id),
      addRedirect: (from, to) => redirects.create({ from, to, status: 301 }),
    },
  });
  const prices = createPriceService(db, changes);
  // Payments (issue 49): checkout, webhooks, reconciliation, invoices; receipts, invoices and
  // their reminders are mailed through the outbox.
  const payments = createPaymentsService({
    db,
    paystack: config.paystack,
    client: config.paystack ? createPaystackClient(config.paystack) : undefined,
    origin: config.publicOrigin,
    content,
    prices,
    enquiries,
    outbox,
    audit,
    changes,
    log,
    clock: deps.clock,
  });
  const invoices = createInvoiceService({
    db,
    origin: config.publicOrigin,
    testMode: config.paystack?.testMode ?? false,
    outbox,
    audit,
    clock: deps.clock,
  });
  const bankDetails = createBankDetails(db, deps.clock);
  const paymentMails = createPaymentMails({
    db,
    origin: config.publicOrigin,
    identity,
    mailer,
    invoice: invoices.forMail,
    bank: bankDetails.get,
  });
  // The lead pipeline (issue 52): the new owner's mail and the morning follow-up mails.
  const leads = createLeadService({ db, outbox, audit, clock: deps.clock });
  // One contact per person (issue 52, item 2): history, merge and split.
  const contacts = createContactService({ db, audit });
  const leadMails = createLeadMails({
    db,
    leads,
    outbox,
    mailer,
    agencyName: async () => (await identity.get()).name,
    origin: config.publicOrigin,
    clock: deps.clock,
  });
  const leadReplies = createLeadReplies({
    db,
    outbox,
    mailer,
    audit,
    origin: config.publicOrigin,
    clock: deps.clock,
  });
  const replyTemplates = createReplyTemplates({ db, audit, clock: deps.clock });
  // A post sent for review (decision 0051): the mail to every editor and owner.
  const reviewMails = createReviewMails({
    db,
    outbox,
    mailer,
    agencyName: async () => (await identity.get()).name,
    origin: config.publicOrigin,
  });
  // Free consultations in real slots (issue 52, item 4): the invitations go by the outbox.
  const bookings = createBookingService({
    db,
    content,
    enquiries,
    outbox,
    mailer,
    audit,
    changes,
    agencyName: async () => (await identity.get()).name,
    origin: config.publicOrigin,
    mailFrom: () => mailSettings.current().from,
    notifyTo: () => mailSettings.current().notifyTo,
    clock: deps.clock,
  });
  outbox.everyWake(leadMails.queueDue);
  outbox.everyWake(weeklyReport.queueDue);
  outbox.everyWake(invoices.queueReminders);
  outbox.start(
    senderByKind(
      {
        [TRAFFIC_REPORT]: weeklyReport.send,
        [LEAD_ASSIGNED]: leadMails.sendAssigned,
        [FOLLOW_UPS]: leadMails.sendFollowUps,
        [LEAD_REPLY]: leadReplies.sendQueued,
        [POST_SUBMITTED]: reviewMails.send,
        [BOOKING_CONFIRMATION]: bookings.sendConfirmation,
        [BOOKING_STAFF]: bookings.sendToStaff,
        ...Object.fromEntries(PAYMENT_MAIL_KINDS.map((kind) => [kind, paymentMails.send])),
      },
      enquiries.sendNotification,
    ),
  );
  payments.start();
  const blogs = createBlogService({
    db,
    dialect: database.dialect,
    storage,
    log,
    changes,
    clock: deps.clock,
  });
  // Newsletter mails (issue 32): sends and confirmation links go through their own outbox,
  // mailed over pooled connections (a test's injected mailer is used as it is).
  const newsletterWorker = createNewsletterWorker({
    db,
    dialect: database.dialect,
    log,
    enabled: () => mailer.status.configured,
    mailer: deps.mailer ?? createMailer(mailSettings, { pooled: true }),
    ratePerMinute: () => newsletterSends.ratePerMinute(),
    clock: deps.clock,
  });
  const newsletterSends = createNewsletterSends({
    db,
    blogs,
    identity,
    content,
    mailer,
    origin: config.publicOrigin,
    secret: config.tokenSecret,
    nudge: newsletterWorker.nudge,
    clock: deps.clock,
  });
  newsletterWorker.start({
    [ISSUE]: newsletterSends.renderDelivery,
    [CONFIRM]: confirmRenderer({
      db,
      secret: () => config.tokenSecret,
      origin: config.publicOrigin,
      identity,
      clock: deps.clock,
    }),
  });
  const redirects = createRedirectService({
    db,
    changes,
    log,
    clock: deps.clock,
    flushMs: deps.trafficFlushMs,
  });
  return {
    changes,
    readiness,
    database,
    storage,
    /** Staff accounts (the `npm run admin` commands use the same service). */
    admins: createStaffService({
      database,
      passwords,
      notifier,
      mailer,
      log,
      audit,
      agencyName: async () => (await identity.get()).name,
      origin: config.publicOrigin,
    }),
    /** Tells people what happened (a lock, a new device, a new way to sign in). */
    notifier,
    /** Signing in, and the tokens of the staff accounts' sessions. */
    auth,
    /** Asking the password (or a fresh code) again before a new way to sign in (issue 46). */
    stepUp: createStepUp({ db, passwords, auth, totp: secondStep.totp }),
    /** The staff's passkeys (issue 34). */
    passkeys: createPasskeyService({
      db,
      publicOrigin: config.publicOrigin,
      rpName: async () => (await identity.get()).name,
    }),
    /** The sessions (devices) of the staff (issue 34). */
    sessions,
    /** Whether a sign-in needs a second step, and the owners' requirement (issue 34). */
    secondStep,
    tokens,
    /** The password hasher (scrypt) of every password check. */
    passwords,
    audit,
    prices,
    /** Checkout, Paystack's webhooks, orders, subscriptions, refunds (issue 49). */
    payments,
    invoices,
    /** The agency's account for transfers (owners). */
    bankDetails,
    /**
     * The client's "Pay" on an invoice's page: an order of its balance and Paystack's
     * checkout address; undefined when nothing is left to pay (or payments are off).
     */
    async payInvoice(token: string) {
      if (!payments.enabled) return undefined;
      const order = await invoices.orderFor(token, newReference());
      return order ? payments.startTransaction(order) : undefined;
    },
    /** The dashboard's money received, by month and lead source. */
    revenue: () => revenue(db, (deps.clock ?? Date.now)(), config.paystack?.testMode ?? false),
    content,
    /** The agency's name, words, colours and logo (the Site identity screen). */
    identity,
    /** The agency's own marketing tags and the visitors' consent to them. */
    marketingTags,
    blogs,
    /** The mail to editors and owners of a post sent for review. */
    reviewMails,
    /** The dashboard's set-up card and "Remove sample content" (issue 47). */
    setup: createSetupService({ db, content, identity, blogs }),
    videos: createVideoService({ db, storage, log, changes }),
    enquiries,
    outbox,
    /** The Mail screen: mail status, test message, failed mails, the auto-reply. */
    mail,
    /** The mail server in use: SMTP_URL, else the one saved on the Mail screen (issue 50). */
    mailSettings,
    newsletter: createNewsletterService({
      db,
      dialect: database.dialect,
      secret: () => config.tokenSecret,
      origin: config.publicOrigin,
      mailConfigured: () => mailer.status.configured,
      clock: deps.clock,
      nudge: newsletterWorker.nudge,
      addressMail,
    }),
    /** Newsletter sends: settings, compose, preview, test send, progress (issue 32). */
    newsletterSends,
    /** Mails the newsletter's deliveries (sends and confirmation links). */
    newsletterWorker,
    pages,
    /** The Traffic screen's figures: visits next to enquiries (issue 33). */
    trafficStats,
    /** The lead pipeline (issue 52): owners, stages, values, follow-ups, notes, the board. */
    leads,
    /** The new owner's mail and the morning follow-up mails (queued at 08:00, Lagos). */
    leadMails,
    /** Replies from the inbox, threaded on the notification mail (issue 52, item 3). */
    leadReplies,
    replyTemplates,
    /** One contact per person: an enquiry's other enquiries, merge and split (item 2). */
    contacts,
    /** Free consultations booked into real slots, their links and invitations (item 4). */
    bookings,
    /** The weekly traffic report mail to owners (queued Monday 08:00, sent by the outbox). */
    weeklyReport,
    /** The page views of the beacon, counted in memory and written every few seconds. */
    traffic: createTrafficCounter({
      db,
      changes,
      log,
      clock: deps.clock,
      flushMs: deps.trafficFlushMs,
    }),
    /** Old addresses answered with redirects, from memory; the "Not found" counts (issue 51). */
    redirects,
    /** Moving in from WordPress or Ghost: uploads, previews and the import job (issue 51). */
    imports: createImportService({
      db,
      dataDir: config.dataDir,
      storage,
      blogs,
      pages,
      redirects,
      log,
      maxImageBytes: config.maxImageBytes,
      allowHosts: config.importAllowHosts,
      pictureTimeoutMs: deps.importPictureTimeoutMs,
      clock: deps.clock,
    }),
    /** The published pages' addresses, read by every page's layout: kept until a write. */
    pageLinks: cachedRead(changes, pages.links),
  };
}
export type Services = ReturnType<typeof createServices>;

/** The part of the services that page loaders and actions may use. */
export function siteServices(services: Services, config: Config): SiteServices {
  return {
    origin: config.publicOrigin,
    sitemapUrlsPerFile: config.sitemapUrlsPerFile,
    blogs: {
      page: services.blogs.page,
      count: services.blogs.count,
      lastChanged: services.blogs.lastChanged,
      links: services.blogs.links,
      get: services.blogs.get,
      preview: services.blogs.preview,
      tag: services.blogs.tag,
      tags: services.blogs.tags,
      related: services.blogs.related,
    },
    // Read on every render of the home page: kept until the next write (lib/cached-read.ts).
    prices: { list: cachedRead(services.changes, services.prices.list) },
    content: { all: services.content.all },
    identity: { get: services.identity.get },
    marketingTags: { get: services.marketingTags.get },
    videos: { list: cachedRead(services.changes, services.videos.list) },
    enquiries: { create: services.enquiries.create },
    newsletter: {
      subscribe: services.newsletter.subscribe,
      confirmable: services.newsletter.confirmable,
      confirm: services.newsletter.confirm,
      unsubscribeLinkValid: services.newsletter.unsubscribeLinkValid,
      unsubscribe: services.newsletter.unsubscribe,
    },
    newsletterSends: { webView: services.newsletterSends.webView },
    payments: {
      enabled: services.payments.enabled,
      item: services.payments.item,
      checkout: services.payments.checkout,
      async confirm(reference) {
        const row = await services.payments.confirm(reference);
        return row ? toOrder(row) : undefined;
      },
      invoice: services.invoices.byToken,
      payInvoice: services.payInvoice,
      manageLink: services.payments.manageLink,
      bank: services.bankDetails.get,
    },
    pages: { published: services.pages.published, links: services.pageLinks },
    bookings: {
      slots: services.bookings.slots,
      book: services.bookings.book,
      link: services.bookings.link,
      cancel: services.bookings.cancelByLink,
      reschedule: services.bookings.rescheduleByLink,
    },
  };
}
