import type { FastifyBaseLogger } from "fastify";

/**
 * Where writes announce what they changed ("offers", "contact", "prices"…), so that what
 * holds a copy of the pages (the render cache of issue 9, its spread to other instances in
 * issue 10) can drop it. One per app; a listener that throws is logged, never the write's
 * problem.
 */
export function createChangeFeed(log: FastifyBaseLogger) {
  const listeners = new Set<(topic: string) => void>();
  return {
    publish(topic: string): void {
      for (const listener of listeners) {
        try {
          listener(topic);
        } catch (error) {
          log.error({ err: error, topic }, "a change listener failed");
        }
      }
    },
    /** Calls `listener` after every write; answers how to stop. */
    subscribe(listener: (topic: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
