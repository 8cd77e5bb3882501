import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "./free-port.ts";

/** How the test server answers RCPT TO for an address: a code and text, or take it. */
export type RcptAnswer = { code: number; message: string } | undefined;

/**
 * A real SMTP server on a free port. Every mail it accepts lands in `inbox` (with the
 * envelope's recipients); `ackDelayMs` holds back the final "250 OK" like a slow server.
 * `rcpt` may refuse an address (a 550 for a mailbox that does not exist, a 451 to retry).
 * A mail whose connection closed before its 250 (the sender died) is not counted: the
 * sender never learnt that it went.
 */
export async function startMailServer(
  ackDelayMs = 0,
  options: { rcpt?: (address: string) => RcptAnswer; timeoutMs?: number } = {},
) {
  const port = await freePort();
  const inbox: { mail: ParsedMail; rcptTo: string[] }[] = [];
  const waiters: (() => void)[] = [];
  const closedSessions = new Set<string>();
  /** The sessions whose connection is open now. */
  const openSessions = new Set<string>();
  /** While held, no mail is acknowledged (a test freezes the sends, then kills the sender). */
  let held: Promise<void> | undefined;
  /** The recipients of the mails that arrived whole and wait for `resume()` to be acknowledged. */
  const heldFor: string[] = [];
  let release: (() => void) | undefined;
  const resume = () => {
    const wake = release;
    held = undefined;
    release = undefined;
    wake?.();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onConnect(session, callback) {
      openSessions.add(session.id);
      callback();
    },
    onClose(session) {
      openSessions.delete(session.id);
      closedSessions.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      const answer = options.rcpt?.(address.address);
      if (!answer) return callback();
      const error = Object.assign(new Error(answer.message), { responseCode: answer.code });
      callback(error);
    },
    onData(stream, session, callback) {
      const rcptTo = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then((mail) => new Promise((resolve) => setTimeout(resolve, ackDelayMs, mail)))
        .then(async (mail) => {
          heldFor.push(...rcptTo);
          while (held) await held;
          for (const to of rcptTo) heldFor.splice(heldFor.indexOf(to), 1);
          if (closedSessions.has(session.id)) return callback(new Error("connection closed"));
          inbox.push({ mail: mail as ParsedMail, rcptTo });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed mid-mail resets its connections (newsletter-sends-crash.test.ts): that
  // is the test's point, not a failure of the mail server. Any other error still surfaces.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    inbox,
    /** Resolves once `count` mails have arrived in total. */
    received(count: number, timeoutMs = options.timeoutMs ?? 10_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${inbox.length} of ${count} mails arrived`)),
          timeoutMs,
        );
        const check = () => {
          if (inbox.length >= count) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      });
    },
    /** How many senders are connected now (a killed one's connections are gone once 0). */
    connections: () => openSessions.size,
    /** The recipients of the mails that arrived whole while held and wait to be acknowledged. */
    heldFor: heldFor as readonly string[],
    /** Stops acknowledging mails (each waits) until `resume()`. */
    hold() {
      held ??= new Promise<void>((resolve) => (release = resolve));
    },
    resume,
    close: () => {
      resume();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How many mails each address got (by the envelope's recipients). */
export function mailsPerAddress(inbox: { rcptTo: string[] }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { rcptTo } of inbox) {
    for (const to of rcptTo) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/**
 * The mail server of a describe block: started in a `beforeAll` registered here (so before
 * an app's, when called first) and closed in an `afterAll`. `env()` is the settings that
 * send an app's mail to it, for `useTestApp(() => ({ ...mail.env(), … }))`.
 */
export function useMailServer() {
  let server: MailServer | undefined;
  beforeAll(async () => {
    server = await startMailServer();
  });
  afterAll(() => server?.close());
  const current = () => {
    if (!server) throw new Error("useMailServer(): the server starts in beforeAll");
    return server;
  };
  return {
    get inbox() {
      return current().inbox;
    },
    received: (count: number) => current().received(count),
    env: () => ({
      SMTP_URL: `smtp://127.0.0.1:${current().port}`,
      MAIL_FROM: "website@agency.test",
    }),
  };
}
