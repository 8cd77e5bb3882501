import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import {
  getEnquiryNotification,
  getEnquirySummary,
  listEnquiries,
  notificationText,
  setEnquiryStatus,
} from "./enquiries.ts";

const enquiry = {
  _id: "e1",
  companyName: "",
  name: "Ada",
  email: "ada@example.com",
  phoneNumber: "",
  options: [],
  serviceType: "contact",
  message: "",
  package: "",
  instagram: "",
  website: "",
  date: "",
  status: "new",
  createdAt: "2026-11-20T09:00:00.000Z",
  updatedAt: "2026-11-20T09:00:00.000Z",
};

function answer(body: unknown, headers: Record<string, string> = {}) {
  const stub = vi.fn<typeof fetch>(async () => Response.json(body, { headers }));
  vi.stubGlobal("fetch", stub);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe("enquiries", () => {
  it("asks for one page of a filter and reads the total from X-Total-Count", async () => {
    const fetch = answer([enquiry], { "x-total-count": "41" });
    await expect(
      listEnquiries({ filter: "q=ada&status=new", page: 2, pageSize: 25 }),
    ).resolves.toEqual({ items: [enquiry], total: 41 });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/contact/?q=ada&status=new&page=2&pageSize=25");
  });

  it("reports a malformed answer as an error", async () => {
    answer([{ ...enquiry, status: "archived" }]);
    await expect(listEnquiries({ page: 1, pageSize: 25 })).rejects.toBeInstanceOf(ZodError);
    answer({ new: 1, total: 1 });
    await expect(getEnquirySummary()).rejects.toBeInstanceOf(ZodError);
    answer({ ok: true });
    await expect(setEnquiryStatus("e1", "read")).rejects.toBeInstanceOf(ZodError);
  });

  it("passes on a well-formed summary", async () => {
    const summary = { new: 1, read: 2, replied: 0, spam: 3, total: 3, serviceTypes: ["contact"] };
    answer(summary);
    await expect(getEnquirySummary()).resolves.toEqual(summary);
  });
});

describe("the notification state of an enquiry", () => {
  const none = { at: null, nextAttemptAt: null, attempts: 0, lastError: null };

  it("asks for it by the enquiry's id and checks the answer", async () => {
    const fetch = answer({ ...none, state: "none" });
    await expect(getEnquiryNotification("e/1")).resolves.toEqual({ ...none, state: "none" });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/contact/e%2F1/notification");
    answer({ ...none, state: "lost" });
    await expect(getEnquiryNotification("e1")).rejects.toBeInstanceOf(ZodError);
  });

  it("says it in words, times in Lagos", () => {
    expect(
      notificationText({ ...none, state: "sent", at: "2026-11-21T14:04:00.000Z", attempts: 1 }),
    ).toBe("Notified: Nov 21, 2026, 3:04 PM");
    expect(
      notificationText({
        ...none,
        state: "pending",
        attempts: 2,
        lastError: "connect ECONNREFUSED 127.0.0.1:25",
        nextAttemptAt: "2026-11-21T14:05:00.000Z",
      }),
    ).toBe("Not notified yet: connect ECONNREFUSED 127.0.0.1:25. Next try Nov 21, 2026, 3:05 PM.");
    expect(
      notificationText({ ...none, state: "pending", nextAttemptAt: "2026-11-21T14:05:00Z" }),
    ).toBe("Not notified yet: sending now.");
    expect(
      notificationText({
        ...none,
        state: "given-up",
        at: "2026-11-24T14:05:00.000Z",
        attempts: 80,
        lastError: "Invalid login",
      }),
    ).toBe("Not notified: gave up Nov 24, 2026, 3:05 PM after 80 tries. Last error: Invalid login");
    expect(notificationText({ ...none, state: "not-configured" })).toBe(
      "Mail is not configured: no notification e-mail is sent.",
    );
  });
});
