import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { deleteSubscriber, listSubscribers } from "./subscribers.ts";

function answer(body: unknown, init: ResponseInit = {}) {
  const stub = vi.fn<typeof fetch>(async () => Response.json(body, init));
  vi.stubGlobal("fetch", stub);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe("subscribers", () => {
  it("asks for one page, searching by address, and passes on a well-formed page with its total", async () => {
    const subscriber = {
      _id: "s1",
      email: "a+b@example.com",
      date: "2026-11-20T09:00:00.000Z",
      status: "pending",
      statusAt: "2026-11-20T09:00:00.000Z",
      consentAt: null,
      consentSource: null,
      consentText: null,
    };
    const fetch = answer([subscriber], { headers: { "x-total-count": "26" } });
    await expect(listSubscribers({ q: "a+b", page: 2, pageSize: 25 })).resolves.toEqual({
      items: [subscriber],
      total: 26,
    });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/newsletter?q=a%2Bb&page=2&pageSize=25");
  });

  it("asks for one status when the list is filtered by it", async () => {
    const fetch = answer([], { headers: { "x-total-count": "0" } });
    await listSubscribers({ q: "ada", status: "confirmed", page: 1, pageSize: 25 });
    expect(fetch.mock.calls[0]?.[0]).toBe(
      "/api/newsletter?q=ada&status=confirmed&page=1&pageSize=25",
    );
  });

  it("leaves out an empty search", async () => {
    const fetch = answer([], { headers: { "x-total-count": "0" } });
    await expect(listSubscribers({ q: "", page: 1, pageSize: 50 })).resolves.toEqual({
      items: [],
      total: 0,
    });
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/newsletter?page=1&pageSize=50");
  });

  it("reports a malformed answer as an error", async () => {
    answer([{ _id: "s1", email: "a@example.com" }]);
    await expect(listSubscribers({ page: 1, pageSize: 25 })).rejects.toBeInstanceOf(ZodError);
    answer({ success: false });
    await expect(deleteSubscriber("s1")).rejects.toBeInstanceOf(ZodError);
  });
});
