import { describe, expect, it } from "vitest";
import { loggedUrl } from "./request-log.ts";

describe("loggedUrl", () => {
  it("keeps the place of a link with a secret in its path, never the secret", () => {
    expect(loggedUrl("/blog/preview/AbC-_x")).toBe("/blog/preview/…");
    expect(loggedUrl("/newsletter/confirm/0f.AbC_x?x=1")).toBe("/newsletter/confirm/…?x=1");
    expect(loggedUrl("/Newsletter/Unsubscribe/0f.AbC")).toBe("/newsletter/unsubscribe/…");
    expect(loggedUrl("/newsletter/confirm/0f.AbC.data")).toBe("/newsletter/confirm/…");
    expect(loggedUrl("/blog?token=abc")).toBe("/blog?token=…");
  });
});
