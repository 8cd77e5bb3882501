import type { DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely";
import { ServiceUnavailable } from "../errors.ts";

/**
 * The database going away (issue 28): on both engines an error that says "not now" rather
 * than "this request is wrong" becomes a `DatabaseUnavailable` (503 with Retry-After) at
 * the driver, so every service, the error handler and the page actions see one kind of
 * error, and the log says once that the database is unreachable and once that it is back.
 */

/** What an unavailable database looks like: locked by another writer, or not there. */
export type UnavailableKind = "busy" | "unreachable";

/** Seconds a client is told to wait: about the time the probe takes to notice a return. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The database is unavailable right now. Please try again in a few seconds.";

export class DatabaseUnavailable extends ServiceUnavailable {
  readonly kind: UnavailableKind;
  constructor(kind: UnavailableKind, cause: unknown) {
    super(DATABASE_UNAVAILABLE_MESSAGE, DATABASE_RETRY_AFTER_SECONDS);
    this.kind = kind;
    this.cause = cause;
  }
}

/** SQLite's primary result codes that mean "the file is held or unusable", not "bad SQL". */
const SQLITE_BUSY = /^SQLITE_(?:BUSY|LOCKED)/;
const SQLITE_GONE = /^SQLITE_(?:IOERR|CANTOPEN|READONLY|FULL|PROTOCOL|NOTADB)/;
/** Socket errors on the way to PostgreSQL. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), class 53 (insufficient
 * resources: too many connections, disk full) and 57P01-57P03 (admin shutdown, crash
 * shutdown, cannot connect now).
 */
const POSTGRES_GONE = /^(?:08|53|57P0[1-3])/;
/** node-postgres says these in words, without a code. */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Connection ended unexpectedly/i;

/** Whether `error` means the database is unavailable right now, and how; else undefined. */
export function unavailableKind(error: unknown): UnavailableKind | undefined {
  if (error instanceof DatabaseUnavailable) return error.kind;
  if (typeof error !== "object" || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (SQLITE_BUSY.test(code)) return "busy";
    if (SQLITE_GONE.test(code) || NETWORK_CODES.has(code) || POSTGRES_GONE.test(code)) {
      return "unreachable";
    }
  }
  if (typeof message === "string" && PG_MESSAGES.test(message)) return "unreachable";
  return undefined;
}

export interface AvailabilityLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * Whether the database answers, as the requests see it. The first unavailable error makes
 * it "down" and writes one warning; from then on a probe (a write-lock check) runs every
 * `probeMs` until it succeeds, which writes one "back" line. Requests that fail meanwhile
 * add nothing to the log: their answers are 503s in the request log.
 */
export class DatabaseAvailability {
  #down: { since: number; kind: UnavailableKind; failures: number } | undefined;
  #timer: NodeJS.Timeout | undefined;
  #probe: (() => Promise<void>) | undefined;
  #closed = false;
  readonly #log: AvailabilityLog;
  readonly #probeMs: number;

  constructor(log: AvailabilityLog, probeMs = 1000) {
    this.#log = log;
    this.#probeMs = probeMs;
  }

  /** The check that says the database is back (set once the database is open). */
  probeWith(probe: () => Promise<void>): void {
    this.#probe = probe;
  }

  get down(): { since: number; kind: UnavailableKind } | undefined {
    return this.#down;
  }

  /** A request met an unavailable database. */
  failed(kind: UnavailableKind, error: unknown): void {
    if (this.#down) {
      this.#down.failures += 1;
      return;
    }
    this.#down = { since: Date.now(), kind, failures: 1 };
    this.#log.warn(
      { err: error, kind },
      "database unreachable: writes answer 503 until it is back",
    );
    this.#schedule();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  #schedule(): void {
    if (this.#closed || !this.#probe) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#check(), this.#probeMs);
    // The probe never keeps a process alive on its own.
    this.#timer.unref();
  }

  async #check(): Promise<void> {
    try {
      await this.#probe!();
    } catch {
      this.#schedule();
      return;
    }
    const down = this.#down;
    this.#down = undefined;
    if (down) {
      this.#log.info(
        { downMs: Date.now() - down.since, failedRequests: down.failures },
        "database is back",
      );
    }
  }
}

