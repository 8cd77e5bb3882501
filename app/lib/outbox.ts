import { createStore, del, entries, set, type UseStore } from "idb-keyval";
import { OUTBOX_SETTLED_EVENT } from "./outbox-messages.ts";

// Form submissions that could not reach the server (offline, or the connection dropped
// before the answer came) are kept in this browser, in IndexedDB (localStorage where
// IndexedDB is unavailable; never a cookie). They are sent again with the same
// Idempotency-Key when the connection is back, on the next visit, or after a backoff,
// so the server stores each one exactly once.

export interface QueuedSubmission {
  /** The Idempotency-Key: one per submission, the same on every try. */
  key: string;
  url: string;
  payload: unknown;
  /** The form it came from, so a form still on screen can show how it went. */
  intent: string;
  queuedAt: number;
}

/** How a kept submission ended: sent (with the server's answer) or refused for good. */
export interface SettledSubmission {
  key: string;
  intent: string;
  ok: boolean;
  status: number;
  body: unknown;
}

export { OUTBOX_SETTLED_EVENT, queuedMessages } from "./outbox-messages.ts";

const STORAGE_KEY = "agency-outbox";
/** Set while anything is kept, so a page view without one never opens IndexedDB. */
const PENDING_MARK = "agency-outbox:pending";

function markPending(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(PENDING_MARK, "1");
    else localStorage.removeItem(PENDING_MARK);
  } catch {
    // No localStorage (blocked): the outbox is still read on every page view.
  }
}

function maybePending(): boolean {
  try {
    return (
      localStorage.getItem(PENDING_MARK) !== null || localStorage.getItem(STORAGE_KEY) !== null
    );
  } catch {
    return true;
  }
}
let idbStore: UseStore | null | undefined;

function store(): UseStore | null {
  if (idbStore === undefined) {
    try {
      idbStore = typeof indexedDB === "undefined" ? null : createStore("agency-outbox", "outbox");
    } catch {
      idbStore = null;
    }
  }
  return idbStore;
}

function readLocal(): QueuedSubmission[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as QueuedSubmission[]) : [];
  } catch {
    return [];
  }
}

function writeLocal(list: QueuedSubmission[]): void {
  if (list.length === 0) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
}

/** Runs an IndexedDB operation; falls back to localStorage when IndexedDB fails. */
async function withStore<T>(idb: (db: UseStore) => Promise<T>, local: () => T): Promise<T> {
  const db = store();
  if (db) {
    try {
      return await idb(db);
    } catch {
      idbStore = null;
    }
  }
  return local();
}

export function enqueue(item: QueuedSubmission): Promise<void> {
  markPending(true);
  return withStore(
    (db) => set(item.key, item, db),
    () => writeLocal([...readLocal().filter((queued) => queued.key !== item.key), item]),
  );
}

async function remove(key: string): Promise<void> {
  await withStore(
    (db) => del(key, db),
    () => undefined,
  );
  // Kept in localStorage (no IndexedDB, or it failed once): removed there too.
  const local = readLocal();
  if (local.some((queued) => queued.key === key)) {
    writeLocal(local.filter((queued) => queued.key !== key));
  }
}

export async function queued(): Promise<QueuedSubmission[]> {
  const fromIdb = await withStore(
    async (db) => (await entries<string, QueuedSubmission>(db)).map(([, item]) => item),
    () => [] as QueuedSubmission[],
  );
  const fromLocal = typeof localStorage === "undefined" ? [] : readLocal();
  const seen = new Set(fromIdb.map((item) => item.key));
  return [...fromIdb, ...fromLocal.filter((item) => !seen.has(item.key))].sort(
    (a, b) => a.queuedAt - b.queuedAt,
  );
}

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context; this does not). */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Thrown when a request got no answer at all: the submission is worth keeping. */
export class NoConnection extends Error {}

