import { timeSlices } from "../../lib/time-slices.ts";
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  importChoicesSchema,
  type Import,
  type ImportChoices,
  type ImportCounts,
  type ImportKind,
  type ImportReportItem,
  type ImportState,
  type ImportSummary,
} from "../../../common/schemas/imports.ts";
import { DatabaseUnavailable } from "../../db/availability.ts";
import type { Database } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import { PRIVATE_DIR, PRIVATE_FILE } from "../../lib/private-files.ts";
import { throttledWarning } from "../../lib/throttled-warning.ts";
import type { Storage } from "../../media/storage.ts";
import type { BlogService } from "../blogs/service.ts";
import type { PagesService } from "../pages/service.ts";
import type { RedirectService } from "../redirects/service.ts";
import { joinGhost, NOT_GHOST, readGhost } from "./ghost-reader.ts";
import { createJob, PICTURE_TIMEOUT_MS, type JobContext } from "./job.ts";
import { createImportRepository, type ImportItemRow, type ImportRow } from "./repository.ts";
import { siteHost } from "./safe-fetch.ts";
import { fromWxr, type SourceItem, type SourceTerm } from "./source.ts";
import { NOT_WXR, readWxr, type WxrAuthor } from "./wxr-reader.ts";

// Moving in from WordPress or Ghost (issue 51, decision 0044). An export file is streamed to
// DATA_DIR/imports as it is uploaded, then read once, as a stream, into import_items (the
// file is deleted once read): that is the preview. Started, the import is a job that any
// instance may run: it takes a lease on the import row and renews it while it works, handles
// the items in the file's order (posts and pages, then attachments, then tags) and writes
// each one's outcome as it goes; an instance that stops gives its lease back, one that dies
// lets it run out, and whoever holds it next goes on from the first item not handled.

/** How long a lease holds an import; renewed while the job works. */
export const LEASE_MS = 30_000;
/** How often a worker looks for imports to run (a restart, another instance's stop). */
export const POLL_MS = 5_000;
/** Items written to import_items at a time while the file is read. */
const STAGE_BATCH = 200;
/** Items read at a time by the job. */
const JOB_BATCH = 20;
/** Pages, feeds and redirects are told of the imported posts at most this often. */
const ANNOUNCE_MS = 2_000;
const KEPT_IMPORTS = 50;

const EMPTY_COUNTS: ImportCounts = {
  posts: 0,
  pages: 0,
  attachments: 0,
  categories: 0,
  tags: 0,
  authors: 0,
  other: 0,
  statuses: {},
};

/** The kinds of items the job takes in turn: the pictures' pages and the tags need the posts. */
const PHASES: readonly (readonly string[])[] = [
  ["post", "page", "other"],
  ["attachment"],
  ["term"],
];

export interface ReceivedFile {
  path: string;
  bytes: number;
}

export interface ImportServiceDeps {
  db: Kysely<Database>;
  dataDir: string;
  storage: Storage;
  blogs: BlogService;
  pages: PagesService;
  redirects: RedirectService;
  log: FastifyBaseLogger;
  maxImageBytes: number;
  allowHosts: readonly string[];
  pictureTimeoutMs?: number;
  pollMs?: number;
  clock?: () => number;
}

const json = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The kind of export a file's first bytes say it is: XML is WordPress's, JSON Ghost's. */
async function sniff(file: string): Promise<ImportKind | undefined> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const start = buffer
      .subarray(0, bytesRead)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart();
    if (start.startsWith("<")) return "wordpress";
    if (start.startsWith("{")) return "ghost";
    return undefined;
  } finally {
    await handle.close();
  }
}

