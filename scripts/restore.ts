// Puts a backup made by `npm run backup` into the database and media storage the settings
// name (SQLite or PostgreSQL, local or S3): stop the site first. A target that holds
// anything is refused unless --force, which replaces all of it.
//   npm run restore -- DIR [--force]
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connection.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { createStorage } from "../server/media/create-storage.ts";
import { isS3Storage } from "../server/media/s3-storage.ts";
import { BackupError, restore } from "../server/ops/backup.ts";
import { runCli } from "./lib/run-cli.ts";

const usage = "Usage: npm run restore -- DIR [--force]";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    return values.help ? 0 : 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const storage = createStorage(config);
  try {
    // A new database gets its tables first.
    await migrateToLatest(
      database.db,
      config.database.kind === "postgres" ? config.database.schema : undefined,
    );
    const manifest = await restore(database, storage, positionals[0]!, {
      force: values.force,
    });
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt}: ${rows} rows, ${manifest.media.files} media files.`,
    );
    return 0;
  } finally {
    await database.close();
    // The bucket's client keeps connections open: the script would not end.
    if (isS3Storage(storage)) storage.close();
  }
}

await runCli(main, [BackupError]);
