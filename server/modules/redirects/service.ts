import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { parse } from "csv-parse/sync";
import {
  redirectInputSchema,
  type NotFoundEntry,
  type ParsedRedirectInput,
  type Redirect,
  type RedirectImportResult,
} from "../../../common/schemas/redirects.ts";
import type { ListPage } from "../../../common/schemas/common.ts";
import { DatabaseUnavailable } from "../../db/availability.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { pageWindow } from "../../db/lists.ts";
import type { Database } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import { throttledWarning } from "../../lib/throttled-warning.ts";
import { canonicalPath } from "../../web/canonical-path.ts";
import { agentOf } from "../traffic/visitor-key.ts";
import {
  createRedirectRepository,
  type HitCount,
  type NotFoundCount,
  type RedirectRow,
  type RedirectWrite,
} from "./repository.ts";

// Redirects (issue 51, decision 0044). Every redirect is held in memory, in one map keyed by
// its old address as `redirectKey` writes it, loaded at start and again after any write heard
// on the change feed (this instance's, or another's through the change relay): a page answer
// looks the map up and never reads the table. Hits and the "Not found" counts are added up in
// memory and written every few seconds as additive updates, like the visit counter's.

/** The change feed's topic of a redirect write. */
export const REDIRECTS_TOPIC = "redirects";
/** How often hits and 404 counts are written. */
export const REDIRECT_FLUSH_MS = 5_000;
/** Addresses the "Not found" list keeps (the newest seen). */
export const NOT_FOUND_KEPT = 5_000;
/** Distinct 404 addresses counted between two flushes; more (a scanner's flood) wait. */
const NOT_FOUND_PER_FLUSH = 5_000;
/** The longest address the "Not found" list keeps. */
const NOT_FOUND_MAX_LENGTH = 500;
/** Query parameters looked up one by one (WordPress's ?p=, ?page_id=, ?cat=…). */
const PARAMS_TRIED = 5;

