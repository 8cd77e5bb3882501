import { SMTPServer } from "smtp-server";
import { onTestFinished } from "vitest";
import type { SmtpSettingsView, TestMailResult } from "../../common/schemas/mail.ts";
import { call, type TestApp } from "../api/helpers.ts";
import { freePort } from "./free-port.ts";

// The Mail screen's mail server in API tests (issue 50): a save, a test message, and a real
// SMTP server that wants a password.

export const PASSWORD = "s3cret-smtp-Pa55";

export const settingsOf = (port: number, extra: Record<string, unknown> = {}) => ({
  host: "127.0.0.1",
  port,
  security: "none",
  user: "",
  from: "website@agency.test",
  notifyTo: "sales@agency.test",
  ...extra,
});

export const saveMailSettings = (t: TestApp, headers: Record<string, string>, payload: unknown) =>
  call<SmtpSettingsView & { error?: string }>(t.app, {
    method: "PUT",
    url: "/api/mail/settings",
    headers,
    payload: payload as Record<string, unknown>,
  });

export const testMail = (t: TestApp, headers: Record<string, string>, to = "check@example.com") =>
  call<TestMailResult>(t.app, { method: "POST", url: "/api/mail/test", headers, payload: { to } });

/** A real SMTP server that wants a user name and password (AUTH PLAIN or LOGIN). */
export async function startAuthServer(user: string, password: string) {
  const port = await freePort();
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) {
        return callback(null, { user: auth.username });
      }
      callback(Object.assign(new Error("Authentication failed"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, received };
}
