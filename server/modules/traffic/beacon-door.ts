import type { IncomingMessage, ServerResponse } from "node:http";
import { BlockList, isIP } from "node:net";
import { invalidAnswer } from "../../../common/messages.ts";
import { pageViewBeaconSchema } from "../../../common/schemas/traffic.ts";
import { BEACON_MAX_BYTES, TRAFFIC_BEACON_PATH } from "../../../common/traffic.ts";
import { joinHeaders, type FrontDoor, type Prepared } from "../../web/front-door.ts";
import { parseBeaconBody } from "./beacon-routes.ts";
import type { TrafficCounter } from "./counter.ts";

// The beacon at the front door (issue 33): POST /api/traffic/views answered before Fastify,
// as the build files and the render cache are, with the same validation and the same
// counting as the route (beacon-routes.ts), which stays for the OpenAPI document, app.inject
// and every request the door leaves to it (a body that is not plainly framed, too large, of
// another type, compressed, or a query string): those get Fastify's answers (413, 415…).
// Through Fastify's routing and hooks (helmet's nonce, the request log, compression…) a
// beacon cost 4× the bare hello-world's answer in CPU (2,800 beacons per CPU second); here
// 2–2.7× (4,760–4,860), side by side in `node bench/traffic.mjs` on 2026-11-28, a machine
// so loaded that the hello-world did 9,300–13,000 answers per CPU second.

/** proxy-addr's named ranges, as TRUST_PROXY accepts them (server/config.ts). */
const NAMED_RANGES: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/** The prefix length of an IPv4 netmask (255.255.255.0 is 24). */
function maskLength(mask: string): number {
  return mask
    .split(".")
    .map((part) => Number(part).toString(2).replace(/0/g, "").length)
    .reduce((a, b) => a + b, 0);
}

/**
 * The client's address of a raw request, as Fastify's request.ip gives it for the same
 * TRUST_PROXY (proxy-addr's rule): from the connecting peer back through X-Forwarded-For,
 * the first address that is not a trusted proxy, else the farthest one.
 */
export function clientAddressOf(trustProxy: boolean | string) {
  let trusted: (address: string) => boolean;
  if (trustProxy === false) {
    return (request: IncomingMessage) => request.socket.remoteAddress ?? "";
  }
  if (trustProxy === true) trusted = () => true;
  else {
    const list = new BlockList();
    for (const entry of trustProxy.split(",").map((part) => part.trim())) {
      const named = NAMED_RANGES[entry];
      if (named) {
        for (const [network, prefix, type] of named) list.addSubnet(network, prefix, type);
        continue;
      }
      const [address = "", prefix] = entry.split("/");
      const type = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) list.addAddress(address, type);
      else {
        list.addSubnet(address, isIP(prefix) === 4 ? maskLength(prefix) : Number(prefix), type);
      }
    }
    trusted = (address) => {
      const version = isIP(address);
      return version !== 0 && list.check(address, version === 6 ? "ipv6" : "ipv4");
    };
  }
  return (request: IncomingMessage): string => {
    const peer = request.socket.remoteAddress ?? "";
    if (!trusted(peer)) return peer;
    const header = request.headers["x-forwarded-for"];
    if (!header) return peer;
    const hops = (Array.isArray(header) ? header.join(",") : header)
      .split(",")
      .map((part) => part.trim());
    let address = peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      address = hops[i]!;
      if (!trusted(address)) return address;
    }
    return address;
  };
}

/** `text/plain` or `application/json`, with or without parameters. */
const BEACON_TYPE = /^\s*(?:text\/plain|application\/json)\s*(?:;|$)/i;

function prepared(status: number, headers: Record<string, string | number>, text = ""): Prepared {
  return { status, headers, text, body: Buffer.from(text, "latin1"), ...joinHeaders(headers) };
}

/**
 * The door's answer to beacons; false for anything else, or for a beacon it leaves to the
 * Fastify route (which answers 413, 415 and the like the same way as every other route).
 */
export function beaconAtTheDoor(deps: {
  door: FrontDoor;
  traffic: TrafficCounter;
  trustProxy: boolean | string;
  securityHeaders: Record<string, string>;
}) {
  const { door, traffic, securityHeaders } = deps;
  const clientAddress = clientAddressOf(deps.trustProxy);
  const accepted = prepared(202, {
    ...securityHeaders,
    "cache-control": "no-store",
    "content-length": 0,
  });
  const invalid = (answer: { error: string }) => {
    const text = JSON.stringify(answer);
    return prepared(
      400,
      {
        ...securityHeaders,
        "cache-control": "no-store",
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(text),
      },
      // JSON.stringify leaves non-ASCII as is: latin1 would mangle it.
      text.replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
      ),
    );
  };

  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== "POST" || request.url !== TRAFFIC_BEACON_PATH) return false;
    const { headers } = request;
    const length = Number(headers["content-length"]);
    if (
      !(length > 0 && length <= BEACON_MAX_BYTES) ||
      headers["transfer-encoding"] !== undefined ||
      headers["content-encoding"] !== undefined ||
      !BEACON_TYPE.test(headers["content-type"] ?? "")
    ) {
      return false;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    request.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received <= BEACON_MAX_BYTES) chunks.push(chunk);
    });
    request.on("error", () => response.destroy());
    request.on("end", () => {
      let body: unknown;
      try {
        body = parseBeaconBody(Buffer.concat(chunks).toString("utf8"));
      } catch (error) {
        door.write(request, response, invalid({ error: (error as Error).message }));
        return;
      }
      const beacon = pageViewBeaconSchema.safeParse(body);
      if (!beacon.success) {
        door.write(request, response, invalid(invalidAnswer(beacon.error.issues)));
        return;
      }
      traffic.record(beacon.data, { ip: clientAddress(request), headers });
      door.write(request, response, accepted);
    });
    return true;
  };
}
