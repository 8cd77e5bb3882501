import type { IncomingHttpHeaders } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import { sourceKey } from "../../../common/lead-source.ts";
import { dayIn, dayStart } from "../../../common/time-zone.ts";
import {
  deviceClass,
  MAX_PATHS_PER_DAY,
  NEW_PATHS_PER_NETWORK,
  OTHER_PATH,
  TRAFFIC_FLUSH_MS,
  type PageViewBeacon,
} from "../../../common/traffic.ts";
import { DatabaseUnavailable } from "../../db/availability.ts";
import type { Database } from "../../db/schema.ts";
import { cachedRead } from "../../lib/cached-read.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import { throttledWarning } from "../../lib/throttled-warning.ts";
import { addCounts, type PageCounts, type VisitorCounts } from "./repository.ts";
import { readTrafficSettings } from "./settings.ts";
import { createSaltStore } from "./salts.ts";
import { agentOf, networkKey, visitorKey, type BrowserFamily } from "./visitor-key.ts";

// The visitor counter (issue 33, decision 0037). A beacon costs no database work: it is
// added to counts in memory, per (day, path, source, device) and (day, source, campaign,
// device), and every TRAFFIC_FLUSH_MS those counts are added to the tables in one
// transaction of additive upserts. Visitors are told apart by their key of the day
// (visitor-key.ts), kept in memory for that day only, and in Redis when the instances
// share one (a visitor moving between instances counts once).

/**
 * A visitor's views beyond this many a day are not counted: no reader views 300 pages in a
 * day; a script reloading a page does, and would otherwise swell one page's figures.
 */
export const VIEWS_PER_VISITOR_MAX = 300;

/**
 * Memory bounds of a day (per instance). Each visitor key is a 16-character string in a Map
 * (about 100 bytes with the entry), each (visitor, path) pair a string in a Set (about 120
 * bytes): 2 million of each is some 450 MB at the very worst, reached only by a flood of
 * made-up addresses. Beyond either bound the day's views are still counted, its new
 * visitors (or new visitors of a page) no longer.
 */
export const MAX_VISITORS_PER_DAY = 2_000_000;
export const MAX_PAGE_VISITS_PER_DAY = 2_000_000;

/**
 * The paths this instance has answered with a page (`answered`), kept for its lifetime:
 * counted by name whatever the day's limits on other paths. Beyond this many, the oldest
 * is forgotten first (it is then counted as any other path until answered again).
 */
export const MAX_ANSWERED_PATHS = 20_000;

/** How long the day's visitor sets live in Redis: the day, and the next one to be safe. */
const REDIS_TTL_SECONDS = 2 * 86_400;

/** What the counter needs of a request: its client's address and its headers. */
export interface BeaconRequest {
  /** The client's address as Fastify's request.ip gives it (TRUST_PROXY applied). */
  ip: string;
  headers: IncomingHttpHeaders;
}

/** Why a beacon is left out, before anything about its visitor is worked out. */
export type NotCounted = "staff" | "back-office" | "bot" | "prefetch";

const firstHeader = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** A path of the back office or the API: never counted (a beacon there is no visit). */
function isOwnPath(path: string): boolean {
  for (const prefix of ["/admin", "/api"]) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return true;
  }
  return false;
}

/** Whether the request is a prefetch or prerender the browser made ahead of a visit. */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const secPurpose = firstHeader(headers["sec-purpose"]);
  if (secPurpose && /prefetch|prerender/i.test(secPurpose)) return true;
  const purpose = firstHeader(headers.purpose);
  if (purpose && /prefetch|prerender/i.test(purpose)) return true;
  const xMoz = firstHeader(headers["x-moz"]);
  return xMoz !== undefined && /prefetch/i.test(xMoz);
}

/** Whether the browser asks not to be tracked (Sec-GPC: 1, DNT: 1). */
export function asksNotToBeTracked(headers: IncomingHttpHeaders): boolean {
  return (
    firstHeader(headers["sec-gpc"])?.trim() === "1" || firstHeader(headers.dnt)?.trim() === "1"
  );
}

/**
 * Why a beacon is not counted whatever the settings, or undefined: a staff member's request
 * (Authorization), a path of the back office or the API, a bot or no User-Agent, a
 * prefetch. Answers the browser family of a countable one.
 */
