import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port.ts";

/**
 * A real SMTP server on a free port. Every mail it accepts lands in `inbox` (with the
 * envelope's recipients); `ackDelayMs` holds back the final "250 OK" like a slow server.
 */
export async function startMailServer(ackDelayMs = 0) {
  const port = await freePort();
  const inbox: { mail: ParsedMail; rcptTo: string[] }[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const rcptTo = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then((mail) => new Promise((resolve) => setTimeout(resolve, ackDelayMs, mail)))
        .then((mail) => {
          inbox.push({ mail: mail as ParsedMail, rcptTo });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    inbox,
    /** Resolves once `count` mails have arrived in total. */
    received(count: number) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no mail arrived")), 10_000);
        const check = () => {
          if (inbox.length >= count) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
