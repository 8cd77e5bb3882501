import { describe, expect, it } from "vitest";
import { useMailServer } from "../support/mail-server.ts";
import { call, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// Issue 46, items 12 and "also seen": after an e-mail change the old address is told, and
// both mails name the agency as the Site identity screen stores it, not the built-in name.

const AGENCY = "Harmattan Creative Co";

describe("the mails of an e-mail change", () => {
  const smtp = useMailServer();
  const t = useTestApp(() => ({ ...smtp.env(), PUBLIC_ORIGIN: "https://agency.test" }));

  it("confirms the new address and then tells the old one, naming the stored agency", async () => {
    await t.app.services.identity.save({
      ...(await t.app.services.identity.get()),
      name: AGENCY,
    });
    const old = "tunde@example.com";
    await t.app.services.admins.create(old, TEST_PASSWORD);
    const login = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: old, password: TEST_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.body.token}` };
    const start = smtp.inbox.length;
    const asked = await call(t.app, {
      method: "POST",
      url: "/api/auth/email",
      headers,
      payload: { email: "tunde.new@example.com", currentPassword: TEST_PASSWORD },
    });
    expect(asked.body).toEqual({ changed: false, email: "tunde.new@example.com" });
    await smtp.received(start + 1);
    const confirmation = smtp.inbox[start]!;
    expect(confirmation.rcptTo).toEqual(["tunde.new@example.com"]);
    expect(confirmation.mail.subject).toBe(
      `${AGENCY} back office: confirm your new e-mail address`,
    );
    expect(confirmation.mail.text).toContain(`for their ${AGENCY} back office account`);
    expect(confirmation.mail.text).not.toContain("Brightlane");
    // Nothing goes to the old address before the change is made.
    expect(smtp.inbox.slice(start).some((item) => item.rcptTo.includes(old))).toBe(false);

    const token = /confirm-email#token=([\w-]+)/.exec(confirmation.mail.text ?? "")![1]!;
    const confirmed = await call(t.app, {
      method: "POST",
      url: "/api/auth/confirm-email",
      payload: { token },
    });
    expect(confirmed.status).toBe(200);
    await smtp.received(start + 2);
    const notice = smtp.inbox[start + 1]!;
    expect(notice.rcptTo).toEqual([old]);
    expect(notice.mail.subject).toBe(`${AGENCY} back office: your e-mail address was changed`);
    expect(notice.mail.text).toContain(
      `The e-mail address of your ${AGENCY} back office account was changed from ${old} to tunde.new@example.com`,
    );
    expect(notice.mail.text).toContain(`tell an owner of the ${AGENCY} back office`);
    expect(notice.mail.text).not.toContain("Brightlane");
    expect(notice.mail.text).not.toContain(token);
  });
});
