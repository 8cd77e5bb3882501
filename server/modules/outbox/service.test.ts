import { describe, expect, it } from "vitest";
import { errorText, retryDelayMs } from "./service.ts";

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
