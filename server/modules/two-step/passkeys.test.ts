import { describe, expect, it } from "vitest";
import { passkeysAvailableAt } from "./passkeys.ts";

describe("passkeysAvailableAt", () => {
  it("is true for a domain name (localhost too) and false for an IP address", () => {
    expect(passkeysAvailableAt("https://agency.example")).toBe(true);
    expect(passkeysAvailableAt("http://localhost:3000")).toBe(true);
    expect(passkeysAvailableAt("http://127.0.0.1:3000")).toBe(false);
    expect(passkeysAvailableAt("http://[::1]:3000")).toBe(false);
    expect(passkeysAvailableAt("https://203.0.113.7")).toBe(false);
  });
});
