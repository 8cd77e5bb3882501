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

  it("keeps no secret of a mistyped link either (issue 46)", () => {
    expect(loggedUrl("/blog/preview%2FAbC-_x")).toBe("/blog/preview/…");
    expect(loggedUrl("/blog/preview;AbC?utm_source=x")).toBe("/blog/preview/…?utm_source=x");
    expect(loggedUrl("/blog/previewAbC")).toBe("/blog/preview/…");
    expect(loggedUrl("/newsletter/confirm%3B0f.AbC")).toBe("/newsletter/confirm/…");
    expect(loggedUrl("/blog/preview")).toBe("/blog/preview");
    expect(loggedUrl("/blog/a-post")).toBe("/blog/a-post");
  });
});
