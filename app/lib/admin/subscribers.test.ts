import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { deleteSubscriber, listSubscribers } from "./subscribers.ts";

function answer(body: unknown) {
  const stub = vi.fn<typeof fetch>(async () => Response.json(body));
  vi.stubGlobal("fetch", stub);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe("subscribers", () => {
  it("searches by address and passes on a well-formed list", async () => {
    const subscriber = { _id: "s1", email: "a+b@example.com", date: "2026-11-20T09:00:00.000Z" };
    const fetch = answer([subscriber]);
    await expect(listSubscribers("a+b")).resolves.toEqual([subscriber]);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/newsletter?q=a%2Bb");
  });

  it("reports a malformed answer as an error", async () => {
    answer([{ _id: "s1", email: "a@example.com" }]);
    await expect(listSubscribers()).rejects.toBeInstanceOf(ZodError);
    answer({ success: false });
    await expect(deleteSubscriber("s1")).rejects.toBeInstanceOf(ZodError);
  });
});
