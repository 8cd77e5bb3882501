import type { FastifyBaseLogger } from "fastify";
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

/** Tells people what happened: the agency about enquiries, an admin about a lock. Best effort: it never throws. */
export interface Notifier {
  enquiryReceived(enquiry: Enquiry): Promise<void>;
  accountLocked(lock: AccountLock): Promise<void>;
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
    async close() {},
  };
}
