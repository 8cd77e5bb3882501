import type { FastifyBaseLogger } from "fastify";
import type Mail from "nodemailer/lib/mailer";
import { enquiryFieldShown, MAIL_FIELDS } from "../../common/enquiry-fields.ts";
import { defaultIdentity } from "../../common/identity.ts";
import { sourceKey, sourceName } from "../../common/lead-source.ts";
import { AGENCY_TIME_ZONE, AGENCY_TIME_ZONE_NAME } from "../../common/time-zone.ts";
import type { Enquiry } from "../../common/schemas/enquiry.ts";
import type { Config } from "../config.ts";
import { environmentMailSource, transportOf, type MailSource } from "./mailer.ts";
import {
  createSilentNotifier,
  type AccountLink,
  type AccountLock,
  type NewFactor,
  type NewSignIn,
  type Notifier,
  type StaffInvitation,
} from "./notifier.ts";
import { escapeMarkup } from "../../common/markup.ts";

const agencyTime = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/**
 * The fields the visitor filled in, labelled, in the order of the field registry (the
 * service type first); blanks left out.
 */
function enquiryMailFields(enquiry: Enquiry): [string, string][] {
  const [first, ...rest] = MAIL_FIELDS.map((field): [string, string] => [
    field.mail as string,
    enquiryFieldShown(field, enquiry, ", "),
  ]);
  // Where the lead came from, under the service type: its source and its campaign.
  const source: [string, string][] = [
    ["Source", sourceName(sourceKey(enquiry.source ?? {}))],
    ["Campaign", enquiry.source?.utmCampaign ?? ""],
  ];
  return [...(first ? [first] : []), ...source, ...rest].filter(([, value]) => value !== "");
}

const intro = (agency: string) => `A new enquiry arrived on ${agency}’s website.`;
const received = (enquiry: Enquiry) =>
  `${agencyTime.format(new Date(enquiry.createdAt))} (${AGENCY_TIME_ZONE_NAME})`;
const inboxUrl = (enquiry: Enquiry, origin: string) => `${origin}/admin/enquiries/${enquiry._id}`;

/** The plain-text body of the notification: every field the visitor filled in. */
export function enquiryMailText(
  enquiry: Enquiry,
  origin: string,
  agency: string = defaultIdentity.name,
): string {
  return [
    intro(agency),
    "",
    ...enquiryMailFields(enquiry).map(([label, value]) => `${label}: ${value}`),
    "",
    `Received: ${received(enquiry)}`,
    `Open in the inbox: ${inboxUrl(enquiry, origin)}`,
  ].join("\n");
}

/** The HTML body: the same fields as a table, every value escaped, line breaks kept. */
export function enquiryMailHtml(
  enquiry: Enquiry,
  origin: string,
  agency: string = defaultIdentity.name,
): string {
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeMarkup(label)}</th>` +
    `<td style="padding:4px 0;white-space:pre-wrap">${escapeMarkup(value)}</td></tr>`;
  const url = escapeMarkup(inboxUrl(enquiry, origin));
  return [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2333">`,
    `<p>${escapeMarkup(intro(agency))}</p>`,
    `<table>${enquiryMailFields(enquiry)
      .map(([label, value]) => row(label, value))
      .join("")}${row("Received", received(enquiry))}</table>`,
    `<p><a href="${url}">Open in the inbox</a></p>`,
    `</body></html>`,
  ].join("");
}

/** The Message-ID of an enquiry's notification mail: the thread a reply from the inbox joins. */
export function enquiryMessageId(enquiryId: string, origin: string): string {
  return `<enquiry-${enquiryId}@${new URL(origin).hostname}>`;
}

/** The subject line, e.g. "New enquiry: Social Media Marketing from Ada Obi". */
export function enquiryMailSubject(enquiry: Enquiry): string {
  const subject = `New enquiry: ${enquiry.serviceType || "Website"} from ${enquiry.name}`;
  // A header must not carry line breaks from visitor input.
  return subject.replace(/[\r\n]+/g, " ").slice(0, 200);
}

/** The subject of the lock notice; nothing in it comes from a visitor. */
export function accountLockedMailSubject(
  lock: AccountLock,
  agency: string = defaultIdentity.name,
): string {
  return `${agency} back office: sign-in locked after ${lock.failures} failed attempts`;
}

