import { DatabaseUnavailable } from "../db/availability.ts";
import type { ChangeFeed } from "./changes.ts";

/** How long a read is reused when no write is heard. */
export const CACHED_READ_MS = 5000;

/**
 * A read the public pages make on every render (the content, the prices, the videos), kept
 * in memory until the next write this process hears of on the change feed (any topic), or
 * for `maxAgeMs` at most: a write another instance makes reaches this feed through the
 * change relay (lib/change-relay.ts) when one is set up, and shows here within seconds when
 * not. What it answers is shared by every caller until then: read it, never change it.
 *
 * While the database is unavailable (issue 28) a read that fails answers the last value
 * read since the last write instead, and is tried again `maxAgeMs` later: the pages keep
 * rendering from memory through an outage, and nothing written is hidden by it.
 */
export function cachedRead<T>(
  changes: ChangeFeed,
  read: () => Promise<T>,
  maxAgeMs = CACHED_READ_MS,
): () => Promise<T> {
  let cached: Promise<T> | undefined;
  let cachedAt = 0;
  let writes = 0;
  let lastGood: { value: T } | undefined;
  changes.subscribe(() => {
    writes += 1;
    cached = undefined;
    lastGood = undefined;
  });
  return () => {
    if (cached && Date.now() - cachedAt < maxAgeMs) return cached;
    const version = writes;
    const reading = read().then(
      (value) => {
        if (writes === version) lastGood = { value };
        return value;
      },
      (error: unknown) => {
        if (error instanceof DatabaseUnavailable && lastGood && writes === version) {
          return lastGood.value;
        }
        throw error;
      },
    );
    cached = reading;
    cachedAt = Date.now();
    // A read that started before a write must not be kept after it; nor a failed one.
    reading.then(
      () => {
        if (writes !== version && cached === reading) cached = undefined;
      },
      () => {
        if (cached === reading) cached = undefined;
      },
    );
    return reading;
  };
}
