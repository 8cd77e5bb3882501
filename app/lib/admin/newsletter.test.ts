import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { ApiError } from "../admin-api.ts";
import {
  getNewsletterSend,
  getNewsletterSettings,
  sendCounts,
  sendNewsletterTest,
  startNewsletterSend,
} from "./newsletter.ts";

function answer(body: unknown, init: ResponseInit = {}) {
  const stub = vi.fn<typeof fetch>(async () => Response.json(body, init));
  vi.stubGlobal("fetch", stub);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

const send = {
  _id: "n1",
  postId: null,
  subject: "November insights",
  previewText: "",
  state: "sending",
  total: 6,
  sent: 3,
  failed: 1,
  waiting: 2,
  dueAt: "2026-11-27T09:00:00.000Z",
  createdAt: "2026-11-27T09:00:00.000Z",
  finishedAt: null,
};

describe("newsletter", () => {
  it("reads the settings and a send, checked with the shared schemas", async () => {
    const settings = { ratePerMinute: 600, doubleOptIn: false, canSend: false, audience: 3 };
    const fetch = answer(settings);
    await expect(getNewsletterSettings()).resolves.toEqual(settings);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/admin/newsletter/settings");
    answer(send);
    await expect(getNewsletterSend("n1")).resolves.toEqual(send);
    answer({ ...send, state: "queued" });
    await expect(getNewsletterSend("n1")).rejects.toBeInstanceOf(ZodError);
  });

  it("posts the message, and passes on the server's reason when it refuses", async () => {
    const fetch = answer({ _id: "n2" }, { status: 202 });
    await expect(startNewsletterSend({ postId: "p1" })).resolves.toBe("n2");
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ postId: "p1" }));
    answer({ error: "Sending needs mail: set SMTP_URL." }, { status: 409 });
    await expect(startNewsletterSend({ postId: "p1" })).rejects.toEqual(
      new ApiError(409, "Sending needs mail: set SMTP_URL."),
    );
    answer({ error: "550 mailbox unavailable" }, { status: 502 });
    await expect(
      sendNewsletterTest("a@example.com", { subject: "Hi", body: "Hello" }),
    ).rejects.toThrow("550 mailbox unavailable");
  });

  it("says how far a send got in words", () => {
    expect(sendCounts(send)).toBe("3 sent, 1 failed, 2 waiting, of 6");
  });
});