/** The plain-text notice to an admin whose sign-in is locked: what, until when, what to do. */
export function accountLockedMailText(
  lock: AccountLock,
  agency: string = defaultIdentity.name,
): string {
  const from = lock.addresses === 1 ? "one IP address" : `${lock.addresses} different IP addresses`;
  // One line per paragraph: mail programs wrap them to the reader's window.
  return [
    `Someone tried to sign in to the ${agency} back office as ${lock.email} and got the password wrong ${lock.failures} times within an hour, from ${from}.`,
    `To stop the guessing, sign-in as ${lock.email} is locked until ${agencyTime.format(lock.until)} (${AGENCY_TIME_ZONE_NAME}), even with the right password. It opens again by itself then, unless the failures go on.`,
    "If it was you, just wait until then.",
    "If it wasn't you, someone may be trying to guess your password. Choose a new one by running this on the server (a new password also signs out every session of the account):",
    `    npm run admin -- reset-password --email ${lock.email}`,
    "You get this mail at most once an hour.",
  ].join("\n\n");
}

/** The subject of the new-device notice; nothing in it comes from the browser. */
export function newSignInMailSubject(agency: string = defaultIdentity.name): string {
  return `New sign-in to your ${agency} account`;
}

/** What a sign-in says about itself, one line each; the User-Agent's words are cut short. */
const deviceLine = (value: string, unknown: string) =>
  value.replace(/[\r\n]+/g, " ").slice(0, 100) || unknown;

/** Where an act came from and when, one line each: the new-device and new-factor notices. */
const whereAndWhen = (from: { browser: string; os: string; network: string; at: Date }) =>
  [
    `Browser: ${deviceLine(from.browser, "Unknown browser")}`,
    `System: ${deviceLine(from.os, "Unknown system")}`,
    `Network: ${deviceLine(from.network, "Unknown network")}`,
    `Time: ${agencyTime.format(from.at)} (${AGENCY_TIME_ZONE_NAME})`,
  ].join("\n");

/**
 * The plain-text notice of a sign-in from a device the account had not used: browser,
 * system, network and time, and what to do if it was not the person.
 */
export function newSignInMailText(
  signIn: NewSignIn,
  origin: string,
  agency: string = defaultIdentity.name,
): string {
  return [
    `Someone signed in to the ${agency} back office as ${signIn.email} from a browser or network the account had not used before.`,
    whereAndWhen(signIn),
    "If this was you, there is nothing to do.",
    `If this was not you: end that session on My account (${origin}/admin/account) and change your password.`,
  ].join("\n\n");
}

const factorWords = (factor: NewFactor["factor"]) =>
  factor.kind === "passkey"
    ? {
        subject: "a passkey was added",
        what: `A passkey named “${deviceLine(factor.name, "")}” was added to`,
        meaning: "It signs in to the account without the password.",
      }
    : factor.kind === "app"
      ? {
          subject: "an authenticator app was set up",
          what: "An authenticator app was set up for",
          meaning: "Its codes are now the second step of signing in, with ten new recovery codes.",
        }
      : {
          subject: "new recovery codes were made",
          what: "Ten new recovery codes were made for",
          meaning:
            "Each signs in once in place of the authenticator app's code; the old ones stopped working.",
        };

/** The subject of the new-factor notice (issue 46); the passkey's name is not in it. */
export function newFactorMailSubject(
  notice: NewFactor,
  agency: string = defaultIdentity.name,
): string {
  return `${agency} back office: ${factorWords(notice.factor).subject}`;
}

/**
 * The plain-text notice of a new way to sign in: what, from which browser, system and
 * network, when, and what to do if it was not the person.
 */
export function newFactorMailText(
  notice: NewFactor,
  origin: string,
  agency: string = defaultIdentity.name,
): string {
  const words = factorWords(notice.factor);
  return [
    `${words.what} the ${agency} back office account ${notice.email}. ${words.meaning}`,
    whereAndWhen(notice),
    "If this was you, there is nothing to do.",
    `If this was not you, someone is signed in to your account: on My account (${origin}/admin/account) remove it, sign out everywhere, and choose a new password.`,
  ].join("\n\n");
}

/** The subject of the password reset mail. */
export function passwordResetMailSubject(agency: string = defaultIdentity.name): string {
  return `${agency} back office: choose a new password`;
}

