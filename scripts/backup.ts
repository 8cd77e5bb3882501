// Online backup of an embedded (SQLite) installation: a consistent copy of the database
// (SQLite's backup API, safe while the server runs) and of the uploaded media.
//   npm run backup [-- --out ./backups]
// PostgreSQL installations back up with pg_dump; the media folder is copied the same way.
import { cpSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import BetterSqlite3 from "better-sqlite3";
import { ConfigError, loadConfig } from "../server/config.ts";

const { values } = parseArgs({ options: { out: { type: "string", default: "./backups" } } });

try {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const target = path.resolve(values.out!, stamp);
  mkdirSync(target, { recursive: true });
  if (config.database.kind === "sqlite") {
    if (!existsSync(config.database.file))
      throw new ConfigError(`No database at ${config.database.file}.`);
    const db = new BetterSqlite3(config.database.file, { readonly: true, fileMustExist: true });
    await db.backup(path.join(target, "site.db"));
    db.close();
  } else {
    console.log("PostgreSQL: back the database up with pg_dump; copying the media only.");
  }
  if (existsSync(config.mediaDir)) {
    cpSync(config.mediaDir, path.join(target, "media"), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}.incoming`),
    });
  }
  console.log(`Backup written to ${target}`);
  console.log(
    `Restore: stop the server, copy site.db and media/ into DATA_DIR (${config.dataDir}), start it.`,
  );
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
