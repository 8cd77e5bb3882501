import { expect, it, onTestFinished } from "vitest";
import { startMailServer } from "../support/mail-server.ts";
import {
  PASSWORD,
  saveMailSettings,
  settingsOf,
  startAuthServer,
  testMail,
} from "../support/smtp-settings.ts";
import { createTestApp, sameDatabase, waitFor } from "./helpers.ts";

// Two instances on one PostgreSQL schema (issue 50, item 2): a mail server saved on one is
// used by the other from its next mail on, without a restart (the change relay tells it).
// PostgreSQL only (the SQLite project leaves postgres-*.test.ts out).

it("a save on one instance switches the other's mail server", { timeout: 30_000 }, async () => {
  const a = await createTestApp({ PUBLIC_ORIGIN: "https://agency.test" });
  // The instances of one site share the token secret (the password's key comes from it).
  const b = await createTestApp({
    ...sameDatabase(a),
    TOKEN_SECRET: a.config.tokenSecret,
    PUBLIC_ORIGIN: "https://agency.test",
  });
  const first = await startMailServer();
  onTestFinished(() => first.close());
  const second = await startAuthServer("mailer", PASSWORD);
  const headers = await a.adminHeaders();
  const onB = await b.adminHeaders();
  const portOnB = async () => b.app.services.mailSettings.current().status.port;

  await saveMailSettings(a, headers, settingsOf(first.port));
  await waitFor(portOnB, (port) => port === first.port, 10_000);
  expect((await testMail(b, onB, "first@example.com")).body.accepted).toBe(true);
  expect(first.inbox.map((mail) => mail.rcptTo)).toEqual([["first@example.com"]]);

  await saveMailSettings(
    a,
    headers,
    settingsOf(second.port, { user: "mailer", password: PASSWORD }),
  );
  await waitFor(portOnB, (port) => port === second.port, 10_000);
  const test = await testMail(b, onB, "from-b@example.com");
  expect(test.body).toMatchObject({ accepted: true, error: null });
  expect(test.body.response).toMatch(/^250 /);
  expect(second.received).toEqual(["from-b@example.com"]);
  expect(first.inbox).toHaveLength(1);
});
