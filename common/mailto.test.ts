import { describe, expect, it } from "vitest";
import { mailtoHref } from "./mailto.ts";

describe("mailtoHref", () => {
  it("links one address, whatever it holds, and encodes the subject", () => {
    expect(mailtoHref("ada@example.com")).toBe("mailto:ada@example.com");
    expect(mailtoHref("ada@example.com", { subject: "Re: hi & bye" })).toBe(
      "mailto:ada@example.com?subject=Re%3A%20hi%20%26%20bye",
    );
    const hostile = new URL(mailtoHref("a@b.c?bcc=evil@x.y&subject=Won", { subject: "Re" }));
    // One recipient, one header: the address's own ? and & are its text.
    expect([...hostile.searchParams.keys()]).toEqual(["subject"]);
    expect(hostile.pathname).toBe("a%40b.c%3Fbcc%3Devil@x.y%26subject%3DWon");
    expect(mailtoHref("a,b%0a@c.d")).toBe("mailto:a%2Cb%250a@c.d");
    expect(mailtoHref("dèlé@example.ng")).toBe("mailto:d%C3%A8l%C3%A9@example.ng");
  });
});
