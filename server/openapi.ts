import { defaultIdentity } from "../common/identity.ts";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { errorResponse, invalidResponse } from "../common/schemas/common.ts";
import { site } from "../common/site-config.ts";
import type { Config } from "./config.ts";

/** The operation groups of the document, in the order the docs page shows them. */
const tags = [
  { name: "health", description: "Whether the server and its database answer." },
  { name: "auth", description: "Back-office sign-in: a bearer token for the admin calls." },
  { name: "blogs", description: "Blog posts: read by everyone, written by admins." },
  { name: "videos", description: "Portfolio videos: listed by everyone, uploaded by admins." },
  { name: "prices", description: "Package and service prices in whole naira." },
  {
    name: "content",
    description:
      "The site's editable content (offers, rates, packages, team, testimonials, FAQ, logos, " +
      "gallery, slides, claims) and settings (contact details, policy date).",
  },
  {
    name: "identity",
    description:
      "The agency's name, words, brand colours, logo and share picture (Site identity, owners).",
  },
  {
    name: "enquiries",
    description: "Enquiries sent by the site's forms, and the back-office inbox.",
  },
  { name: "newsletter", description: "Newsletter sign-ups and the subscriber list." },
  { name: "pages", description: "Pages staff make (Terms of Service, Careers…), at /{slug}." },
  { name: "staff", description: "Back-office accounts, roles and invitations (owner only)." },
  {
    name: "traffic",
    description:
      "The site's own visitor statistics: the pages' beacon, and the Traffic screen's figures joined to the enquiries.",
  },
  {
    name: "payments",
    description:
      "Checkout through Paystack, its webhook, orders, subscriptions, invoices, refunds and revenue, in naira (issue 49).",
  },
  {
    name: "redirects",
    description:
      "Old addresses answered with redirects (301/302), and the addresses that answered 404.",
  },
  {
    name: "imports",
    description:
      "Moving in from WordPress or Ghost (an export file, a job with a report), and leaving as a WordPress export.",
  },
  {
    name: "contacts",
    description:
      "One contact per person: an enquiry's other enquiries by the same e-mail or phone, with the newsletter status; merge and split by hand.",
  },
  {
    name: "leads",
    description:
      "The lead pipeline: an enquiry's owner, stage, value, follow-up date and notes; the board.",
  },
  {
    name: "bookings",
    description:
      "Free consultations booked into real slots: the free slots, a booking, the week view, the visitor's reschedule and cancel links.",
  },
  { name: "audit", description: "Who changed what in the back office (the owner's Activity)." },
  {
    name: "mail",
    description: "Whether the site can send mail, a test message, failed mails, the auto-reply.",
  },
  {
    name: "marketing-tags",
    description: "The agency's own ad tags (off by default) and the visitors' consent to them.",
  },
];

/**
 * Where the API is: PUBLIC_ORIGIN once it names the public site; until then (a local
 * install, where it defaults to localhost) the origin that serves this document.
 */
function servers(publicOrigin: string) {
  const host = new URL(publicOrigin).hostname;
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(host) || host.endsWith(".localhost");
  return local
    ? [{ url: "/", description: "The origin that serves this document" }]
    : [{ url: publicOrigin, description: "The public site (PUBLIC_ORIGIN)" }];
}

/** An error answer as an operation documents it: `{ "error": "…" }` and what it means. */
export const errorAnswer = (description: string) => errorResponse.describe(description);

/**
 * A 400 as an operation documents it: `{ "error": "…", "fields": { "<path>": "…" } }`, with
 * `fields` when the refusal is about fields (decision 0053). Every 400 is documented so.
 */
export const invalidAnswer = (description: string) => invalidResponse.describe(description);

/** The error answers many operations share (every error answer has the same shape). */
export const errorAnswers = {
  invalid: invalidAnswer(
    "The request is invalid: `error` says what to fix, `fields` which field each rule is about.",
  ),
  unauthorized: errorAnswer(
    "No valid admin token: missing, malformed, expired or no longer accepted.",
  ),
  notFound: errorAnswer("There is no such item."),
  bodyTooLarge: errorAnswer("The request body is too large."),
  notJson: errorAnswer(
    "The body is not JSON (Content-Type), or it is compressed: bodies are taken as sent, with no Content-Encoding (the answer's Accept-Encoding says `identity`).",
  ),
  undecodable: errorAnswer(
    "The request names a Content-Encoding: requests are taken uncompressed (a GET needs none).",
  ),
  tooManyRequests: errorAnswer(
    "Too many requests from this address within a minute: wait, then try again.",
  ),
  databaseUnavailable: errorAnswer(
    "The database is unavailable right now (locked or unreachable); nothing was stored: try again after `Retry-After` seconds.",
  ),
  imagesBusy: errorAnswer(
    "Too many pictures are being processed at once: try again after `Retry-After` seconds.",
  ),
};

/** What any operation with a JSON body may also answer, before its handler runs. */
export const jsonBodyErrors = {
  413: errorAnswers.bodyTooLarge,
  415: errorAnswers.notJson,
};

/** The OpenAPI document of the API (from the routes' zod schemas) and its docs page. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: `${defaultIdentity.name} API`,
        description:
          "Public site and back office API. Admin calls need `Authorization: Bearer <token>` " +
          'from POST /api/auth/login. Every error answer is `{ "error": "…" }`; a 400 about fields ' +
          "adds `fields`, each field's dotted path with its message.",
        version: "1.0.0",
        contact: { name: defaultIdentity.name, email: site.email, url: config.publicOrigin },
        // The API is not open source: it is the agency's own, used by its site and staff.
        license: {
          name: `Proprietary: all rights reserved by ${defaultIdentity.name}`,
          url: `${config.publicOrigin}/contact`,
        },
      },
      servers: servers(config.publicOrigin),
      tags,
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
