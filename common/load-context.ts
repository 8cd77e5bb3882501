import { createContext, type RouterContext } from "react-router";
import type { Blog, PostLink, PreviewPost, PublicPost, Tag, TagCount } from "./schemas/blog.ts";
import type { ListPage } from "./schemas/common.ts";
import type { Enquiry, ParsedEnquiryInput } from "./schemas/enquiry.ts";
import type { SiteContent } from "./schemas/content.ts";
import type { Page, PageLink } from "./schemas/pages.ts";
import type { SiteIdentity } from "./schemas/identity.ts";
import type { MarketingTagIds } from "./marketing-tags.ts";
import type { Price } from "./schemas/price.ts";
import type { Subscriber } from "./schemas/newsletter.ts";
import type { Video } from "./schemas/video.ts";
import type { Booking, BookingInput } from "./schemas/booking.ts";
import type { Slot } from "./booking.ts";
import type {
  BankDetails,
  CheckoutAnswer,
  CheckoutInput,
  Invoice,
  Order,
} from "./schemas/payments.ts";

/**
 * What the server hands to React Router loaders and actions. Route modules reach
 * the database only through this contract; `server/` implements it.
 */
export interface SiteServices {
  /** The public origin (PUBLIC_ORIGIN), for canonical URLs, sitemaps and feeds. */
  origin: string;
  /** Addresses per sitemap file (SITEMAP_URLS_PER_FILE, at most 50,000). */
  sitemapUrlsPerFile: number;
  blogs: {
    /**
     * A page of the public posts (published, or scheduled and due), newest publication
     * first, and how many in all; `q` finds the posts holding every word of it.
     */
    page(filter: {
      q?: string;
      tag?: string;
      page: number;
      pageSize: number;
    }): Promise<ListPage<Blog>>;
    /** How many posts are public. */
    count(): Promise<number>;
    /** When a public post last changed (ISO), if there is one. */
    lastChanged(): Promise<string | undefined>;
    /** The addresses and dates of a slice of the public posts, in the order of `page`. */
    links(window: { limit: number; offset: number }): Promise<PostLink[]>;
    /** A public post by its id (UUID shape) or else its slug. */
    get(idOrSlug: string): Promise<PublicPost | undefined>;
    /** The post of a private preview link, whatever its status; `public` when on the site. */
    preview(token: string): Promise<PreviewPost | undefined>;
    /** The tag of this slug, if it has a public post. */
    tag(slug: string): Promise<Tag | undefined>;
    /** The tags with public posts, by name, with how many (the sitemap's tag pages). */
    tags(): Promise<TagCount[]>;
    /** Up to three other public posts sharing a tag with this one, newest first. */
    related(blogId: string): Promise<Blog[]>;
  };
  prices: {
    list(): Promise<Price[]>;
  };
  /** The site's editable content (offers, team, contact details…), in the site's order. */
  content: {
    all(): Promise<SiteContent>;
  };
  /** The agency's name, words, colours and logo (Site identity), from memory. */
  identity: {
    get(): Promise<SiteIdentity>;
  };
  /** The IDs of the agency's own marketing tags (none: every tag off), from memory. */
  marketingTags: {
    get(): Promise<MarketingTagIds>;
  };
  videos: {
    list(): Promise<Video[]>;
  };
  enquiries: {
    /** Stores a validated enquiry (spam when the honeypot is filled) and notifies staff. */
    create(input: ParsedEnquiryInput): Promise<Enquiry>;
  };
  /** Sign-ups, and the pages of a subscriber's links (decision 0036). */
  newsletter: {
    /**
     * A sign-up from the page at `source`; the same answer for a new and a known address.
     * `pending`: the address must confirm by the link mailed to it (mail is configured).
     */
    subscribe(input: {
      email: string;
      source?: string;
    }): Promise<{ subscriber: Subscriber; pending: boolean }>;
    /** Whether a confirmation link works now; reads only (mail scanners open links). */
    confirmable(token: string): Promise<boolean>;
    /** Confirms the address of a confirmation link; false for a bad, used or expired one. */
    confirm(token: string): Promise<boolean>;
    /** Whether a token is an unsubscribe link of this site. */
    unsubscribeLinkValid(token: string): boolean;
    /** Unsubscribes the address of a valid unsubscribe link; false for an invalid link. */
    unsubscribe(token: string): Promise<boolean>;
  };
  /** Sent newsletters ("view in the browser", issue 32). */
  newsletterSends: {
    /**
     * A send's subject, body (points in the post format) and date, and whether it can no
     * longer change (`fixed`: a message of its own; a post's goes when the post does);
     * undefined when none, or while its post is not on the site.
     */
    webView(
      id: string,
    ): Promise<{ subject: string; body: string[]; date: string; fixed: boolean } | undefined>;
  };
  /** Online payments through Paystack (issue 49); `enabled` false without a secret key. */
  payments: {
    enabled: boolean;
    /** A package or offer sold online: its name, kind and the server's price (naira). */
    item(
      key: string,
    ): Promise<{ type: string; key: string; name: string; amount: number } | undefined>;
    /** Starts a checkout (the lead, the order, Paystack's transaction): where to send the visitor. */
    checkout(input: CheckoutInput): Promise<CheckoutAnswer>;
    /** Asks Paystack how an order stands and records it; undefined for an unknown reference. */
    confirm(reference: string): Promise<Order | undefined>;
    /** The invoice of a client's link; undefined for a draft or an unknown link. */
    invoice(token: string): Promise<Invoice | undefined>;
    /** Pays an invoice's balance by card: Paystack's checkout; undefined when nothing is due. */
    payInvoice(token: string): Promise<CheckoutAnswer | undefined>;
    /** Paystack's page to manage or cancel the subscription of a receipt's link. */
    manageLink(token: string): Promise<string | undefined>;
    /** The agency's account for transfers, when owners have set it. */
    bank(): Promise<BankDetails | null>;
  };
  /** Free consultations booked into real slots (decision 0052). */
  bookings: {
    /** The free slots of the next 14 days (Lagos time). */
    slots(): Promise<Slot[]>;
    /** Books a slot (409 Conflict when it was just taken, 400 when it is not offered). */
    book(input: BookingInput): Promise<Booking>;
    /** A visitor's link: what it is for, its booking, the free slots; undefined when ended. */
    link(
      token: string,
    ): Promise<{ purpose: "reschedule" | "cancel"; booking: Booking; slots: Slot[] } | undefined>;
    cancel(token: string): Promise<Booking>;
    reschedule(token: string, start: string): Promise<Booking>;
  };
  /** Pages staff make, at /{slug} (decision 0030). */
  pages: {
    /** A published page by its address; undefined for a draft or an unknown one. */
    published(slug: string): Promise<Page | undefined>;
    /** The published pages' addresses (kept in memory until a write). */
    links(): Promise<PageLink[]>;
  };
}

