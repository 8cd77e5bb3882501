import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";

/**
 * Asks the CDN in front of the site to drop its copies after a write: a POST of
 * `{"purge_everything":true}` with the token as a bearer (Cloudflare's purge API; a proxy
 * of another CDN can take the same call). Writes that come together make one call: the
 * purge waits `delayMs` for the burst to end. A failure is logged; the CDN's copies then
 * age out by their `s-maxage`.
 */
export function createCdnPurger(
  purge: NonNullable<Config["cdnPurge"]>,
  log: FastifyBaseLogger,
  delayMs = 1000,
) {
  let timer: NodeJS.Timeout | undefined;
  const send = async () => {
    timer = undefined;
    try {
      const response = await fetch(purge.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(purge.token ? { authorization: `Bearer ${purge.token}` } : {}),
        },
        body: JSON.stringify({ purge_everything: true }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) log.warn({ status: response.status }, "CDN purge refused");
    } catch (error) {
      log.warn({ err: error }, "CDN purge failed");
    }
  };
  return {
    request(): void {
      timer ??= setTimeout(() => void send(), delayMs);
    },
    close(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
