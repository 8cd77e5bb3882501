import { describe, expect, it } from "vitest";
import type { OutboxRow } from "./repository.ts";
import { errorText, retryDelayMs, senderByKind } from "./service.ts";

describe("retryDelayMs", () => {
  it("doubles from 15 s and stops at an hour", () => {
    expect([1, 2, 3, 4, 8, 9, 10, 500].map((n) => retryDelayMs(n) / 1000)).toEqual([
      15, 30, 60, 120, 1920, 3600, 3600, 3600,
    ]);
  });
});

describe("errorText", () => {
  it("keeps one short line without the password of a URL", () => {
    const error = new Error("Invalid login\n  at smtp://ops:hunter2@mail.example.com:587 (535)");
    expect(errorText(error)).toBe("Invalid login at smtp://mail.example.com:587 (535)");
    const long = errorText(new Error("x".repeat(500)));
    expect(long).toHaveLength(200);
    expect(long.endsWith("…")).toBe(true);
    expect(errorText("")).toBe("Unknown error");
    expect(errorText({ message: "ECONNREFUSED" })).toBe("ECONNREFUSED");
  });
});

describe("senderByKind", () => {
  it("hands a row to its kind's sender, any other kind to the enquiries' one", async () => {
    const seen: string[] = [];
    const sender = senderByKind(
      {
        traffic_report: async (row) => {
          seen.push(`report ${row.subject_id}`);
          return "gone";
        },
      },
      async (row) => {
        seen.push(`enquiry ${row.subject_id}`);
        return "sent";
      },
    );
    const row = (kind: string, subject_id: string) => ({ kind, subject_id }) as OutboxRow;
    const signal = new AbortController().signal;
    expect(await sender(row("traffic_report", "a/2026-11-23"), signal)).toBe("gone");
    expect(await sender(row("enquiry_received", "e1"), signal)).toBe("sent");
    expect(await sender(row("toString", "e2"), signal)).toBe("sent");
    expect(seen).toEqual(["report a/2026-11-23", "enquiry e1", "enquiry e2"]);
  });
});