/** The plain-text password reset mail: the link, how long it lasts, what to do if not asked. */
export function passwordResetMailText(
  link: AccountLink,
  agency: string = defaultIdentity.name,
): string {
  return [
    `Someone asked to reset the password of the ${agency} back office account ${link.email}.`,
    `To choose a new password, open this link (it works once, until ${agencyTime.format(link.expiresAt)} ${AGENCY_TIME_ZONE_NAME}):`,
    `    ${link.url}`,
    "Choosing a new password signs the account out on every device.",
    "If you did not ask for this, ignore this mail: your password stays as it is.",
  ].join("\n\n");
}

const roleWords = { owner: "an owner", editor: "an editor", author: "an author" } as const;
const roleRights = {
  owner: "everything, including staff accounts and the activity log",
  editor: "posts, site content, prices and enquiries, but not staff accounts",
  author: "writing posts and sending them for review; an editor or an owner publishes them",
} as const;

/** The subject of the invitation; the inviter's name comes from an owner, not a visitor. */
export function staffInvitationMailSubject(
  invitation: StaffInvitation,
  agency: string = defaultIdentity.name,
): string {
  return `${invitation.invitedBy} invited you to the ${agency} back office`
    .replace(/[\r\n]+/g, " ")
    .slice(0, 200);
}

/** The plain-text invitation: who invited, as what, the link and how long it lasts. */
export function staffInvitationMailText(
  invitation: StaffInvitation,
  agency: string = defaultIdentity.name,
): string {
  return [
    `${invitation.invitedBy} invited you (${invitation.email}) to the ${agency} back office as ${roleWords[invitation.role]}: ${roleRights[invitation.role]}.`,
    `To accept, open this link, give your name and choose a password (it works once, until ${agencyTime.format(invitation.expiresAt)} ${AGENCY_TIME_ZONE_NAME}):`,
    `    ${invitation.url}`,
    "If you did not expect this, ignore this mail: no account is made without you.",
  ].join("\n\n");
}

export interface NotifierOptions {
  /** How long `close()` waits for mails still on their way before it cancels them. */
  closeGraceMs?: number;
  /** The agency's name as the Site identity screen sets it (else the built-in default). */
  agencyName?: () => Promise<string>;
  /**
   * The mail server in use, read at each mail (the Mail screen's setting, issue 50): a
   * function, since the services that hold it are made after the notifier. Without it, the
   * environment's settings (SMTP_URL, MAIL_FROM, NOTIFY_TO), also while it answers undefined.
   */
  mail?: () => MailSource | undefined;
}

/**
 * Mails each new enquiry to the notification address (NOTIFY_TO or the Mail screen's), and a
 * lock notice to the admin concerned, through the mail server in use; silent without one
 * (and for enquiries without a notification address). Sending runs in the background: no
 * request waits for the mail server, and a failure is logged while the stored enquiry
 * stays. The enquiry mail also has a send that throws (`sendEnquiryReceived`), for the
 * notification outbox, which retries it; `enquiryMailOn()` says whether it is configured
 * now. `close()` lets the mails on their way finish (up to `closeGraceMs`, 10 s by
 * default), then cancels the rest.
 */
