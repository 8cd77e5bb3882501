/**
 * Group commit: the rows handed to `add` while the event loop is busy are written together
 * by one `write` (one transaction, so one fsync), and each caller's
 * promise settles only once that write has committed. With SQLite at synchronous=FULL an
 * fsync costs about as much as everything else an enquiry does, and better-sqlite3 runs it
 * on the main thread: a burst of enquiries then shares its fsyncs instead of queueing one
 * behind another. Nothing is acknowledged before it is durable.
 *
 * A batch is what arrived before the next turn of the event loop (setImmediate), at most
 * `maxBatch` rows. If a batch fails, each of its rows is written again on its own, so one
 * bad row (or a passing failure) only fails its own request: every caller gets the answer
 * its own row deserves. A failure `shared` says is the same for every row (the database is
 * unavailable) fails the whole batch at once instead: writing 500 rows one by one against a
 * locked or unreachable database would only wait 500 times for the same answer.
 */
export interface GroupCommit<T> {
  /** Resolves once `row` is committed; rejects with the error its own write met. */
  add(row: T): Promise<void>;
}

interface Waiting<T> {
  row: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<T>(
  write: (rows: T[]) => Promise<unknown>,
  {
    maxBatch = 500,
    shared = () => false,
  }: { maxBatch?: number; shared?: (error: unknown) => boolean } = {},
): GroupCommit<T> {
  let waiting: Waiting<T>[] = [];
  let scheduled = false;

  async function writeAlone(entry: Waiting<T>) {
    try {
      await write([entry.row]);
      entry.resolve();
    } catch (error) {
      entry.reject(error);
    }
  }

  async function flush() {
    scheduled = false;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(batch.length);
    if (waiting.length > 0) schedule();
    if (batch.length === 1) return writeAlone(batch[0]!);
    try {
      await write(batch.map((entry) => entry.row));
    } catch (error) {
      if (shared(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      // Nothing of the batch was stored (one transaction): each row gets its own verdict.
      for (const entry of batch) await writeAlone(entry);
      return;
    }
    for (const entry of batch) entry.resolve();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush());
  }

  return {
    add(row) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        schedule();
      });
    },
  };
}
