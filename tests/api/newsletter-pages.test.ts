import { beforeAll, describe, expect, inject, it } from "vitest";
import { linkToken } from "../../server/modules/newsletter/links.ts";
import { useTestApp } from "./helpers.ts";

// The pages of a subscriber's links (issue 32, decision 0036) on the real build: opening a
// link changes nothing, the page's button (a form POST) acts, and a mail client's RFC 8058
// one-click POST, without cookies or JavaScript headers, unsubscribes with a 200.

describe("newsletter link pages", () => {
  const t = useTestApp({}, () => ({ web: true, buildDirectory: inject("buildDir") }));
  let id: string;
  beforeAll(async () => {
    ({
      subscriber: { _id: id },
    } = await t.app.services.newsletter.subscribe({ email: "pages@example.com" }));
  });

  const status = async () =>
    (
      await t.app.services.database.db
        .selectFrom("newsletter_subscribers")
        .select(["status", "confirm_nonce"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).status;
  const setPending = (nonce: string) =>
    t.app.services.database.db
      .updateTable("newsletter_subscribers")
      .set({
        status: "pending",
        confirm_nonce: nonce,
        confirm_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .where("id", "=", id)
      .execute();
  const form = (url: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });

  it("confirm: GET shows the button and changes nothing; the POST confirms once", async () => {
    await setPending("nonce-1");
    const url = `/newsletter/confirm/${linkToken(t.config.tokenSecret, "confirm", id, "nonce-1")}`;
    const page = await t.app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toMatch(/noindex/);
    expect(page.body).toContain("Confirm subscription</button>");
    expect(await status()).toBe("pending");
    const confirmed = await form(url);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("You’re subscribed. Thank you!");
    expect(await status()).toBe("confirmed");
    const used = await form(url);
    expect(used.statusCode).toBe(404);
    expect(used.body).toContain("This link has expired or was already used.");
    const bad = await t.app.inject({ method: "GET", url: `/newsletter/confirm/${id}.nope` });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain("This link has expired or was already used.");
    expect(bad.body).not.toContain("pages@example.com");
  });

  it("unsubscribe: GET shows the button; a one-click POST answers 200 and unsubscribes", async () => {
    const url = `/newsletter/unsubscribe/${linkToken(t.config.tokenSecret, "unsubscribe", id)}`;
    const page = await t.app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Unsubscribe</button>");
    expect(await status()).toBe("confirmed");
    const oneClick = await form(url);
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain("You’re unsubscribed. You won’t get our newsletter any more.");
    expect(await status()).toBe("unsubscribed");
    expect((await form(url)).statusCode).toBe(200);
    const bad = await form(`/newsletter/unsubscribe/${id}.nope`);
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain("This unsubscribe link is not valid.");
  });
});