export function createNotifier(
  config: Config,
  log: FastifyBaseLogger,
  options: NotifierOptions = {},
): Notifier {
  const silent = createSilentNotifier(log);
  // The environment alone and no mail server: nothing can ever be sent.
  if (!options.mail && !config.smtpUrl) return silent;
  const environment = environmentMailSource(config);
  const source = (): MailSource => options.mail?.() ?? environment;
  const closeGraceMs = options.closeGraceMs ?? 10_000;
  let transports: ReturnType<typeof transportOf> | undefined;
  const cancel = new AbortController();
  const pending = new Set<Promise<void>>();
  const configured = () => source().current().transport !== undefined;
  const notifyTo = () => source().current().notifyTo;

  const agencyName = options.agencyName ?? (async () => defaultIdentity.name);

  /**
   * Sends, and throws when the mail server did not take the mail. `close()` waits for it
   * (and cancels it after the grace), like the background sends; so may `signal`.
   */
  function deliver(
    message: (agency: string, from: string) => Mail.Options,
    signal?: AbortSignal,
  ): Promise<void> {
    // Built inside the promise: even a bug in the body is a failed send, not a crash.
    const sending = Promise.resolve()
      .then(async () => {
        const mail = source();
        await mail.ready;
        const setup = mail.current();
        transports ??= transportOf(mail);
        const transport = transports.get(setup);
        if (!transport) throw new Error("Mail is not configured: no mail server is set.");
        const options: Mail.Options & { signal: AbortSignal } = {
          ...message(await agencyName(), setup.from),
          signal: signal ? AbortSignal.any([cancel.signal, signal]) : cancel.signal,
        };
        await transport.sendMail(options);
      })
      .finally(() => pending.delete(sending));
    pending.add(sending);
    return sending;
  }

  /** Sends in the background; the outcome is logged with `fields` as `what sent|failed`. */
  function send(
    what: string,
    fields: object,
    message: (agency: string, from: string) => Mail.Options,
  ): Promise<void> {
    return deliver(message).then(
      () => log.info(fields, `${what} sent`),
      // What the mail is about is already done: a mail failure is logged, never surfaced.
      (error: unknown) => log.error({ err: error, ...fields }, `${what} failed`),
    );
  }

  const enquiryMail =
    (enquiry: Enquiry, to: string) =>
    (agency: string, from: string): Mail.Options => ({
      from,
      to,
      replyTo: enquiry.email,
      // Known in advance, so a reply from the inbox threads on it (In-Reply-To).
      messageId: enquiryMessageId(enquiry._id, config.publicOrigin),
      subject: enquiryMailSubject(enquiry),
      text: enquiryMailText(enquiry, config.publicOrigin, agency),
      html: enquiryMailHtml(enquiry, config.publicOrigin, agency),
    });

  return {
    enquiryReceived(enquiry) {
      const to = notifyTo();
      if (!to || !configured()) return silent.enquiryReceived(enquiry);
      return send("enquiry notification", { enquiry: enquiry._id }, enquiryMail(enquiry, to));
    },
    // Without a notification address there is nobody to tell, so nothing is queued
    // (`enquiryMailOn`); a row queued before the address was removed fails and is retried.
    sendEnquiryReceived(enquiry: Enquiry, options: { signal?: AbortSignal } = {}) {
      const to = notifyTo();
      if (!to) return Promise.reject(new Error("No address gets the enquiry notifications."));
      return deliver(enquiryMail(enquiry, to), options.signal);
    },
    enquiryMailOn: () => configured() && notifyTo() !== undefined,
    accountLocked(lock) {
      if (!configured()) return silent.accountLocked(lock);
      const fields = { email: lock.email, failures: lock.failures, until: lock.until };
      return send("sign-in lock notice", fields, (agency, from) => ({
        from,
        to: lock.email,
        subject: accountLockedMailSubject(lock, agency),
        text: accountLockedMailText(lock, agency),
      }));
    },
    newSignIn(signIn) {
      if (!configured()) return silent.newSignIn(signIn);
      const fields = { email: signIn.email, browser: signIn.browser, os: signIn.os };
      return send("new sign-in notice", fields, (agency, from) => ({
        from,
        to: signIn.email,
        subject: newSignInMailSubject(agency),
        text: newSignInMailText(signIn, config.publicOrigin, agency),
      }));
    },
    newFactor(notice) {
      if (!configured()) return silent.newFactor(notice);
      const fields = { email: notice.email, factor: notice.factor.kind };
      return send("new sign-in factor notice", fields, (agency, from) => ({
        from,
        to: notice.email,
        subject: newFactorMailSubject(notice, agency),
        text: newFactorMailText(notice, config.publicOrigin, agency),
      }));
    },
    passwordReset(link) {
      if (!configured()) return silent.passwordReset(link);
      return send("password reset link", { email: link.email }, (agency, from) => ({
        from,
        to: link.email,
        subject: passwordResetMailSubject(agency),
        text: passwordResetMailText(link, agency),
      }));
    },
    staffInvited(invitation) {
      if (!configured()) return silent.staffInvited(invitation);
      const fields = { email: invitation.email, role: invitation.role };
      return send("staff invitation", fields, (agency, from) => ({
        from,
        to: invitation.email,
        subject: staffInvitationMailSubject(invitation, agency),
        text: staffInvitationMailText(invitation, agency),
      }));
    },
    async sent() {
      // A mail started while others were settling is waited for too.
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      // Give mails on their way a moment; shutting down must not hang on a dead server.
      let timer: NodeJS.Timeout | undefined;
      const allSent = Promise.allSettled([...pending]);
      await Promise.race([
        allSent,
        new Promise((resolve) => (timer = setTimeout(resolve, closeGraceMs))),
      ]);
      clearTimeout(timer);
      if (pending.size > 0) {
        cancel.abort(new Error("the server is shutting down"));
        await Promise.allSettled([...pending]);
      }
      transports?.close();
    },
  };
}