/** POSTs JSON with the submission's key; a failure to get any answer is a NoConnection. */
export async function postWithKey(
  url: string,
  payload: unknown,
  key: string,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(payload),
    });
  } catch (error) {
    throw new NoConnection(String(error));
  }
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

/** How a form's submission went: the server's answer, kept for later, or not sent at all. */
export type Submitted =
  | { sent: true; answer: { status: number; body: unknown } }
  | { sent: false; kept: true; key: string }
  | { sent: false; kept: false };

/**
 * Sends a public form's JSON with a fresh Idempotency-Key. A submission that gets no answer
 * (offline, a dropped connection: the server may or may not have it) is kept in the outbox
 * and sent again later with the same key, so the server stores it once either way. The one
 * flow of React's forms (components/forms/use-form-submit.ts) and of the islands pages'
 * (app/islands/forms-submit.ts).
 */
export async function submitOrKeep({
  url,
  payload,
  intent,
}: {
  url: string;
  payload: unknown;
  intent: string;
}): Promise<Submitted> {
  const key = newSubmissionKey();
  try {
    if (navigator.onLine === false) throw new NoConnection("offline");
    return { sent: true, answer: await postWithKey(url, payload, key) };
  } catch (error) {
    if (!(error instanceof NoConnection)) return { sent: false, kept: false };
  }
  try {
    await enqueue({ key, url, payload, intent, queuedAt: Date.now() });
  } catch {
    return { sent: false, kept: false };
  }
  void sendKeptSubmissions();
  return { sent: false, kept: true, key };
}

/** Answers that may succeed when sent again later; anything else settles the submission. */
const worthRetrying = (status: number) =>
  status === 408 || status === 409 || status === 429 || status >= 500;

async function sendAll(): Promise<number> {
  let left = 0;
  for (const item of await queued()) {
    let answer: { status: number; body: unknown };
    try {
      answer = await postWithKey(item.url, item.payload, item.key);
    } catch {
      // Still no connection: keep this and the rest for the next try.
      return (await queued()).length;
    }
    if (worthRetrying(answer.status)) {
      left += 1;
      continue;
    }
    await remove(item.key);
    const detail: SettledSubmission = {
      key: item.key,
      intent: item.intent,
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      body: answer.body,
    };
    window.dispatchEvent(new CustomEvent(OUTBOX_SETTLED_EVENT, { detail }));
  }
  return left;
}

let running: Promise<number> | null = null;

/**
 * Sends every kept submission once, oldest first, and answers how many are still kept.
 * One run at a time in this tab, and one across the visitor's tabs where Web Locks exist.
 */
export function flushOutbox(): Promise<number> {
  running ??= (async () => {
    try {
      const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
      return locks ? await locks.request(STORAGE_KEY, sendAll) : await sendAll();
    } finally {
      running = null;
    }
  })();
  return running;
}

const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = FIRST_RETRY_MS;

/** Sends what is kept now, then again after a growing pause while anything is left. */
export async function sendKeptSubmissions(): Promise<void> {
  clearTimeout(retryTimer);
  if (!maybePending()) return;
  const left = await flushOutbox().catch(() => 1);
  // Cleared only when nothing is kept, including what a form kept during the run.
  if (left === 0 && (await queued().catch(() => [1])).length === 0) markPending(false);
  if (left > 0) {
    retryTimer = setTimeout(() => void sendKeptSubmissions(), retryDelay);
    retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
  } else {
    retryDelay = FIRST_RETRY_MS;
  }
}

/**
 * Sends kept submissions on this page view (the "next visit") and whenever the browser
 * says it is online again. Answers the function that stops listening.
 */
export function watchOutbox(): () => void {
  const onOnline = () => {
    retryDelay = FIRST_RETRY_MS;
    void sendKeptSubmissions();
  };
  window.addEventListener("online", onOnline);
  void sendKeptSubmissions();
  return () => {
    window.removeEventListener("online", onOnline);
    clearTimeout(retryTimer);
  };
}