// The production server bundle and the server itself each load this module, so
// the token lives on globalThis: both must use the very same context object.
const TOKEN = Symbol.for("agency-site.site-services");
const holder = globalThis as typeof globalThis & {
  [TOKEN]?: RouterContext<SiteServices>;
};

export const siteServicesContext: RouterContext<SiteServices> = (holder[TOKEN] ??=
  createContext<SiteServices>());

/** The per-IP limit a public form counts against (shared with its API endpoint). */
export type FormLimit = "enquiry" | "newsletter";

/** Per-request facts and hooks for loaders, actions and rendering. */
export interface RequestInfo {
  /** The CSP nonce of this response's inline scripts. */
  nonce: string;
  /**
   * Counts one submission of this client against a per-IP limit. Answers null when it
   * may go on, else the seconds until it may try again.
   */
  countSubmission(limit: FormLimit): Promise<number | null>;
  /** Logs a server error (with its stack) on the request's log line. */
  logError(error: unknown): void;
  /**
   * Takes the bytes of a page rendered whole (app/entry.server.tsx) and answers the Response
   * that stands for them: the server sends those bytes as they are (server/web/pages.ts),
   * without a copy into a web stream and back out of it. Absent where nothing takes them
   * (the dev server, tests): the page is then the Response's body.
   */
  wholePage?(body: Buffer, init: ResponseInit): Response;
}

const REQUEST_TOKEN = Symbol.for("agency-site.request-info");
const requestHolder = globalThis as typeof globalThis & {
  [REQUEST_TOKEN]?: RouterContext<RequestInfo>;
};

export const requestInfoContext: RouterContext<RequestInfo> = (requestHolder[REQUEST_TOKEN] ??=
  createContext<RequestInfo>({
    nonce: "",
    countSubmission: async () => null,
    logError: (error) => console.error(error),
  }));
