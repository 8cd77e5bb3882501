import type { FastifyBaseLogger } from "fastify";
import type { AdminRole } from "../../common/schemas/accounts.ts";
import type { Enquiry } from "../../common/schemas/enquiry.ts";

/** Sign-in to an admin account is locked after too many failures from anywhere. */
export interface AccountLock {
  /** The admin's e-mail address (the mail goes there). */
  email: string;
  /** Failed attempts within the window. */
  failures: number;
  /** How many different client addresses they came from. */
  addresses: number;
  /** When sign-in opens again, unless more failures follow. */
  until: Date;
}

/** A single-use link mailed to one person: a password reset or a staff invitation. */
export interface AccountLink {
  /** Where the mail goes. */
  email: string;
  /** The whole link, token included: it goes into the mail and nowhere else (never a log). */
  url: string;
  /** When the link stops working. */
  expiresAt: Date;
}

/** An invitation to the back office, sent by an owner. */
export interface StaffInvitation extends AccountLink {
  role: AdminRole;
  /** Who invited: their name, or their e-mail when they have none. */
  invitedBy: string;
}

/** A sign-in to an admin account from a device the account had not used (issue 34). */
export interface NewSignIn {
  /** The admin's e-mail address (the mail goes there). */
  email: string;
  /** "Chrome 131", "" when unknown. */
  browser: string;
  /** "Android 14", "" when unknown. */
  os: string;
  /** "102.89.34.0/24", "" when unknown. */
  network: string;
  at: Date;
}

/** A new way to sign in to an admin account (issue 46): what, and from where. */
export interface NewFactor {
  /** The account's stored e-mail address (the mail goes there). */
  email: string;
  /** A passkey (with its name), an authenticator app, or new recovery codes. */
  factor: { kind: "passkey"; name: string } | { kind: "app" } | { kind: "recovery-codes" };
  /** Where it was added from, as a new sign-in's notice says it. */
  browser: string;
  os: string;
  network: string;
  at: Date;
}

/**
 * Tells people what happened: the agency about enquiries, an admin about a lock. Best
 * effort: it never throws, except `sendEnquiryReceived`, which the outbox worker retries.
 */
export interface Notifier {
  enquiryReceived(enquiry: Enquiry): Promise<void>;
  /**
   * Mails the enquiry to the agency and throws when the mail server did not take it (the
   * notification outbox retries it). Present only when enquiry mail can be configured:
   * without it no notification is queued. `signal` abandons the send.
   */
  sendEnquiryReceived?(enquiry: Enquiry, options?: { signal?: AbortSignal }): Promise<void>;
  /**
   * Whether enquiry mail is configured now (a mail server and a notification address, from
   * the environment or the Mail screen); not given: whenever `sendEnquiryReceived` is.
   */
  enquiryMailOn?(): boolean;
  accountLocked(lock: AccountLock): Promise<void>;
  /** A sign-in from a new device (browser, system, network): tells the person. */
  newSignIn(signIn: NewSignIn): Promise<void>;
  /** A passkey, an authenticator app or new recovery codes on the account: tells the person. */
  newFactor(notice: NewFactor): Promise<void>;
  /** The link to choose a new password (asked for on the sign-in page). */
  passwordReset(link: AccountLink): Promise<void>;
  /** The link to accept an invitation to the back office. */
  staffInvited(invitation: StaffInvitation): Promise<void>;
  /** Resolves once every mail on its way now was taken by the mail server or failed. */
  sent(): Promise<void>;
  close(): Promise<void>;
}

/** Used when SMTP_URL is not set (and for enquiries when NOTIFY_TO is not). */
export function createSilentNotifier(log: FastifyBaseLogger): Notifier {
  return {
    async enquiryReceived(enquiry) {
      log.debug({ enquiry: enquiry._id }, "enquiry stored; mail not configured");
    },
    async accountLocked(lock) {
      log.warn(
        { email: lock.email, failures: lock.failures, until: lock.until.toISOString() },
        "admin sign-in locked after failed attempts; mail not configured, the admin is not told",
      );
    },
    async newSignIn(signIn) {
      log.info(
        { email: signIn.email, browser: signIn.browser, os: signIn.os, network: signIn.network },
        "admin signed in from a new device; mail not configured, the admin is not told",
      );
    },
    async newFactor(notice) {
      log.info(
        { email: notice.email, factor: notice.factor.kind },
        "a way to sign in was added to an admin account; mail not configured, the admin is not told",
      );
    },
    // The link is not logged: a log is read by more people than the mailbox it was meant for.
    async passwordReset(link) {
      log.warn(
        { email: link.email },
        "password reset asked; mail not configured (SMTP_URL), no link sent: use the admin CLI",
      );
    },
    async staffInvited(invitation) {
      log.warn(
        { email: invitation.email, role: invitation.role },
        "staff invitation stored; mail not configured (SMTP_URL), no link sent",
      );
    },
    async sent() {},
    async close() {},
  };
}