export function createImportService(deps: ImportServiceDeps) {
  const { db, log } = deps;
  const repo = createImportRepository(db);
  const clock = deps.clock ?? Date.now;
  const now = () => new Date(clock()).toISOString();
  const folder = path.join(deps.dataDir, "imports");
  const fileOf = (id: string) => path.join(folder, `${id}.upload`);
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const warn = throttledWarning(log);
  const job = createJob({
    db,
    repo,
    blogs: deps.blogs,
    pages: deps.pages,
    redirects: deps.redirects,
    storage: deps.storage,
    log,
    maxImageBytes: deps.maxImageBytes,
    allowHosts: deps.allowHosts,
    pictureTimeoutMs: deps.pictureTimeoutMs ?? PICTURE_TIMEOUT_MS,
    now,
  });
  const stopping = new AbortController();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Map<string, Promise<void>>();

  /** Holds the lease of an import while it is worked on; false once another holds it. */
  function leaseKeeper(id: string) {
    let renewedAt = clock();
    return async (): Promise<boolean> => {
      if (clock() - renewedAt < LEASE_MS / 3) return true;
      renewedAt = clock();
      return repo.lease(id, owner, new Date(clock() + LEASE_MS).toISOString());
    };
  }

  /** Reads the uploaded file into import_items: what the preview shows. */
  async function stage(row: ImportRow): Promise<void> {
    const keep = leaseKeeper(row.id);
    await repo.removeItems(row.id);
    const counts: ImportCounts = structuredClone(EMPTY_COUNTS);
    const hosts = new Set<string>();
    const terms = new Map<string, SourceTerm>();
    let seq = 0;
    let batch: ImportItemRow[] = [];
    let site = { title: "", url: "" };
    // The site answers while a file is read (issue 46): a break whenever 10 ms went by.
    const slices = timeSlices();
    const flush = async () => {
      await repo.insertItems(batch);
      batch = [];
      if (!(await keep())) throw new Error("the lease of the import was lost");
      await slices.breathe();
    };
    const add = async (item: SourceItem) => {
      if (item.kind === "post") counts.posts++;
      else if (item.kind === "page") counts.pages++;
      else if (item.kind === "attachment") counts.attachments++;
      else counts.other++;
      if (item.kind === "post" || item.kind === "page") {
        counts.statuses[item.status] = (counts.statuses[item.status] ?? 0) + 1;
        for (const term of item.terms) terms.set(`${term.domain}:${term.slug}`, term);
      }
      if (item.kind === "attachment" && item.url) {
        try {
          hosts.add(siteHost(new URL(item.url).host));
        } catch {
          // an attachment without a usable address: its picture cannot be fetched anyway
        }
      }
      batch.push({
        import_id: row.id,
        seq: seq++,
        kind: item.kind,
        source_id: item.sourceId,
        parent_id: item.parent,
        source_status: item.status,
        title: item.title.slice(0, 500),
        data: JSON.stringify(item),
        outcome: null,
        reason: null,
        notes: null,
        target: null,
      });
      if (batch.length >= STAGE_BATCH) await flush();
      else await slices.breathe();
    };
    const stream = createReadStream(fileOf(row.id));
    try {
      if (row.kind === "wordpress") {
        const authors = new Map<string, WxrAuthor>();
        let categories = 0;
        let tags = 0;
        for await (const record of readWxr(stream)) {
          if (record.type === "channel") {
            const url = record.channel.link || record.channel.baseBlogUrl;
            site = { title: record.channel.title, url };
            for (const address of [record.channel.link, record.channel.baseBlogUrl]) {
              try {
                if (address) hosts.add(siteHost(new URL(address).host));
              } catch {
                // not an address
              }
            }
          } else if (record.type === "author") authors.set(record.author.login, record.author);
          else if (record.type === "category" || record.type === "tag") {
            if (record.type === "category") categories++;
            else tags++;
            const domain = record.type === "category" ? "category" : "tag";
            terms.set(`${domain}:${record.term.slug}`, {
              domain,
              slug: record.term.slug,
              name: record.term.name,
            });
          } else if (record.type === "item") await add(fromWxr(record.item, authors));
        }
        counts.authors = authors.size;
        counts.categories =
          categories || [...terms.values()].filter((t) => t.domain === "category").length;
        counts.tags = tags || [...terms.values()].filter((t) => t.domain === "tag").length;
      } else {
        const { relations } = await readGhost(stream, add);
        await flush();
        counts.tags = relations.tags.size;
        counts.authors = relations.users.size;
        // The posts' tags, authors and search fields come after the posts in the file.
        for (const kind of ["post", "page"]) {
          let after = -1;
          for (;;) {
            const rows = await repo.itemsAfter(row.id, kind, after, STAGE_BATCH);
            if (rows.length === 0) break;
            for (const item of rows) {
              const joined = joinGhost(json(item.data, {} as SourceItem), relations);
              for (const term of joined.terms) terms.set(`${term.domain}:${term.slug}`, term);
              await repo.setItemData(row.id, item.seq, JSON.stringify(joined));
            }
            after = rows.at(-1)!.seq;
            await keep();
          }
        }
      }
      for (const term of terms.values()) {
        batch.push({
          import_id: row.id,
          seq: seq++,
          kind: "term",
          source_id: `${term.domain}:${term.slug}`,
          parent_id: "",
          source_status: term.domain,
          title: term.name.slice(0, 500),
          data: JSON.stringify(term),
          outcome: null,
          reason: null,
          notes: null,
          target: null,
        });
        if (batch.length >= STAGE_BATCH) await flush();
      }
      await flush();
    } finally {
      stream.destroy();
    }
    await repo.update(row.id, {
      state: "ready",
      site_title: site.title.slice(0, 300),
      site_url: site.url.slice(0, 500),
      picture_hosts: JSON.stringify([...hosts]),
      counts: JSON.stringify(counts),
      total: seq,
      updated_at: now(),
    });
    await rm(fileOf(row.id), { force: true });
  }

  /** Runs a started import from its first item not handled, while this instance holds it. */
  async function run(row: ImportRow): Promise<void> {
    const keep = leaseKeeper(row.id);
    const choices = importChoicesSchema.parse(json(row.choices, {}));
    const siteUrl = (choices.siteUrl || row.site_url).replace(/\/+$/, "");
    const hosts = new Set(json<string[]>(row.picture_hosts, []));
    try {
      if (siteUrl) hosts.add(siteHost(new URL(siteUrl).host));
    } catch {
      // checked when the choice was made
    }
    const ctx: JobContext = {
      importId: row.id,
      kind: row.kind === "ghost" ? "ghost" : "wordpress",
      siteUrl,
      siteTitle: row.site_title,
      hosts,
      choices,
      signal: stopping.signal,
    };
    let announced = clock();
    const announce = () => {
      announced = clock();
      deps.blogs.announce();
      deps.pages.announce();
      deps.redirects.announce();
    };
    // An item's work is synchronous between its database calls (SQLite answers at once): a
    // break for the event loop whenever 10 ms went by, so the site answers meanwhile (issue 46).
    const slices = timeSlices();
    try {
      for (const kinds of PHASES) {
        for (;;) {
          const items = await repo.pending(row.id, kinds, JOB_BATCH);
          if (items.length === 0) break;
          for (const item of items) {
            if (closed) return;
            await job.handle(ctx, item);
            if (!(await keep())) return;
            if (clock() - announced > ANNOUNCE_MS) announce();
            await slices.breathe();
          }
        }
      }
      await job.finish(ctx);
      await repo.update(row.id, { state: "done", finished_at: now(), updated_at: now() });
      await repo.clearData(row.id);
    } finally {
      announce();
    }
  }

  /** Works on an import; answers whether it finished what it was at (a next step may follow). */
  async function work(id: string, state: string): Promise<boolean> {
    const row = await repo.find(id);
    if (!row || row.state !== state) return false;
    try {
      if (state === "reading") await stage(row);
      else await run(row);
      return !closed;
    } catch (error) {
      if (closed && stopping.signal.aborted) return false;
      if (error instanceof DatabaseUnavailable) return false;
      if (state === "reading") {
        // The file is not what it said it was: the import ends here, with why.
        const message =
          error instanceof Invalid
            ? error.message
            : `The file could not be read: ${(error as Error).message}`;
        await repo.update(id, {
          state: "failed",
          error: message.slice(0, 1000),
          updated_at: now(),
        });
        await rm(fileOf(id), { force: true });
        return false;
      }
      throw error;
    } finally {
      await repo.lease(id, owner, null).catch(() => {});
    }
  }

  /** Takes on the imports no instance works on: a file to read (if it is here), a job to run. */
  async function tick(): Promise<void> {
    if (closed) return;
    let due: { id: string; state: string }[];
    try {
      due = await repo.due(["reading", "running"], now());
    } catch (error) {
      if (!(error instanceof DatabaseUnavailable))
        warn("imports-poll", error, "could not look for imports to run");
      return;
    }
    for (const { id, state } of due) {
      if (running.has(id) || closed) continue;
      // Marked as running before the first wait: two ticks at once (the timer, a start, a job
      // done) would otherwise both claim it (the lease is this instance's) and run it twice.
      const task = (async () => {
        // A file being read is on the disk of the instance it was uploaded to.
        if (state === "reading" && !(await stat(fileOf(id)).catch(() => undefined))) return false;
        const until = new Date(clock() + LEASE_MS).toISOString();
        if (!(await repo.claim(id, state, owner, now(), until))) return false;
        return work(id, state);
      })()
        .catch((error: unknown) => {
          log.error({ err: error, import: id }, "an import stopped");
          return false;
        })
        .then((finished) => {
          running.delete(id);
          // A job done may leave another waiting; a failure waits for the next poll.
          if (finished && !closed) void tick();
        });
      running.set(id, task);
    }
  }

  const pollMs = deps.pollMs ?? POLL_MS;
  if (pollMs > 0) {
    timer = setInterval(() => void tick(), pollMs);
    timer.unref();
  }
  void tick();

  async function toImport(row: ImportRow): Promise<Import> {
    const { counts, withNotes } = await repo.outcomes(row.id);
    const items =
      row.state === "done"
        ? (await repo.handled(row.id)).map((item): ImportReportItem => ({
            kind: item.kind,
            sourceId: item.source_id,
            title: item.title,
            sourceStatus: item.source_status,
            outcome: (item.outcome ?? "skipped") as ImportReportItem["outcome"],
            reason: item.reason,
            notes: json<string[]>(item.notes, []),
            target: item.target,
          }))
        : undefined;
    return {
      id: row.id,
      kind: row.kind === "ghost" ? "ghost" : "wordpress",
      fileName: row.file_name,
      fileBytes: Number(row.file_bytes),
      state: row.state as ImportState,
      error: row.error,
      site: { title: row.site_title, url: row.site_url },
      counts: { ...EMPTY_COUNTS, ...json<Partial<ImportCounts>>(row.counts, {}) },
      choices: row.choices ? importChoicesSchema.parse(json(row.choices, {})) : null,
      progress: { total: Number(row.total), done: Number(row.done) },
      report: {
        imported: counts.imported ?? 0,
        updated: counts.updated ?? 0,
        skipped: counts.skipped ?? 0,
        withNotes,
        ...(items ? { items } : {}),
      },
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
    };
  }

  return {
    /** Streams an upload into a private file of its own (nothing is held in memory). */
    async receive(stream: Readable): Promise<ReceivedFile> {
      await mkdir(folder, { recursive: true, mode: PRIVATE_DIR });
      const file = path.join(folder, `${randomUUID()}.part`);
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      try {
        await pipeline(stream, createWriteStream(file, { flags: "wx", mode: PRIVATE_FILE }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { path: file, bytes };
    },

    discard: (received: ReceivedFile) => rm(received.path, { force: true }),

    /** An uploaded file becomes an import (202): read in the background into its preview. */
    async create(input: {
      fileName: string;
      received: ReceivedFile;
      createdBy: string | null;
    }): Promise<{ id: string }> {
      const kind = await sniff(input.received.path).catch(() => undefined);
      if (!kind) {
        await rm(input.received.path, { force: true });
        throw new Invalid(`${NOT_WXR} A Ghost export (JSON) is taken too.`);
      }
      const id = randomUUID();
      await rename(input.received.path, fileOf(id));
      const at = now();
      await repo.insert({
        id,
        kind,
        file_name: input.fileName.replace(/[\r\n\t]/g, " ").slice(0, 200) || "export",
        file_bytes: input.received.bytes,
        state: "reading",
        error: null,
        site_title: "",
        site_url: "",
        picture_hosts: "[]",
        counts: JSON.stringify(EMPTY_COUNTS),
        choices: null,
        total: 0,
        done: 0,
        created_by: input.createdBy,
        created_at: at,
        updated_at: at,
        started_at: null,
        finished_at: null,
        lease_owner: null,
        lease_until: null,
      });
      void tick();
      return { id };
    },

    async get(id: string): Promise<Import> {
      const row = /^[0-9a-f-]{36}$/.test(id) ? await repo.find(id) : undefined;
      if (!row) throw new NotFound("There is no such import.");
      return toImport(row);
    },

    async list(): Promise<ImportSummary[]> {
      return (await repo.list(KEPT_IMPORTS)).map((row) => ({
        id: row.id,
        kind: row.kind === "ghost" ? "ghost" : "wordpress",
        fileName: row.file_name,
        state: row.state as ImportState,
        site: { title: row.site_title, url: row.site_url },
        createdAt: row.created_at,
        finishedAt: row.finished_at,
      }));
    },

    /** Starts an import that is ready, with the owner's choices (409 in any other state). */
    async start(id: string, choices: ImportChoices): Promise<Import> {
      const row = /^[0-9a-f-]{36}$/.test(id) ? await repo.find(id) : undefined;
      if (!row) throw new NotFound("There is no such import.");
      if (row.state !== "ready") {
        throw new Conflict(
          row.state === "reading"
            ? "The file is still being read: start the import once its preview shows."
            : `This import cannot be started: it is ${row.state}.`,
        );
      }
      if (row.kind === "ghost" && !choices.siteUrl && choices.pictures) {
        throw new Invalid(
          "A Ghost export does not say the site's address: give the old site's address to fetch its pictures, or import without pictures.",
        );
      }
      const at = now();
      const started = await repo.update(id, {
        state: "running",
        choices: JSON.stringify(choices),
        started_at: at,
        updated_at: at,
      });
      if (!started) throw new NotFound("There is no such import.");
      void tick();
      return toImport((await repo.find(id))!);
    },

    /** Looks for imports to run now (tests; the timer does it every POLL_MS). */
    tick,

    /** Whether this instance is working on an import now, and resolves when it stops. */
    idle: () => Promise.all([...running.values()]).then(() => undefined),

    /** Stops taking imports, ends the current item's work, gives the leases back. */
    async close(): Promise<void> {
      closed = true;
      clearInterval(timer);
      stopping.abort();
      await Promise.all([...running.values()]);
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
export { NOT_GHOST };
