import type { FastifyBaseLogger } from "fastify";
import type { Enquiry } from "../../common/schemas/enquiry.ts";

/** Tells the agency about a new enquiry. Best effort: it never throws. */
export interface Notifier {
  enquiryReceived(enquiry: Enquiry): Promise<void>;
  close(): Promise<void>;
}

/** Used when SMTP_URL or NOTIFY_TO is not set. */
export function createSilentNotifier(log: FastifyBaseLogger): Notifier {
  return {
    async enquiryReceived(enquiry) {
      log.debug({ enquiry: enquiry._id }, "enquiry stored; mail not configured");
    },
    async close() {},
  };
}
