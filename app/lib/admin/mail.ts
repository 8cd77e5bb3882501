// The back office's calls of the owner's Mail screen (issue 29), each answer checked with
// the shared schemas (common/schemas/mail.ts).
import {
  autoReplySchema,
  mailOverviewSchema,
  smtpSettingsViewSchema,
  testMailResultSchema,
  type AutoReply,
  type MailOverview,
  type SmtpSettings,
  type SmtpSettingsView,
  type TestMailResult,
} from "../../../common/schemas/mail.ts";
import { api } from "../admin-api.ts";

export type { AutoReply, MailOverview, SmtpSettings, SmtpSettingsView, TestMailResult };

/** PUT /api/mail/settings: answers the saved mail server (never the password). */
export async function saveMailSettings(settings: SmtpSettings): Promise<SmtpSettingsView> {
  return smtpSettingsViewSchema.parse(
    await api<unknown>("/mail/settings", { method: "PUT", json: settings }),
  );
}

/** GET /api/mail: whether mail is set up, the auto-reply and the failed mails. */
export async function getMail(): Promise<MailOverview> {
  return mailOverviewSchema.parse(await api<unknown>("/mail"));
}

/** POST /api/mail/test: whether the mail server took the test message. */
export async function sendTestMail(to: string): Promise<TestMailResult> {
  return testMailResultSchema.parse(
    await api<unknown>("/mail/test", { method: "POST", json: { to } }),
  );
}

/** PUT /api/mail/auto-reply: answers the saved auto-reply. */
export async function saveAutoReply(reply: AutoReply): Promise<AutoReply> {
  return autoReplySchema.parse(
    await api<unknown>("/mail/auto-reply", { method: "PUT", json: reply }),
  );
}
