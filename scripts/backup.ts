// Online backup of the whole site: every table (one consistent snapshot, taken while the
// server runs) and every media file, from SQLite or PostgreSQL, local or S3 storage, into
// one portable folder (server/ops/backup.ts). Restore it with `npm run restore -- DIR`.
//   npm run backup [-- --out DIR]      (default: ./backups/<time>)
import { readdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connection.ts";
import { createStorage } from "../server/media/create-storage.ts";
import { isS3Storage } from "../server/media/s3-storage.ts";
import { backup, BackupError } from "../server/ops/backup.ts";
import { runCli } from "./lib/run-cli.ts";

const usage = "Usage: npm run backup [-- --out DIR]   (DIR must be new or empty)";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const target = path.resolve(values.out ?? path.join("backups", stamp));
  const inside = await readdir(target).catch((): string[] => []);
  if (inside.length > 0) throw new BackupError(`${target} is not empty: give a new folder.`);
  if (config.database.kind === "sqlite") {
    // Opening creates a database file: a backup of nothing is a mistake worth saying.
    const present = await readdir(path.dirname(config.database.file)).catch((): string[] => []);
    if (!present.includes(path.basename(config.database.file))) {
      throw new BackupError(`No database at ${config.database.file}: is DATA_DIR right?`);
    }
  }
  const database = await openDatabase(config.database);
  const storage = createStorage(config);
  try {
    const manifest = await backup(database, storage, target);
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    console.log(
      `Backup written to ${target}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ` +
        `${manifest.media.files} media files (${manifest.media.bytes} bytes).`,
    );
    console.log(`Restore it with: npm run restore -- ${target}`);
    return 0;
  } finally {
    await database.close();
    // The bucket's client keeps connections open: the script would not end.
    if (isS3Storage(storage)) storage.close();
  }
}

await runCli(main, [BackupError]);
