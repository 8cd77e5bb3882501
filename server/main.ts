import { buildApp } from "./app.ts";
import { bootstrap, printFirstAdmin } from "./bootstrap.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { PRIVATE_UMASK } from "./lib/private-files.ts";

// Whatever the shell's umask, nothing the server writes is readable by other accounts (as
// PostgreSQL's server does); the code gives the modes itself too (lib/private-files.ts).
process.umask(PRIVATE_UMASK);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);
const firstAdmin = await bootstrap(app, config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down: finishing in-flight requests");
  // Stop accepting, let in-flight requests finish, then close the database (onClose).
  const timer = setTimeout(() => {
    app.log.error("shutdown took over 25 s; exiting");
    process.exit(1);
  }, 25_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "error while shutting down");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === "EADDRINUSE"
      ? `Port ${config.port} is already in use: set PORT to a free port.`
      : `Could not start the server: ${(error as Error).message}`,
  );
  await app.close();
  process.exit(1);
}
// The log is buffered (app.ts): its "Server listening" line is written before "Site ready".
await new Promise<void>((resolve) => {
  const { flush } = app.log as { flush?: (done: () => void) => void };
  if (flush) flush.call(app.log, () => resolve());
  else resolve();
});
if (firstAdmin) printFirstAdmin(firstAdmin, config.publicOrigin);
console.log(`Site ready at ${config.publicOrigin} (API docs at ${config.publicOrigin}/api/docs)`);
