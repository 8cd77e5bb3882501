import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from "node:crypto";
import { availableParallelism } from "node:os";
import { ServiceUnavailable } from "../../errors.ts";
import { createLimiter } from "../../lib/limiter.ts";

// scrypt from Node's crypto (OpenSSL): memory-hard, no native add-on to install.
/** log2 of scrypt's N in production (decision 0001): N = 2^15. */
export const PRODUCTION_HASH_COST = 15;
/** The cheapest cost PASSWORD_HASH_COST may ask for (tests): N = 2^4. */
export const MIN_HASH_COST = 4;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
/** The memory scrypt needs for N and r, which Node must be allowed to use. */
const maxMemory = (N: number, r: number) => 128 * N * r * 2;

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise),
 * the same threads that read files for /media and the static assets. A sign-in flood would
 * take them all, and a 6 ms image would wait seconds: at most this many hashes run at once.
 * Each one keeps a core busy for its ~50-100 ms, so with two cores or fewer only one runs:
 * the event loop needs the other.
 */
export const MAX_CONCURRENT_HASHES = availableParallelism() > 2 ? 2 : 1;
/** Hashes that may wait for a free slot (about a second of work); beyond that, 503 at once. */
export const MAX_WAITING_HASHES = 16;
export const BUSY_RETRY_AFTER_SECONDS = 5;
export const SIGN_IN_BUSY = "Sign-in is busy right now. Please try again in a few seconds.";

/**
 * The bound every password hash goes through (sign-in, the decoy, the CLI). Exported so
 * tests can read how many run and wait, and the most that ever ran at once.
 */
export const hashing = createLimiter({
  concurrency: MAX_CONCURRENT_HASHES,
  maxWaiting: MAX_WAITING_HASHES,
  busy: () => new ServiceUnavailable(SIGN_IN_BUSY, BUSY_RETRY_AFTER_SECONDS),
});

/**
 * Refuses (503) when a hash could not even wait for a slot now: a sign-in checks this before
 * it reads the database, so a flood's excess costs as little as possible.
 */
export function assertHashCapacity(): void {
  if (hashing.full) throw new ServiceUnavailable(SIGN_IN_BUSY, BUSY_RETRY_AFTER_SECONDS);
}

/** scrypt within the bound; rejects with ServiceUnavailable (503) when the queue is full. */
function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export interface PasswordHasher {
  /** "scrypt$N$r$p$salt$hash" with base64url salt and hash, at this hasher's cost. */
  hash(password: string): Promise<string>;
  /** Checks against a stored hash at whatever cost it carries (its N, r and p). */
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * A hash to verify against when the e-mail is unknown, so both cases take as long. It has
   * the parameters of a real one and random bytes for salt and key: verifying against it
   * costs one scrypt (within the bound), and no password matches it.
   */
  decoyHash: string;
}

/**
 * Hashes at scrypt N = 2^cost (r = 8, p = 1). Production keeps PRODUCTION_HASH_COST; tests
 * lower it with PASSWORD_HASH_COST (server/config.ts). Every hash carries its parameters,
 * so a hash of either cost verifies whatever the cost of the hasher.
 */
export function createPasswordHasher(cost: number = PRODUCTION_HASH_COST): PasswordHasher {
  if (!Number.isInteger(cost) || cost < MIN_HASH_COST || cost > PRODUCTION_HASH_COST) {
    throw new RangeError(
      `The password hash cost must be an integer from ${MIN_HASH_COST} to ${PRODUCTION_HASH_COST}.`,
    );
  }
  const N = 2 ** cost;
  const encode = (salt: Buffer, key: Buffer) =>
    ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
  return {
    async hash(password) {
      const salt = randomBytes(16);
      return encode(salt, await scrypt(password, salt, { N, r: R, p: P, maxmem: maxMemory(N, R) }));
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, hash] = stored.split("$");
      if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
      const options = { N: Number(n), r: Number(r), p: Number(p) };
      const expected = Buffer.from(hash, "base64url");
      const actual = await scrypt(password, Buffer.from(salt, "base64url"), {
        ...options,
        maxmem: maxMemory(options.N, options.r),
      });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    decoyHash: encode(randomBytes(16), randomBytes(KEY_LENGTH)),
  };
}

/** A random password for a new admin: 20 characters from a 56-letter alphabet (~116 bits). */
export function generatePassword(length = 20): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(length * 2);
  let out = "";
  for (const byte of bytes) {
    // 56 * 4 = 224: reject bytes above it so every letter is equally likely.
    if (byte < 224) out += alphabet[byte % alphabet.length];
    if (out.length === length) return out;
  }
  return out + generatePassword(length - out.length);
}
