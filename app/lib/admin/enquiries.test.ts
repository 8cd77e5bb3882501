import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { getEnquirySummary, listEnquiries, setEnquiryStatus } from "./enquiries.ts";

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
