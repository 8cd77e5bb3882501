// Admin accounts from the command line (there is no self-registration):
//   npm run admin -- create --email E [--role owner|editor|author] [--password-stdin]
//   npm run admin -- list
//   npm run admin -- reset-password --email E [--password-stdin]
//   npm run admin -- delete --email E
//   npm run admin -- sign-out --email E
//   npm run admin -- reset-2fa --email E
// Without --password-stdin a random password is generated and printed once. A new
// password, sign-out and deletion all end every session the admin had signed in. reset-2fa
// removes a person's second steps (authenticator app, recovery codes, passkeys) when they
// lost them; it is recorded in the activity log.
import { parseArgs } from "node:util";
import type { FastifyBaseLogger } from "fastify";
import { adminRoleSchema } from "../common/schemas/accounts.ts";
import { loadConfig } from "../server/config.ts";
import { AppError } from "../server/errors.ts";
import { createPasswordHasher, generatePassword } from "../server/modules/staff/password.ts";
import { runCli } from "./lib/run-cli.ts";

const usage = `Usage:
  npm run admin -- create --email <e-mail> [--role owner|editor|author] [--password-stdin]
  npm run admin -- list
  npm run admin -- reset-password --email <e-mail> [--password-stdin]
  npm run admin -- delete --email <e-mail>
  npm run admin -- sign-out --email <e-mail>
  npm run admin -- reset-2fa --email <e-mail>

create makes an owner unless --role editor or --role author is given.
sign-out ends every session of the admin (every token signed so far);
reset-password and delete do too.
reset-2fa removes the admin's second steps (authenticator app, recovery codes and
passkeys), so they can sign in with the password alone and set up a new one.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      role: { type: "string", default: "owner" },
      "password-stdin": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(usage);
    return command ? 0 : 1;
  }
  const needsEmail = ["create", "reset-password", "delete", "sign-out", "reset-2fa"].includes(
    command,
  );
  if (!["create", "list", "reset-password", "delete", "sign-out", "reset-2fa"].includes(command)) {
    console.error(`Unknown command "${command}".\n${usage}`);
    return 1;
  }
  const role = adminRoleSchema.safeParse(values.role);
  if (!role.success) {
    console.error(`--role must be owner, editor or author, not "${values.role}".\n${usage}`);
    return 1;
  }
  if (needsEmail && !values.email) {
    console.error(`"${command}" needs --email <e-mail>.\n${usage}`);
    return 1;
  }

  const config = loadConfig();
  // The database drivers and the service load only for a command that runs: a usage
  // message comes at once.
  const [
    { openDatabase },
    { migrateToLatest },
    { createStaffService },
    { createAuditService },
    { readStoredIdentity },
  ] = await Promise.all([
    import("../server/db/connection.ts"),
    import("../server/db/migrate.ts"),
    import("../server/modules/staff/service.ts"),
    import("../server/modules/audit/service.ts"),
    import("../server/modules/identity/stored.ts"),
  ]);
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(
      database.db,
      config.database.kind === "postgres" ? config.database.schema : undefined,
    );
    // The back office's own service; no command sends a link, so none mails. What it ends
    // (the links of a removed person) is in the activity log, by "command line".
    const log = console as unknown as FastifyBaseLogger;
    const audit = createAuditService({ db: database.db, log });
    const admins = createStaffService({
      database,
      passwords: createPasswordHasher(config.passwordHashCost),
      notifier: { passwordReset: async () => {}, staffInvited: async () => {} },
      log,
      audit,
      agencyName: async () => (await readStoredIdentity(database.db, log)).name,
      origin: config.publicOrigin,
    });
    const password = async () => {
      if (values["password-stdin"]) return { value: await readStdin(), generated: false };
      return { value: generatePassword(), generated: true };
    };
    switch (command) {
      case "list": {
        const { members } = await admins.list();
        if (members.length === 0) console.log("No admins.");
        for (const row of members) {
          console.log(`${row.email}\t${row.role}\tcreated ${row.createdAt}`);
        }
        return 0;
      }
      case "create": {
        const secret = await password();
        const admin = await admins.create(values.email!, secret.value, role.data);
        console.log(`Created admin ${admin.email}.`);
        console.log(`Role: ${admin.role}.`);
        if (secret.generated) console.log(`Password (shown once): ${secret.value}`);
        return 0;
      }
      case "reset-password": {
        const secret = await password();
        await admins.resetPassword({ email: values.email! }, secret.value);
        console.log(`Password of ${values.email} changed; every session of it is signed out.`);
        if (secret.generated) console.log(`New password (shown once): ${secret.value}`);
        return 0;
      }
      case "sign-out": {
        await admins.endSessions(values.email!);
        console.log(`Signed out every session of ${values.email}.`);
        return 0;
      }
      case "reset-2fa": {
        const { resetSecondStep, COMMAND_LINE_ACTOR } =
          await import("../server/modules/two-step/reset.ts");
        const removed = await resetSecondStep(database.db, values.email!);
        const what = [
          removed.app ? "the authenticator app" : "",
          removed.recoveryCodes ? `${removed.recoveryCodes} unused recovery codes` : "",
          removed.passkeys ? `${removed.passkeys} passkey${removed.passkeys === 1 ? "" : "s"}` : "",
        ].filter(Boolean);
        await audit.record({
          actor: COMMAND_LINE_ACTOR,
          action: "second-step-reset",
          type: "admin",
          id: removed.id,
          // Counts only ("passkeys" as a key would be hidden as a secret by the log).
          after: { removed: what.length ? what.join(", ") : "nothing" },
        });
        console.log(
          what.length
            ? `Removed from ${removed.email}: ${what.join(", ")}. They sign in with the password alone now.`
            : `${removed.email} had no second step; nothing removed.`,
        );
        return 0;
      }
      case "delete": {
        await admins.remove({ email: values.email! });
        console.log(`Deleted admin ${values.email}.`);
        return 0;
      }
    }
    return 1;
  } finally {
    await database.close();
  }
}

await runCli(main, [AppError]);
