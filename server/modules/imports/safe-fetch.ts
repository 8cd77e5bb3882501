import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

// Pictures of an old site, fetched without server-side request forgery (issue 51, decision
// 0044): only from the hosts of the export's own site, never from a private, loopback,
// link-local or otherwise non-public address (the address the name resolves to is checked,
// and the connection goes to that very address, so a DNS answer cannot change between the
// check and the connection), a redirect followed only to those hosts and checked again, a
// time limit on the whole fetch and a size limit on the bytes read. One explicit allowance,
// IMPORT_ALLOW_HOSTS (host:port pairs, empty by default), lets tests stand the old site in
// on 127.0.0.1.

/** Why a picture was not fetched: said in the import's report. */
export class PictureRefused extends Error {}

export interface SafeFetchOptions {
  /** The hosts (lower case, without "www.") the pictures may come from. */
  hosts: ReadonlySet<string>;
  /** host:port pairs fetched although their addresses are private (IMPORT_ALLOW_HOSTS). */
  allow: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

const MAX_REDIRECTS = 3;

/**
 * A site as the rule compares them: its host and port (a URL's `host`), lower case, without
 * a leading "www." — another port is another site.
 */
export const siteHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

/** Whether an address is a public one (not private, loopback, link-local, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

/** Whether IMPORT_ALLOW_HOSTS names this host and port. */
const allowed = (url: URL, allow: readonly string[]) =>
  allow.includes(`${url.hostname.toLowerCase()}:${portOf(url)}`);

/** The DNS lookup of a fetch: every address of the name must be public (unless allowed). */
function checkedLookup(exempt: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }).then(
      (addresses) => {
        const bad = addresses.find((entry) => !isPublicAddress(entry.address));
        if (addresses.length === 0 || (bad && !exempt)) {
          callback(
            new PictureRefused(
              `${hostname} is a private address (${bad?.address ?? "none"}): not fetched`,
            ),
            "",
            0,
          );
          return;
        }
        const first =
          addresses.find((entry) => (options.family ? entry.family === options.family : true)) ??
          addresses[0]!;
        if (options.all) callback(null, [first]);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
}

function checkUrl(url: URL, options: SafeFetchOptions, redirected: boolean): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new PictureRefused(`${url.protocol} addresses are not fetched`);
  }
  if (url.username || url.password) throw new PictureRefused("an address with a password");
  if (!options.hosts.has(siteHost(url.host))) {
    throw new PictureRefused(
      redirected
        ? `redirected to another site (${url.host}): not fetched`
        : `on another site (${url.host}): not fetched`,
    );
  }
  const exempt = allowed(url, options.allow);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !exempt && !isPublicAddress(literal)) {
    throw new PictureRefused(`${literal} is a private address: not fetched`);
  }
  return exempt;
}

function get(url: URL, exempt: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      {
        lookup: checkedLookup(exempt),
        signal,
        headers: { "user-agent": "agency-site-import/1 (moving a site in)", accept: "image/*" },
        // Every request on a connection of its own: none is kept to an address checked once.
        agent: false,
      },
      resolve,
    );
    request.on("error", reject);
  });
}

/**
 * The bytes of a picture at `address`: at most `maxBytes`, within `timeoutMs` for the
 * whole fetch (redirects included). Throws PictureRefused with the report's reason.
 */
export async function fetchPicture(address: string, options: SafeFetchOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PictureRefused("not an address");
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    for (let hop = 0; ; hop++) {
      const exempt = checkUrl(url, options, hop > 0);
      const response = await get(url, exempt, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new PictureRefused("too many redirects");
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new PictureRefused(`the old site answered ${status}`);
      }
      const declared = Number(response.headers["content-length"] ?? 0);
      if (declared > options.maxBytes) {
        response.destroy();
        throw new PictureRefused(`larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      for await (const chunk of response as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > options.maxBytes) {
          response.destroy();
          throw new PictureRefused(`larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
        }
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof PictureRefused) throw error;
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) {
      throw new PictureRefused(`no answer within ${Math.round(options.timeoutMs / 1000)} s`);
    }
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof PictureRefused) throw cause;
    const code = (error as NodeJS.ErrnoException).code;
    throw new PictureRefused(`could not be fetched (${code ?? (error as Error).message})`);
  }
}
