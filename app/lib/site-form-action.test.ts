import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  requestInfoContext,
  siteServicesContext,
  type RequestInfo,
  type SiteServices,
} from "../../common/load-context.ts";
import type { Enquiry, ParsedEnquiryInput } from "../../common/schemas/enquiry.ts";
import type { FormResult } from "./form-result.ts";
import { newsletterMessages } from "./newsletter-messages.ts";
import { siteFormAction } from "./site-form-action.ts";

/**
 * The action's own rules (which form, which schema, which message, what is kept), with the
 * two services it calls recording what they were given. The browser tests post the same
 * forms without JavaScript to the real server and database.
 */
function servicesThatRecord({ failing = false, pending = false } = {}) {
  const enquiries: ParsedEnquiryInput[] = [];
  const signups: { email: string; source?: string }[] = [];
  const services = {
    origin: "https://example.ng",
    enquiries: {
      async create(input: ParsedEnquiryInput) {
        if (failing) throw new Error("database is down");
        enquiries.push(input);
        return { _id: String(enquiries.length) } as Enquiry;
      },
    },
    newsletter: {
      async subscribe(input: { email: string; source?: string }) {
        if (failing) throw new Error("database is down");
        signups.push(input);
        const { email } = input;
        return { subscriber: { _id: email, email, date: "2026-01-01T00:00:00.000Z" }, pending };
      },
    },
  } as unknown as SiteServices;
  return { services, enquiries, signups };
}

async function post(
  services: SiteServices,
  entries: [string, string][] | RequestInit,
  info: Partial<RequestInfo> = {},
) {
  const init = Array.isArray(entries) ? { body: new URLSearchParams(entries) } : entries;
  const context = new RouterContextProvider();
  context.set(siteServicesContext, services);
  context.set(requestInfoContext, {
    nonce: "",
    countSubmission: async () => null,
    logError: () => {},
    ...info,
  });
  const answer = (await siteFormAction({
    request: new Request("https://example.ng/social-media", { method: "POST", ...init }),
    context,
    params: {},
    unstable_pattern: "/social-media",
  } as unknown as Parameters<typeof siteFormAction>[0])) as unknown as {
    data: FormResult;
    init: ResponseInit | null;
  };
  return { result: answer.data, status: answer.init?.status ?? 200 };
}

const serviceForm: [string, string][] = [
  ["intent", "service-form"],
  ["kind", "service"],
  ["serviceType", "Social Media Marketing"],
  ["companyName", "Obi Foods"],
  ["name", "Chidi Obi"],
  ["email", "chidi@example.com"],
  ["phoneNumber", "8031234567"],
];