/** Runs `operation`, turning an unavailable database's error into `DatabaseUnavailable`. */
async function guard<T>(availability: DatabaseAvailability, operation: () => Promise<T>) {
  try {
    return await operation();
  } catch (error) {
    throw translated(availability, error);
  }
}

function translated(availability: DatabaseAvailability, error: unknown): unknown {
  if (error instanceof DatabaseUnavailable) return error;
  const kind = unavailableKind(error);
  if (!kind) return error;
  availability.failed(kind, error);
  return new DatabaseUnavailable(kind, error);
}

class GuardedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly availability: DatabaseAvailability;

  constructor(inner: DatabaseConnection, availability: DatabaseAvailability) {
    this.inner = inner;
    this.availability = availability;
  }

  executeQuery<R>(...args: Parameters<DatabaseConnection["executeQuery"]>) {
    return guard(this.availability, () => this.inner.executeQuery<R>(...args));
  }

  async *streamQuery<R>(
    ...args: Parameters<DatabaseConnection["streamQuery"]>
  ): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(...args);
    } catch (error) {
      throw translated(this.availability, error);
    }
  }
}

const innerOf = (connection: DatabaseConnection) =>
  connection instanceof GuardedConnection ? connection.inner : connection;

/** A driver whose every call turns an unavailable database into `DatabaseUnavailable`. */
class GuardedDriver implements Driver {
  readonly savepoint?: Driver["savepoint"];
  readonly rollbackToSavepoint?: Driver["rollbackToSavepoint"];
  readonly releaseSavepoint?: Driver["releaseSavepoint"];

  readonly inner: Driver;
  readonly availability: DatabaseAvailability;

  constructor(inner: Driver, availability: DatabaseAvailability) {
    this.inner = inner;
    this.availability = availability;
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
    if (savepoint) {
      this.savepoint = (c, ...rest) =>
        guard(availability, () => savepoint.call(inner, innerOf(c), ...rest));
    }
    if (rollbackToSavepoint) {
      this.rollbackToSavepoint = (c, ...rest) =>
        guard(availability, () => rollbackToSavepoint.call(inner, innerOf(c), ...rest));
    }
    if (releaseSavepoint) {
      this.releaseSavepoint = (c, ...rest) =>
        guard(availability, () => releaseSavepoint.call(inner, innerOf(c), ...rest));
    }
  }

  init(...args: Parameters<Driver["init"]>) {
    return guard(this.availability, () => this.inner.init(...args));
  }

  acquireConnection(...args: Parameters<Driver["acquireConnection"]>) {
    return guard(this.availability, async () => {
      const connection = await this.inner.acquireConnection(...args);
      return new GuardedConnection(connection, this.availability);
    });
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return guard(this.availability, () =>
      this.inner.beginTransaction(innerOf(connection), settings),
    );
  }

  commitTransaction(connection: DatabaseConnection) {
    return guard(this.availability, () => this.inner.commitTransaction(innerOf(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return guard(this.availability, () => this.inner.rollbackTransaction(innerOf(connection)));
  }

  releaseConnection(
    connection: DatabaseConnection,
    ...rest: Parameters<Driver["releaseConnection"]> extends [unknown, ...infer R] ? R : never
  ) {
    return this.inner.releaseConnection(innerOf(connection), ...rest);
  }

  destroy(...args: Parameters<Driver["destroy"]>) {
    return this.inner.destroy(...args);
  }
}

/** `dialect` with its driver guarded (see GuardedDriver). */
export function guardedDialect(dialect: Dialect, availability: DatabaseAvailability): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GuardedDriver(dialect.createDriver(), availability),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
