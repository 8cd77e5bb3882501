export interface LimiterOptions {
  /** How many tasks may run at once. */
  concurrency: number;
  /** How many more may wait for their turn; the next one is refused at once. */
  maxWaiting: number;
  /** The error a refused call rejects with. */
  busy: () => Error;
}

/**
 * Runs at most `concurrency` tasks at a time; up to `maxWaiting` more wait their turn, first
 * come first served. Beyond that `run` refuses at once with `busy()` and never starts the
 * task: a flood gets fast refusals instead of a queue that grows without end.
 */
export function createLimiter({ concurrency, maxWaiting, busy }: LimiterOptions) {
  let running = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `running` stays the same.
    if (next) next();
    else running--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) {
        running++;
      } else if (waiting.length < maxWaiting) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        throw busy();
      }
      peak = Math.max(peak, running);
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** True when `run` would refuse now: every slot and every place in the queue is taken. */
    get full(): boolean {
      return running >= concurrency && waiting.length >= maxWaiting;
    },
    /** Tasks running now. */
    get running(): number {
      return running;
    },
    /** Tasks waiting for a slot now. */
    get waiting(): number {
      return waiting.length;
    },
    /** The most tasks that ever ran at once. */
    get peak(): number {
      return peak;
    },
  };
}
export type Limiter = ReturnType<typeof createLimiter>;