describe("siteFormAction", () => {
  it("counts each form against its per-IP limit and, over it, stores nothing and answers 429", async () => {
    const { services, enquiries } = servicesThatRecord();
    const counted: string[] = [];
    const refuse = {
      countSubmission: async (limit: string) => {
        counted.push(limit);
        return 42;
      },
    };
    const enquiry = await post(services, [...serviceForm, ["options", "Paid Promotions"]], refuse);
    expect(enquiry.status).toBe(429);
    expect(enquiry.result).toMatchObject({
      intent: "service-form",
      ok: false,
      message: "Too many requests. Please try again in 42 seconds.",
    });
    const newsletter = await post(
      services,
      [
        ["intent", "newsletter"],
        ["kind", "newsletter"],
        ["email", "ada@example.com"],
      ],
      refuse,
    );
    expect(newsletter.status).toBe(429);
    expect(counted).toEqual(["enquiry", "newsletter"]);
    expect(enquiries).toEqual([]);
  });

  it("answers 400, not a server error, for a body that is not a form", async () => {
    const { services } = servicesThatRecord();
    for (const init of [
      {},
      { body: "hello", headers: { "content-type": "text/plain" } },
      { body: "--x\r\nbroken", headers: { "content-type": "multipart/form-data; boundary=x" } },
      { body: "a=1", headers: { "content-type": "multipart/form-data" } },
    ]) {
      const { result, status } = await post(services, init);
      expect(status).toBe(400);
      expect(result.ok).toBe(false);
    }
  });

  it("stores a valid service enquiry and answers the success message for that form", async () => {
    const { services, enquiries } = servicesThatRecord();
    const { result, status } = await post(services, [
      ...serviceForm,
      ["options", "Paid Promotions"],
      ["options", "Performance Tracking"],
    ]);
    expect(status).toBe(200);
    expect(result).toEqual({
      intent: "service-form",
      ok: true,
      message: "Form submitted successfully!",
    });
    expect(enquiries).toEqual([
      expect.objectContaining({
        companyName: "Obi Foods",
        email: "chidi@example.com",
        phoneNumber: "+2348031234567",
        options: ["Paid Promotions", "Performance Tracking"],
        serviceType: "Social Media Marketing",
      }),
    ]);
  });

  it("refuses with the spec's message, gives each field its own and gives back what was typed", async () => {
    const { services, enquiries } = servicesThatRecord();
    const { result, status } = await post(services, serviceForm);
    expect(status).toBe(400);
    expect(result).toMatchObject({
      intent: "service-form",
      ok: false,
      message: "Please select at least one option.",
      fields: { options: "Please select at least one option." },
      values: { companyName: "Obi Foods", name: "Chidi Obi", phoneNumber: "8031234567" },
    });
    expect(enquiries).toEqual([]);
  });

  it("puts required before the e-mail rule", async () => {
    const { services } = servicesThatRecord();
    const { result } = await post(services, [
      ["intent", "home"],
      ["kind", "home"],
      ["email", "not-an-email"],
    ]);
    expect(result).toMatchObject({
      message: "Please fill in all required fields.",
      fields: {
        name: "Please fill in all required fields.",
        email: "Please enter a valid email address.",
      },
    });
  });

  it("answers the failure message with the input kept when storing fails", async () => {
    const { services } = servicesThatRecord({ failing: true });
    const { result, status } = await post(services, [
      ["intent", "home"],
      ["kind", "home"],
      ["name", "Ada"],
      ["email", "ada@example.com"],
      ["textarea", "Hello"],
    ]);
    expect(status).toBe(500);
    expect(result).toMatchObject({
      ok: false,
      message: "An error occurred. Please try again later.",
      values: { name: "Ada", textarea: "Hello" },
    });
  });

  it("refuses a form it does not know", async () => {
    const { services } = servicesThatRecord();
    const { status, result } = await post(services, [
      ["intent", "x"],
      ["kind", "admin"],
    ]);
    expect(status).toBe(400);
    expect(result.ok).toBe(false);
  });

  it("subscribes to the newsletter with the page as the source; asks to confirm when mailed", async () => {
    const { services, signups } = servicesThatRecord();
    const fields: [string, string][] = [
      ["intent", "insights"],
      ["kind", "newsletter"],
      ["email", "Reader@Example.com"],
      ["source", "/blog"],
    ];
    expect(await post(services, fields)).toEqual({
      status: 200,
      result: { intent: "insights", ok: true, message: newsletterMessages.subscribed },
    });
    // Without a source field, the page the form was posted to.
    await post(services, fields.slice(0, 3));
    expect(signups).toEqual([
      { email: "reader@example.com", source: "/blog" },
      { email: "reader@example.com", source: "/social-media" },
    ]);
    const mailed = await post(servicesThatRecord({ pending: true }).services, fields);
    expect(mailed.status).toBe(200);
    expect(mailed.result.message).toBe(newsletterMessages.checkInbox);
    const bad = await post(services, [
      ["intent", "newsletter"],
      ["kind", "newsletter"],
      ["email", "reader@"],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.result).toMatchObject({
      message: "Please enter a valid email address.",
      fields: { email: "Please enter a valid email address." },
      values: { email: "reader@" },
    });
  });
});
