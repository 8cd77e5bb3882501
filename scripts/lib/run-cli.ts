import { ConfigError } from "../../server/config.ts";
import { PRIVATE_UMASK } from "../../server/lib/private-files.ts";

/**
 * Runs a command-line script's `main` and sets the exit code it answers. A bad setting, and
 * the errors the script names as the user's (a refused restore, an unknown admin), print
 * their message alone and exit 1; anything else is a bug and keeps its stack.
 */
export async function runCli(
  main: () => Promise<number>,
  usersErrors: (abstract new (...args: never[]) => Error)[] = [],
): Promise<void> {
  // Backups, restored media and a new database are the service user's alone, as the server's.
  process.umask(PRIVATE_UMASK);
  try {
    process.exitCode = await main();
  } catch (error) {
    if ([ConfigError, ...usersErrors].some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      process.exitCode = 1;
    } else {
      throw error;
    }
  }
}