export function screen(
  beacon: PageViewBeacon,
  headers: IncomingHttpHeaders,
): { skip: NotCounted } | { family: BrowserFamily } {
  if (headers.authorization !== undefined) return { skip: "staff" };
  if (isOwnPath(beacon.path)) return { skip: "back-office" };
  const agent = agentOf(firstHeader(headers["user-agent"]));
  if (agent.bot) return { skip: "bot" };
  if (isPrefetch(headers)) return { skip: "prefetch" };
  return { family: agent.family };
}

/** A day's visitors, as this instance knows them (memory bounded: see MAX_VISITORS_PER_DAY). */
interface DayState {
  day: string;
  /** [start, end) of the day in ms: the day of a beacon without formatting a date. */
  start: number;
  end: number;
  /** Views counted per visitor key today. */
  visitors: Map<string, number>;
  /** Visitor key + "\n" + path: the (visitor, path) pairs seen today. */
  pageVisits: Set<string>;
  /** The distinct paths counted today by name. */
  paths: Set<string>;
  /** How many of them the site had not answered (at most MAX_PATHS_PER_DAY). */
  otherPaths: number;
  /** Per network key: the paths it brought that the site had not answered. */
  newPathsBy: Map<string, number>;
}

/** A visitor new to this instance, to be checked against Redis at the next flush. */
interface Candidate {
  day: string;
  /** "v" for a visitor of the day, "p" for a visitor of a page. */
  set: "v" | "p";
  member: string;
  row: { visitors: number };
}

export interface TrafficCounterDeps {
  db: Kysely<Database>;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
  clock?: () => number;
  /** How often the counts are written (ms); 0: only when flush() is called (tests). */
  flushMs?: number;
}