/** The query's parameters sorted by name (values of one name keep their order). */
function sortedQuery(query: string): string {
  if (query === "") return "";
  const params = [...new URLSearchParams(query)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(params).toString();
}

/** A path as redirects match it: canonical (lower case, decoded), no trailing slash. */
function matchedPath(path: string): string {
  const canonical = canonicalPath(path).toLowerCase();
  return canonical.length > 1 ? canonical.replace(/\/+$/, "") || "/" : canonical;
}

/**
 * An old address as it is stored and matched: its path canonical, lower case and without a
 * trailing slash, and its query sorted by parameter name. "/2023/05/News/" and "/2023/05/news"
 * are one address; "/?p=12" keeps its query.
 */
export function redirectKey(pathAndQuery: string): string {
  const mark = pathAndQuery.indexOf("?");
  const path = matchedPath(mark === -1 ? pathAndQuery : pathAndQuery.slice(0, mark));
  const query = sortedQuery(mark === -1 ? "" : pathAndQuery.slice(mark + 1));
  return query ? `${path}?${query}` : path;
}

/** A redirect's target with the visitor's query kept, unless the target has one of its own. */
function withQuery(to: string, query: string): string {
  if (query === "" || to.includes("?")) return to;
  const hash = to.indexOf("#");
  return hash === -1 ? `${to}?${query}` : `${to.slice(0, hash)}?${query}${to.slice(hash)}`;
}

interface Entry {
  id: string;
  to: string;
  status: number;
}

/** What the request hook answers for a redirected address. */
export interface RedirectAnswer {
  id: string;
  status: number;
  location: string;
}

function toRedirect(row: RedirectRow): Redirect {
  return {
    id: row.id,
    from: row.from_path,
    to: row.to_path,
    status: Number(row.status) === 302 ? 302 : 301,
    hits: Number(row.hits),
    lastHitAt: row.last_hit_at,
    source: row.source === "import" ? "import" : "staff",
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createRedirectService(deps: {
  db: Kysely<Database>;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
  clock?: () => number;
  /** How often counts are written (ms); 0: only when flush() is called (tests). */
  flushMs?: number;
}) {
  const { db, changes, log } = deps;
  const clock = deps.clock ?? Date.now;
  const repo = createRedirectRepository(db);
  const warn = throttledWarning(log);
  const nowIso = () => new Date(clock()).toISOString();

  let map = new Map<string, Entry>();
  let loading: Promise<void> | undefined;
  let stale = true;
  async function load(): Promise<void> {
    stale = false;
    const rows = await repo.all();
    const next = new Map<string, Entry>();
    for (const row of rows) {
      next.set(row.from_path, { id: row.id, to: row.to_path, status: Number(row.status) });
    }
    map = next;
  }
  /** Loads the map again (once at a time; a write heard meanwhile loads it once more after). */
  function reload(): Promise<void> {
    stale = true;
    loading ??= (async () => {
      try {
        while (stale) await load();
      } catch (error) {
        stale = true;
        if (!(error instanceof DatabaseUnavailable)) {
          warn("redirects-load", error, "the redirects could not be read: kept as they were");
        }
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }
  // Any write heard here (ours or another instance's) may have been a redirect's; the map is
  // small and read in one query, so it is read again for the topics that concern it.
  changes.subscribe((topic) => {
    if (topic === REDIRECTS_TOPIC || topic === "relay-resync") void reload();
  });
  const ready = reload();

  let hits = new Map<string, { hits: number; at: string }>();
  let notFound = new Map<string, NotFoundCount>();
  let flushing: Promise<void> = Promise.resolve();

  async function flushOnce(): Promise<void> {
    const hitRows: HitCount[] = [...hits].map(([id, count]) => ({ id, ...count }));
    const missRows = [...notFound.values()];
    hits = new Map();
    notFound = new Map();
    try {
      await repo.addHits(hitRows);
    } catch (error) {
      for (const row of hitRows) countHit(row.id, row.hits, row.at);
      for (const row of missRows) countMiss(row);
      throw error;
    }
    try {
      await repo.addNotFound(missRows, NOT_FOUND_KEPT);
    } catch (error) {
      for (const row of missRows) countMiss(row);
      throw error;
    }
  }
  function flush(): Promise<void> {
    const run = flushing.then(flushOnce);
    flushing = run.catch(() => {});
    return run;
  }
  function countHit(id: string, n: number, at: string) {
    const count = hits.get(id);
    if (count) {
      count.hits += n;
      if (at > count.at) count.at = at;
    } else hits.set(id, { hits: n, at });
  }
  function countMiss(row: NotFoundCount) {
    const count = notFound.get(row.path);
    if (count) {
      count.hits += row.hits;
      count.botHits += row.botHits;
      if (row.last > count.last) count.last = row.last;
      if (row.first < count.first) count.first = row.first;
    } else if (notFound.size < NOT_FOUND_PER_FLUSH) {
      notFound.set(row.path, { ...row });
    }
  }
  const flushMs = deps.flushMs ?? REDIRECT_FLUSH_MS;
  const timer =
    flushMs > 0
      ? setInterval(() => {
          flush().catch((error: unknown) => {
            if (!(error instanceof DatabaseUnavailable)) {
              warn("redirects-flush", error, "redirect hits could not be written: kept for later");
            }
          });
        }, flushMs)
      : undefined;
  timer?.unref();

  /** The loop a redirect from `from` to `to` would close, if the redirects already lead back. */
  function loops(from: string, to: string): boolean {
    let at = to;
    for (let step = 0; step < 20; step++) {
      if (!at.startsWith("/")) return false;
      const key = redirectKey(at);
      if (key === from) return true;
      const next = map.get(key);
      if (!next) return false;
      at = next.to;
    }
    return true;
  }

  async function check(input: ParsedRedirectInput, own?: string) {
    const from = redirectKey(input.from);
    if (input.to.startsWith("/") && redirectKey(input.to) === from) {
      throw new Invalid("The new address is the old one: a redirect there would never end.");
    }
    await ready;
    if (loops(from, input.to)) {
      throw new Invalid(
        "The redirects already lead from the new address back to the old one: this one would make a loop.",
      );
    }
    const taken = await repo.findByFrom(from);
    if (taken && taken.id !== own) {
      throw new Conflict(`A redirect from ${from} exists already. Edit that one.`);
    }
    return { from, to: input.to, status: input.status };
  }

  const changed = () => changes.publish(REDIRECTS_TOPIC);

  return {
    /** Resolves once the redirects are in memory (the first time). */
    ready,

    /**
     * The redirect of a request's address, from memory: the whole address, else the path
     * with one of its first query parameters (WordPress's /?p=123&utm_source=…), else the
     * path alone (the visitor's query then goes along).
     */
    match(url: string): RedirectAnswer | undefined {
      if (map.size === 0) return undefined;
      const mark = url.indexOf("?");
      const path = matchedPath(mark === -1 ? url : url.slice(0, mark));
      const query = mark === -1 ? "" : url.slice(mark + 1);
      if (query !== "") {
        const sorted = sortedQuery(query);
        const whole = map.get(`${path}?${sorted}`);
        if (whole) return { id: whole.id, status: whole.status, location: whole.to };
        let tried = 0;
        for (const [name, value] of new URLSearchParams(query)) {
          if (++tried > PARAMS_TRIED) break;
          const one = map.get(`${path}?${new URLSearchParams([[name, value]]).toString()}`);
          if (one) return { id: one.id, status: one.status, location: one.to };
        }
      }
      const entry = map.get(path);
      if (!entry) return undefined;
      return { id: entry.id, status: entry.status, location: withQuery(entry.to, query) };
    },

    /** Counts a hit (written at the next flush). */
    hit(id: string): void {
      countHit(id, 1, nowIso());
    },

    /** Counts a 404 of a visitor's address (a bot's apart), written at the next flush. */
    missed(url: string, userAgent: string | undefined): void {
      if (url.length > NOT_FOUND_MAX_LENGTH) return;
      const path = redirectKey(url);
      const at = nowIso();
      const bot = agentOf(userAgent).bot;
      countMiss({ path, hits: bot ? 0 : 1, botHits: bot ? 1 : 0, first: at, last: at });
    },

    /** A page of the redirects, newest first, with a search in both addresses. */
    async list(filter: {
      q?: string;
      page: number;
      pageSize: number;
    }): Promise<ListPage<Redirect>> {
      const window = pageWindow(filter.page, filter.pageSize);
      const [rows, total] = await Promise.all([repo.list(filter.q, window), repo.count(filter.q)]);
      return { items: rows.map(toRedirect), total };
    },

    async get(id: string): Promise<Redirect> {
      const row = await repo.find(id);
      if (!row) throw new NotFound("There is no such redirect.");
      return toRedirect(row);
    },

    async create(input: ParsedRedirectInput): Promise<Redirect> {
      const checked = await check(input);
      const now = nowIso();
      const row: RedirectRow = {
        id: randomUUID(),
        from_path: checked.from,
        to_path: checked.to,
        status: checked.status,
        hits: 0,
        last_hit_at: null,
        source: "staff",
        created_at: now,
        updated_at: now,
      };
      try {
        await repo.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new Conflict(`A redirect from ${checked.from} exists already. Edit that one.`);
        }
        throw error;
      }
      // The address is no longer one that answers 404.
      await repo.removeNotFound(checked.from);
      changed();
      await reload();
      return toRedirect(row);
    },

    async update(
      id: string,
      input: ParsedRedirectInput,
    ): Promise<{ before: Redirect; after: Redirect }> {
      const before = await repo.find(id);
      if (!before) throw new NotFound("There is no such redirect.");
      const checked = await check(input, id);
      const now = nowIso();
      // Edited by staff, it is theirs: a later import leaves it as it is.
      const changes = {
        from_path: checked.from,
        to_path: checked.to,
        status: checked.status,
        source: "staff",
        updated_at: now,
      };
      try {
        if (!(await repo.update(id, changes))) throw new NotFound("There is no such redirect.");
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new Conflict(`A redirect from ${checked.from} exists already. Edit that one.`);
        }
        throw error;
      }
      changed();
      await reload();
      return { before: toRedirect(before), after: toRedirect({ ...before, ...changes }) };
    },

    async remove(id: string): Promise<Redirect> {
      const before = await repo.find(id);
      if (!before || !(await repo.remove(id))) throw new NotFound("There is no such redirect.");
      changed();
      await reload();
      return toRedirect(before);
    },

    /**
     * A CSV of redirects: a header row naming `from` and `to` (and `status`, 301 when
     * blank). A known old address is changed; each refused row is named by its line.
     */
    async importCsv(file: Buffer): Promise<RedirectImportResult> {
      let records: { record: string[]; info: { lines: number } }[];
      const notCsv =
        "The file is not a CSV file with a header row naming a From and a To column (and Status).";
      try {
        const text = new TextDecoder("utf-8", { fatal: true }).decode(file);
        if (text.includes("\0")) throw new Invalid(notCsv);
        records = parse(text, {
          bom: true,
          info: true,
          relax_column_count: true,
          skip_empty_lines: true,
          trim: true,
        }) as unknown as typeof records;
      } catch {
        throw new Invalid(notCsv);
      }
      const [header, ...body] = records;
      const names = header?.record.map((name) => name.trim().toLowerCase()) ?? [];
      const fromAt = names.indexOf("from");
      const toAt = names.indexOf("to");
      const statusAt = names.indexOf("status");
      if (fromAt < 0 || toAt < 0) throw new Invalid(notCsv);
      await ready;
      const result: RedirectImportResult = { added: 0, updated: 0, errors: [] };
      for (const { record, info } of body) {
        const parsed = redirectInputSchema.safeParse({
          from: record[fromAt] ?? "",
          to: record[toAt] ?? "",
          status: statusAt >= 0 && record[statusAt] ? record[statusAt] : 301,
        });
        if (!parsed.success) {
          result.errors.push({ line: info.lines, message: parsed.error.issues[0]!.message });
          continue;
        }
        const from = redirectKey(parsed.data.from);
        const existing = await repo.findByFrom(from);
        try {
          const checked = await check(parsed.data, existing?.id);
          const now = nowIso();
          if (existing) {
            await repo.update(existing.id, {
              to_path: checked.to,
              status: checked.status,
              source: "staff",
              updated_at: now,
            });
            result.updated++;
          } else {
            await repo.insert({
              id: randomUUID(),
              from_path: checked.from,
              to_path: checked.to,
              status: checked.status,
              hits: 0,
              last_hit_at: null,
              source: "staff",
              created_at: now,
              updated_at: now,
            });
            await repo.removeNotFound(checked.from);
            result.added++;
          }
          // Later rows are checked against this one (a loop made over two rows).
          map.set(checked.from, { id: existing?.id ?? "", to: checked.to, status: checked.status });
        } catch (error) {
          if (error instanceof Invalid || error instanceof Conflict) {
            result.errors.push({ line: info.lines, message: error.message });
            continue;
          }
          throw error;
        }
      }
      if (result.added + result.updated > 0) changed();
      await reload();
      return result;
    },

    /**
     * The redirects an import makes (decision 0044), written in `into` (the import's
     * transaction): an address staff already redirect stays theirs. The map is read again
     * when the import publishes the change (`announce`), not per post.
     */
    async writeImported(rows: readonly RedirectWrite[], into?: Kysely<Database>): Promise<void> {
      const keyed = new Map<string, RedirectWrite & { id: string }>();
      for (const row of rows) {
        const from = redirectKey(row.from);
        if (row.to.startsWith("/") && redirectKey(row.to) === from) continue;
        // An old site's address may not take the API, the back office or the server's files.
        if (redirectInputSchema.shape.from.safeParse(from).success === false) continue;
        keyed.set(from, { id: randomUUID(), from, to: row.to, status: row.status });
      }
      await repo.writeImported([...keyed.values()], nowIso(), into);
    },

    /** Tells every instance that redirects changed (after an import's batch of writes). */
    announce: changed,

    /** The 404 addresses, seen last first (without `bots`, the ones visitors asked for). */
    async notFound(filter: {
      bots: boolean;
      page: number;
      pageSize: number;
    }): Promise<ListPage<NotFoundEntry>> {
      const window = pageWindow(filter.page, filter.pageSize);
      const [rows, total] = await Promise.all([
        repo.listNotFound(filter.bots, window),
        repo.countNotFound(filter.bots),
      ]);
      return {
        items: rows.map((row) => ({
          path: row.path,
          hits: Number(row.hits),
          botHits: Number(row.bot_hits),
          firstSeenAt: row.first_seen_at,
          lastSeenAt: row.last_seen_at,
        })),
        total,
      };
    },

    /** Drops an address from the "Not found" list. */
    async dismissNotFound(path: string): Promise<void> {
      if (!(await repo.removeNotFound(path))) {
        throw new NotFound("That address is not in the list.");
      }
    },

    flush,

    /** Stops the timer and writes what is left (the app is closing; before the database). */
    async close(): Promise<void> {
      clearInterval(timer);
      try {
        await flush();
      } catch (error) {
        log.error({ err: error }, "the last redirect hits could not be written at shutdown");
      }
    },
  };
}
export type RedirectService = ReturnType<typeof createRedirectService>;
