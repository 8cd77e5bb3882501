// Admin accounts from the command line (there is no self-registration):
//   npm run admin -- create --email E [--role owner|editor] [--password-stdin]
//   npm run admin -- list
//   npm run admin -- reset-password --email E [--password-stdin]
//   npm run admin -- delete --email E
//   npm run admin -- sign-out --email E
// Without --password-stdin a random password is generated and printed once. A new
// password, sign-out and deletion all end every session the admin had signed in.
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config.ts";
import { AppError } from "../server/errors.ts";
import { createPasswordHasher, generatePassword } from "../server/modules/staff/password.ts";
import { runCli } from "./lib/run-cli.ts";

const usage = `Usage:
  npm run admin -- create --email <e-mail> [--role owner|editor] [--password-stdin]
  npm run admin -- list
  npm run admin -- reset-password --email <e-mail> [--password-stdin]
  npm run admin -- delete --email <e-mail>
  npm run admin -- sign-out --email <e-mail>

create makes an owner unless --role editor is given.
sign-out ends every session of the admin (every token signed so far);
reset-password and delete do too.`;

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
  const needsEmail = ["create", "reset-password", "delete", "sign-out"].includes(command);
  if (!["create", "list", "reset-password", "delete", "sign-out"].includes(command)) {
    console.error(`Unknown command "${command}".\n${usage}`);
    return 1;
  }
  if (values.role !== "owner" && values.role !== "editor") {
    console.error(`--role must be owner or editor, not "${values.role}".\n${usage}`);
    return 1;
  }
  if (needsEmail && !values.email) {
    console.error(`"${command}" needs --email <e-mail>.\n${usage}`);
    return 1;
  }

  const config = loadConfig();
  // The database drivers and the service load only for a command that runs: a usage
  // message comes at once.
  const [{ openDatabase }, { migrateToLatest }, { createStaffService }] = await Promise.all([
    import("../server/db/connection.ts"),
    import("../server/db/migrate.ts"),
    import("../server/modules/staff/service.ts"),
  ]);
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(
      database.db,
      config.database.kind === "postgres" ? config.database.schema : undefined,
    );
    // The back office's own service; no command sends a link, so none mails.
    const admins = createStaffService({
      database,
      passwords: createPasswordHasher(config.passwordHashCost),
      notifier: { passwordReset: async () => {}, staffInvited: async () => {} },
      log: console,
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
        const admin = await admins.create(values.email!, secret.value, values.role);
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
