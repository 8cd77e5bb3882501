import { createHmac, type KeyObject } from "node:crypto";
import { isIP } from "node:net";
import { isbot } from "isbot";

// Who a beacon comes from, as little as needed to count a visitor once a day (issue 33,
// decision 0037): a keyed hash of the day's salt, the address cut to its network (/24 for
// IPv4, /48 for IPv6) and the browser's family. The key never leaves memory (and Redis,
// with REDIS_URL); it is never logged or written to the database, and the salt it is made
// with is deleted the next day, so no two days can be linked.

/** The browser families a visitor key tells apart (cheap string checks, no parser). */
export const BROWSER_FAMILIES = [
  "Edge",
  "Opera",
  "Samsung Internet",
  "Chrome",
  "Firefox",
  "Safari",
  "Other",
] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];

/** The family of a User-Agent; the order of the checks matters (Edge says Chrome too). */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/\bEdg(?:e|A|iOS)?\//.test(userAgent)) return "Edge";
  if (userAgent.includes("OPR/") || userAgent.includes("Opera") || userAgent.includes("OPiOS/")) {
    return "Opera";
  }
  if (userAgent.includes("SamsungBrowser/")) return "Samsung Internet";
  if (userAgent.includes("Chrome/") || userAgent.includes("CriOS/")) return "Chrome";
  if (userAgent.includes("Firefox/") || userAgent.includes("FxiOS/")) return "Firefox";
  if (userAgent.includes("Safari/")) return "Safari";
  return "Other";
}

/** What a User-Agent says about counting: a bot is not counted; a browser, by family. */
export type Agent = { bot: true } | { bot: false; family: BrowserFamily };

/**
 * A User-Agent longer than this is not counted (no browser sends one; isbot's regular
 * expression over kilobytes of made-up header would cost more than the whole beacon).
 */
export const USER_AGENT_MAX = 1000;
/** User-Agent strings whose verdict is remembered; a real site sees a few hundred a day. */
const AGENTS_KEPT = 2000;
const BOT: Agent = { bot: true };

const agents = new Map<string, Agent>();

/**
 * isbot's verdict and the browser family of a User-Agent, remembered per string (the
 * regular expression costs several microseconds; the same few strings come again and
 * again). At most AGENTS_KEPT strings: the oldest is forgotten first.
 */
export function agentOf(userAgent: string | undefined): Agent {
  if (!userAgent || userAgent.length > USER_AGENT_MAX) return BOT;
  let agent = agents.get(userAgent);
  if (agent === undefined) {
    agent = isbot(userAgent) ? BOT : { bot: false, family: browserFamily(userAgent) };
    if (agents.size >= AGENTS_KEPT) agents.delete(agents.keys().next().value!);
    agents.set(userAgent, agent);
  }
  return agent;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is none. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes its two groups.
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    if (isIP(tail) !== 4) return undefined;
    const [a, b, c, d] = tail.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const part = (half: string) => (half === "" ? [] : half.split(":").map((g) => parseInt(g, 16)));
  const head = part(halves[0]!);
  const rest = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [...head, ...Array<number>(missing).fill(0), ...rest];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * The network of an address, as counted: an IPv4 address's first three bytes (/24), an
 * IPv6 address's first three groups (/48), an IPv4-mapped IPv6 address as its IPv4. A
 * household or office behind one router counts as one visitor per browser family, and the
 * key says nothing about which machine it was.
 */
export function truncatedAddress(address: string): string {
  if (isIP(address) === 4) return address.slice(0, address.lastIndexOf("."));
  const groups = ipv6Groups(address);
  if (!groups) return "";
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}`;
  }
  return groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":");
}

/**
 * The network of an address as people read it: "102.89.34.0/24", "2c0f:2a80:10::/48" (an
 * IPv4-mapped IPv6 address as its IPv4 network); "" when it is no address. The same cut as
 * `truncatedAddress` (the staff's Devices list and new-device mails, issue 34).
 */
export function networkOf(address: string): string {
  const network = truncatedAddress(address);
  if (network === "") return "";
  if (network.includes(".")) return `${network}.0/24`;
  // Trailing zero groups go into the "::": "2001:db8:0" is "2001:db8::/48".
  return `${network.replace(/(^|:)0(:0)*$/, "")}::/48`;
}

/** The byte length of a visitor key (of SHA-256's 32). */
export const VISITOR_KEY_BYTES = 16;

/**
 * The visitor key of (network, family) under `salt`: HMAC-SHA256 keyed by the day's salt,
 * its first 16 bytes as a 16-character latin1 string (a compact key for a Set). The salt is
 * a KeyObject made once a day: given as a Buffer, Node makes one per call, which cost 33 µs
 * of the 37 a key took (4.5 µs with the KeyObject, Node 24, 2026-11-28).
 */
export function visitorKey(salt: KeyObject, address: string, family: BrowserFamily): string {
  return createHmac("sha256", salt)
    .update(`${truncatedAddress(address)}\n${family}`)
    .digest()
    .toString("latin1", 0, VISITOR_KEY_BYTES);
}

/**
 * The key of a visitor's network alone, under `salt` (no browser family): what the day's
 * limit on new paths counts by (issue 46), so that changing the User-Agent does not give a
 * script another share. Kept in memory for the day, as the visitor keys are.
 */
export function networkKey(salt: KeyObject, address: string): string {
  return createHmac("sha256", salt)
    .update(`${truncatedAddress(address)}\n*`)
    .digest()
    .toString("latin1", 0, VISITOR_KEY_BYTES);
}
