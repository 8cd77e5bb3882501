// Writes the API's OpenAPI document (generated from the routes' zod schemas) to a file,
// for `npm run lint:openapi` and for client generators:
//   node scripts/openapi.ts [--out .tmp/openapi.json] [--origin https://www.example.ng]
// It builds the API on a throwaway database, without the site and without listening.
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../server/app.ts";
import { ConfigError, loadConfig } from "../server/config.ts";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: ".tmp/openapi.json" },
    origin: { type: "string" },
  },
});

const dataDir = await mkdtemp(path.join(tmpdir(), "agency-openapi-"));
try {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
    PUBLIC_ORIGIN: values.origin,
  });
  const app = await buildApp(config, { web: false, logger: false });
  try {
    await app.ready();
    const document = app.swagger();
    const out = path.resolve(values.out!);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, JSON.stringify(document, null, 2) + "\n");
    console.log(`OpenAPI document written to ${path.relative(process.cwd(), out) || out}`);
  } finally {
    await app.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
