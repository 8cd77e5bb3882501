// Newsletter mails per second through the queue (issue 32): the production build over a
// fresh SQLite database with N confirmed subscribers, a local SMTP server (smtp-server) that
// takes every mail and only counts it, the rate set far above what the queue can do; the
// time from the 202 of POST /api/admin/newsletter/sends until the send is done.
//   node bench/newsletter.mjs [--mails 5000]
// `npm run bench` runs it with the server on its pinned core (measureNewsletter).
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import { freePort } from "../tests/support/free-port.ts";
import { createAdmin } from "../tests/support/server-process.ts";
import { ensureBuild, startServer } from "./server.mjs";

/** An SMTP server that accepts every mail and counts them (no parsing: the sender is measured). */
async function countingMailServer() {
  const port = await freePort();
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        count++;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    count: () => count,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Sends one newsletter to `mails` subscribers; answers { mails, seconds, perSecond }. */
export async function measureNewsletter({ mails = 5000, cpu, build = true } = {}) {
  if (build) ensureBuild();
  const smtp = await countingMailServer();
  const server = await startServer({
    build: false,
    cpu,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "news@agency.test",
      SEED_SAMPLE_CONTENT: "false",
    },
  });
  try {
    const db = new Database(server.databaseFile);
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare(
      "insert into newsletter_subscribers (id, email, created_at, status) values (?, ?, ?, 'confirmed')",
    );
    const now = new Date().toISOString();
    db.transaction(() => {
      for (let i = 0; i < mails; i++) insert.run(randomUUID(), `reader${i}@example.com`, now);
    })();
    db.close();
    const admin = createAdmin(server.env, "bench-owner@agency.test");
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    const { token } = await login.json();
    const api = (url, init = {}) =>
      fetch(`${server.url}/api${url}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      });
    await api("/admin/newsletter/settings", {
      method: "PUT",
      body: JSON.stringify({ ratePerMinute: 100_000 }),
    });
    const started = performance.now();
    const created = await api("/admin/newsletter/sends", {
      method: "POST",
      body: JSON.stringify({
        subject: "Bench",
        previewText: "Mails per second",
        body: "# A heading\nA paragraph with **bold** and a [link](/contact).\n* One\n* Two",
      }),
    });
    if (created.status !== 202) throw new Error(`sendNewsletter answered ${created.status}`);
    const { _id: id } = await created.json();
    let send;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      send = await (await api(`/admin/newsletter/sends/${id}`)).json();
    } while (send.state !== "done");
    const seconds = (performance.now() - started) / 1000;
    if (send.sent !== mails || smtp.count() !== mails) {
      throw new Error(`sent ${send.sent}, the mail server took ${smtp.count()} of ${mails}`);
    }
    return { mails, seconds, perSecond: mails / seconds };
  } finally {
    await server.stop();
    await smtp.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { mails: { type: "string", default: "5000" } } });
  const result = await measureNewsletter({ mails: Number(values.mails) });
  console.log(
    `Newsletter: ${result.mails} mails through the queue to a local SMTP server in ` +
      `${result.seconds.toFixed(1)} s: ${Math.round(result.perSecond)} mails/s`,
  );
}
