import { createSecretKey, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { agentOf, browserFamily, truncatedAddress, visitorKey } from "./visitor-key.ts";

describe("truncatedAddress", () => {
  it("keeps an IPv4 /24, an IPv6 /48 and an IPv4-mapped address as IPv4", () => {
    expect(truncatedAddress("203.0.113.57")).toBe("203.0.113");
    expect(truncatedAddress("2001:db8:1::5")).toBe("2001:db8:1");
    expect(truncatedAddress("2001:0db8:0001:ffff:0:0:0:9")).toBe("2001:db8:1");
    expect(truncatedAddress("2001:db8::1")).toBe("2001:db8:0");
    expect(truncatedAddress("::1")).toBe("0:0:0");
    expect(truncatedAddress("fe80::1%eth0")).toBe("fe80:0:0");
    expect(truncatedAddress("::ffff:198.51.100.200")).toBe("198.51.100");
    expect(truncatedAddress("::ffff:c633:64c8")).toBe("198.51.100");
    expect(truncatedAddress("not an address")).toBe("");
  });
});

describe("browserFamily", () => {
  const chrome =
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
  it.each([
    [chrome, "Chrome"],
    [`${chrome} Edg/131.0.0.0`, "Edge"],
    [`${chrome} OPR/85.0.0.0`, "Opera"],
    [
      "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      "Samsung Internet",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      "Chrome",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
      "Safari",
    ],
    ["curl-like/1.0", "Other"],
  ])("%s is %s", (userAgent, family) => {
    expect(browserFamily(userAgent)).toBe(family);
  });

  it("calls bots, missing and oversized User-Agents bots", () => {
    expect(
      agentOf("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
    ).toEqual({ bot: true });
    expect(agentOf(undefined)).toEqual({ bot: true });
    expect(agentOf(`${chrome} ${"x".repeat(1000)}`)).toEqual({ bot: true });
    expect(agentOf(chrome)).toEqual({ bot: false, family: "Chrome" });
  });
});

describe("visitorKey", () => {
  it("is the same within a network and family under one salt, different under another", () => {
    const salt = createSecretKey(randomBytes(32));
    const key = visitorKey(salt, "203.0.113.5", "Chrome");
    expect(key).toHaveLength(16);
    expect(visitorKey(salt, "203.0.113.200", "Chrome")).toBe(key);
    expect(visitorKey(salt, "203.0.114.5", "Chrome")).not.toBe(key);
    expect(visitorKey(salt, "203.0.113.5", "Firefox")).not.toBe(key);
    expect(visitorKey(createSecretKey(randomBytes(32)), "203.0.113.5", "Chrome")).not.toBe(key);
  });
});
