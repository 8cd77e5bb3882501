import { existsSync } from "node:fs";
import pg from "pg";
import { configDefaults, defineConfig } from "vitest/config";

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * API test files about what no database engine changes: request parsing and limits, pages,
 * the render cache, OpenAPI, request ids, S3, SMTP, the password-hash queue. They run once,
 * on SQLite, not once per engine (docs/decisions/0023). A file whose outcome depends on SQL,
 * a migration or an engine's behaviour (transactions, conflicts, NUL, notifications) stays
 * off this list and runs on both; postgres-*.test.ts and sqlite-*.test.ts run on theirs.
 */
const ONCE = [
  "fuzz",
  "hostile-input",
  "mail",
  "newsletter-sends-bulk",
  "newsletter-sends-crash",
  "openapi",
  "page-weight",
  "path-rules",
  "render-cache",
  "request-id",
  "s3-storage",
  "sign-in-load",
].map((name) => `tests/api/${name}.test.ts`);
for (const file of ONCE) {
  // A renamed file would otherwise run twice again, or not at all, without a word.
  if (!existsSync(new URL(file, import.meta.url)))
    throw new Error(`vitest.config.ts lists ${file}, which is gone`);
}

export default defineConfig(async () => {
  const postgres = await postgresAnswers();
  if (!postgres) {
    const message = `PostgreSQL does not answer at ${POSTGRES_URL}.`;
    // In CI a missing database is a failure, never a silent skip.
    if (process.env.CI === "true")
      throw new Error(`${message} The API suite must run on it in CI.`);
    console.warn(`\n⚠ ${message} The API suite runs on SQLite only.\n`);
  }
  const apiProject = (name: "sqlite" | "postgres") => ({
    test: {
      name: `api-${name}`,
      include: ["tests/api/**/*.test.ts"],
      // tests/api/postgres-*.test.ts are about PostgreSQL alone, sqlite-*.test.ts SQLite alone;
      // the ONCE files run on SQLite only.
      exclude: [
        ...configDefaults.exclude,
        ...(name === "sqlite"
          ? ["tests/api/postgres-*.test.ts"]
          : ["tests/api/sqlite-*.test.ts", ...ONCE]),
      ],
      globalSetup: ["tests/support/vitest-build.ts"],
      environment: "node",
      // The files of a worker share one module graph instead of importing the server, the
      // page build and the drivers again for each file: api-sqlite took 127 s with a fresh
      // graph per file, 79 s without (import time went from 27 % to 3 %). Each test already
      // has its own database, app and port, and no test changes process.env or mocks a module.
      isolate: false,
      env: { TEST_DB: name, TEST_DATABASE_URL: POSTGRES_URL },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
  return {
    test: {
      // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core
      // machine. The API tests mostly wait on databases, child processes and password
      // hashing, so two files at once roughly halve the run; each test has its own database.
      maxWorkers: 2,
      projects: [
        {
          test: {
            name: "unit",
            include: [
              "common/**/*.test.ts",
              "server/**/*.test.ts",
              "app/**/*.test.{ts,tsx}",
              "scripts/**/*.test.ts",
            ],
            environment: "node",
          },
        },
        apiProject("sqlite"),
        ...(postgres ? [apiProject("postgres")] : []),
      ],
    },
  };
});
