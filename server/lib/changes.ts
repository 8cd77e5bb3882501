import type { FastifyBaseLogger } from "fastify";

/** How a change reached this process. */
export interface ChangeOrigin {
  /**
   * True when another instance made the write and the change relay (lib/change-relay.ts)
   * repeats it here: the relay must not send it back out.
   */
  remote: boolean;
}

/**
 * Where writes announce what they changed ("offers", "contact", "prices"…), so that what
 * holds a copy of the pages (the render cache of issue 9, its spread to other instances in
 * issue 10) can drop it. One per app; a listener that throws is logged, never the write's
 * problem.
 */
export function createChangeFeed(log: FastifyBaseLogger) {
  const listeners = new Set<(topic: string, origin: ChangeOrigin) => void>();
  return {
    publish(topic: string, origin: ChangeOrigin = { remote: false }): void {
      for (const listener of listeners) {
        try {
          listener(topic, origin);
        } catch (error) {
          log.error({ err: error, topic }, "a change listener failed");
        }
      }
    },
    /** Calls `listener` after every write; answers how to stop. */
    subscribe(listener: (topic: string, origin: ChangeOrigin) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
