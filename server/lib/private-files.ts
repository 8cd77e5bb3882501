import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";

// Everything the site keeps on disk (the SQLite files, uploads, backups) holds secrets: the
// token secret, password hashes, every lead. It is readable by the service's own user only,
// whatever the umask (issue 27): folders 0700, files 0600. A mode given to mkdir or open can
// only lose bits to the umask, never gain them; folders are set again with chmod, so one
// made before (0755 by an older version) is closed too.

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** The umask of the site's processes: nothing they create is readable by others. */
export const PRIVATE_UMASK = 0o077;

/** `mkdir -p` of a folder only its owner may enter; an existing one is closed to others. */
export function makePrivateDir(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIR });
  chmodSync(directory, PRIVATE_DIR);
}

/** Creates `file` (empty) when missing, and makes it readable by its owner only. */
export function makePrivateFile(file: string): void {
  closeSync(openSync(file, "a", PRIVATE_FILE));
  chmodSync(file, PRIVATE_FILE);
}

/** Closes an existing file to others; a missing one is left missing. */
export function closeToOthers(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