export function createTrafficCounter(deps: TrafficCounterDeps) {
  const { db, log } = deps;
  const clock = deps.clock ?? Date.now;
  const warn = throttledWarning(log);
  const salts = createSaltStore({ db, clock });
  // Read only for beacons that send Sec-GPC or DNT; a save on the settings screen is heard
  // on the change feed, from this instance or (through the relay) another.
  const respectDnt = cachedRead(
    deps.changes,
    async () => (await readTrafficSettings(db)).respectDnt,
  );

  let today: DayState | undefined;
  /** The paths this instance answered with a page (see MAX_ANSWERED_PATHS), oldest first. */
  const answeredPaths = new Set<string>();
  let pages = new Map<string, PageCounts>();
  let visitorRows = new Map<string, VisitorCounts>();
  let candidates: Candidate[] = [];
  let redis: { client: Redis; prefix: string } | undefined;
  /** Days whose Redis sets are to be deleted (the day has passed). */
  let redisDaysGone: string[] = [];
  /** Beacons waiting for the salt of the day or the settings. */
  const waiting = new Set<Promise<void>>();
  let flushing: Promise<void> = Promise.resolve();
  const stats = { counted: 0, flushes: 0, statements: 0 };

  function dayOf(now: number): DayState {
    if (today && now >= today.start && now < today.end) return today;
    const day = dayIn(now);
    if (today?.day === day) return today;
    // A new day: yesterday's visitors are forgotten here, and in Redis at the next flush.
    if (today && redis) redisDaysGone.push(today.day);
    today = {
      day,
      start: Date.parse(dayStart(day)),
      end: Date.parse(dayStart(day, 1)),
      visitors: new Map(),
      pageVisits: new Set(),
      paths: new Set(),
      otherPaths: 0,
      newPathsBy: new Map(),
    };
    return today;
  }

  function pageRow(day: string, path: string, source: string, device: string): PageCounts {
    const id = `${day}\n${path}\n${source}\n${device}`;
    let row = pages.get(id);
    if (!row) pages.set(id, (row = { day, path, source, device, visitors: 0, views: 0 }));
    return row;
  }

  function visitorRow(day: string, source: string, campaign: string, device: string) {
    const id = `${day}\n${source}\n${campaign}\n${device}`;
    let row = visitorRows.get(id);
    if (!row) visitorRows.set(id, (row = { day, source, campaign, device, visitors: 0, views: 0 }));
    return row;
  }

  /**
   * The name a view of `path` is counted under: its own, when the site answered it, when
   * the day has counted it already, or while the day's room for other paths lasts and the
   * visitor's network has not brought NEW_PATHS_PER_NETWORK of them; else OTHER_PATH. So
   * made-up paths, from however many networks, never push the site's pages out.
   */
  function countedPath(state: DayState, path: string, network?: () => string): string {
    if (state.paths.has(path)) return path;
    if (answeredPaths.has(path)) {
      state.paths.add(path);
      return path;
    }
    if (state.otherPaths >= MAX_PATHS_PER_DAY) return OTHER_PATH;
    const by = network?.();
    const brought = by === undefined ? 0 : (state.newPathsBy.get(by) ?? 0);
    if (brought >= NEW_PATHS_PER_NETWORK) return OTHER_PATH;
    if (by !== undefined) state.newPathsBy.set(by, brought + 1);
    state.otherPaths += 1;
    state.paths.add(path);
    return path;
  }

  /**
   * Adds one view to the day's counts; `key` is the visitor's key, or undefined when it
   * cannot be made (the salt could not be loaded): then the view counts, the visitor not.
   * `network` makes the key of the visitor's network, when a new path needs it.
   */
  function add(
    state: DayState | undefined,
    day: string,
    beacon: PageViewBeacon,
    key?: string,
    network?: () => string,
  ) {
    let visitorViews: number | undefined;
    let newVisitor = false;
    if (state && key !== undefined) {
      visitorViews = state.visitors.get(key);
      if (visitorViews === undefined) {
        if (state.visitors.size < MAX_VISITORS_PER_DAY) {
          state.visitors.set(key, 1);
          newVisitor = true;
        }
      } else if (visitorViews >= VIEWS_PER_VISITOR_MAX) {
        return;
      } else state.visitors.set(key, visitorViews + 1);
    }
    const path = state ? countedPath(state, beacon.path, network) : beacon.path;
    let newPageVisit = false;
    if (state && key !== undefined && (newVisitor || visitorViews !== undefined)) {
      const pair = `${key}\n${path}`;
      if (!state.pageVisits.has(pair) && state.pageVisits.size < MAX_PAGE_VISITS_PER_DAY) {
        state.pageVisits.add(pair);
        newPageVisit = true;
      }
    }
    const source = sourceKey(beacon);
    const device = deviceClass(beacon.width);
    const page = pageRow(day, path, source, device);
    const visit = visitorRow(day, source, beacon.utmCampaign?.trim() ?? "", device);
    page.views += 1;
    visit.views += 1;
    stats.counted += 1;
    if (redis) {
      // Whether another instance has seen them today is asked at the flush.
      if (newVisitor) candidates.push({ day, set: "v", member: key!, row: visit });
      if (newPageVisit) candidates.push({ day, set: "p", member: `${key}\n${path}`, row: page });
    } else {
      if (newVisitor) visit.visitors += 1;
      if (newPageVisit) page.visitors += 1;
    }
  }

  function wait(work: Promise<void>): void {
    waiting.add(work);
    void work.finally(() => waiting.delete(work));
  }

  /** Counts a beacon already screened, keyed with the salt of its day. */
  function count(beacon: PageViewBeacon, ip: string, family: BrowserFamily): void {
    const state = dayOf(clock());
    const salt = salts.ready(state.day);
    if (salt) {
      add(state, state.day, beacon, visitorKey(salt, ip, family), () => networkKey(salt, ip));
      return;
    }
    const { day } = state;
    wait(
      salts.get(day).then(
        (loaded) => {
          add(
            today?.day === day ? today : undefined,
            day,
            beacon,
            visitorKey(loaded, ip, family),
            () => networkKey(loaded, ip),
          );
        },
        (error: unknown) => {
          warn(
            "traffic-salt",
            error,
            "the salt of the day cannot be read: views are counted, visitors not until it can",
          );
          add(undefined, day, beacon);
        },
      ),
    );
  }

  /** Asks Redis which candidates are new to every instance today; fails open. */
  async function sharedNew(list: Candidate[]): Promise<boolean[]> {
    const client = redis?.client;
    if (!client || list.length === 0) return list.map(() => true);
    const key = (day: string, set: string) => `${redis!.prefix}:traffic:${day}:${set}`;
    const pipeline = client.pipeline();
    const keys = new Set<string>();
    for (const candidate of list) {
      const setKey = key(candidate.day, candidate.set);
      pipeline.sadd(setKey, candidate.member);
      keys.add(setKey);
    }
    for (const setKey of keys) pipeline.expire(setKey, REDIS_TTL_SECONDS);
    try {
      const answers = (await pipeline.exec()) ?? [];
      return list.map((_, i) => {
        const [error, added] = answers[i] ?? [new Error("no answer"), 0];
        // A command that failed counts the visitor here (as without Redis).
        return error !== null || added === 1;
      });
    } catch (error) {
      warn(
        "traffic-redis",
        error,
        "Redis is unreachable: visitors are counted per instance until it is back",
      );
      return list.map(() => true);
    }
  }

  /** Deletes the Redis sets of the days that have passed (once their candidates are in). */
  async function forgetPastDays(): Promise<void> {
    const client = redis?.client;
    if (!client || redisDaysGone.length === 0) return;
    const days = redisDaysGone;
    redisDaysGone = [];
    try {
      await client.del(
        ...days.flatMap((day) => ["v", "p"].map((s) => `${redis!.prefix}:traffic:${day}:${s}`)),
      );
    } catch {
      // They expire within two days anyway.
    }
  }

  async function flushOnce(): Promise<void> {
    while (waiting.size > 0) await Promise.all([...waiting]);
    const pending = { pages, visitors: visitorRows };
    const asked = candidates;
    pages = new Map();
    visitorRows = new Map();
    candidates = [];
    const isNew = await sharedNew(asked);
    asked.forEach((candidate, i) => {
      if (isNew[i]) candidate.row.visitors += 1;
    });
    await forgetPastDays();
    try {
      stats.statements += await addCounts(
        db,
        [...pending.pages.values()],
        [...pending.visitors.values()],
      );
      stats.flushes += 1;
    } catch (error) {
      // Kept for the next flush, added to what comes meanwhile: nothing lost, nothing
      // counted twice (the transaction wrote none of it).
      for (const row of pending.pages.values()) {
        const kept = pageRow(row.day, row.path, row.source, row.device);
        kept.visitors += row.visitors;
        kept.views += row.views;
      }
      for (const row of pending.visitors.values()) {
        const kept = visitorRow(row.day, row.source, row.campaign, row.device);
        kept.visitors += row.visitors;
        kept.views += row.views;
      }
      throw error;
    }
  }

  /** Writes what has been counted; one flush at a time, each after the one before. */
  function flush(): Promise<void> {
    const run = flushing.then(flushOnce);
    flushing = run.catch(() => {});
    return run;
  }

  const flushMs = deps.flushMs ?? TRAFFIC_FLUSH_MS;
  const timer =
    flushMs > 0
      ? setInterval(() => {
          flush().catch((error: unknown) => {
            if (!(error instanceof DatabaseUnavailable)) {
              warn(
                "traffic-flush",
                error,
                "the visit counts could not be written: kept for the next try",
              );
            }
          });
        }, flushMs)
      : undefined;
  timer?.unref();

  return {
    /**
     * Counts a page view unless it is not to be counted (see `screen`; Sec-GPC or DNT when
     * an owner asked to honour them). Never throws, never waits: the answer does not depend
     * on it, and it costs no database work (the salt of the day is read once a day).
     */
    record(beacon: PageViewBeacon, request: BeaconRequest): void {
      const verdict = screen(beacon, request.headers);
      if ("skip" in verdict) return;
      if (asksNotToBeTracked(request.headers)) {
        wait(
          respectDnt().then(
            (respect) => {
              if (!respect) count(beacon, request.ip, verdict.family);
            },
            // The setting cannot be read: not counted, the safe side for the visitor.
            () => {},
          ),
        );
        return;
      }
      count(beacon, request.ip, verdict.family);
    },
    flush,
    /**
     * Tells the counter that this instance answered `path` with a page (the pages' own
     * renders): its views are then counted by name, whatever the day's limits on others.
     */
    answered(path: string): void {
      if (answeredPaths.has(path)) return;
      if (answeredPaths.size >= MAX_ANSWERED_PATHS) {
        answeredPaths.delete(answeredPaths.values().next().value!);
      }
      answeredPaths.add(path);
    },
    /** Redis, once scale-out has connected to it (the services are built before). */
    useRedis(client: Redis | undefined, prefix: string): void {
      redis = client ? { client, prefix } : undefined;
    },
    /** Beacons counted, flushes written and upsert statements run, since the start. */
    stats: (): Readonly<typeof stats> => ({ ...stats }),
    /** Stops the timer and writes what is left (the app is closing; before the database). */
    async close(): Promise<void> {
      clearInterval(timer);
      try {
        await flush();
      } catch (error) {
        log.error({ err: error }, "the last visit counts could not be written at shutdown");
      }
    },
  };
}
export type TrafficCounter = ReturnType<typeof createTrafficCounter>;
