import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { z } from "zod";

/**
 * `source` with its first `count` items already read: reading them runs the first query
 * behind a lazy iterable, so a failure there is thrown here (and answered as an error) rather
 * than in the middle of a streamed answer whose status is already sent.
 */
export async function startedIterable<T>(
  source: AsyncIterable<T>,
  count = 1,
): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const head: T[] = [];
  let done = false;
  while (head.length < count) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
  }
  return {
    async *[Symbol.asyncIterator]() {
      try {
        yield* head;
        if (done) return;
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      } finally {
        // A reader that stops early (a client gone) ends the source too.
        if (!done) await iterator.return?.();
      }
    },
  };
}

/**
 * Text gathered before a streamed answer (a JSON array, a CSV file) writes it: fewer, larger
 * writes than one per item, and a piece of any answer in the memory of a few items.
 */
export const STREAM_CHUNK_CHARS = 64 * 1024;

/**
 * A JSON array written as the items come, `serialize` turning each into JSON: the same text
 * as serializing the whole array, in the memory of one chunk of items.
 */
export function jsonArrayStream<T>(
  items: AsyncIterable<T>,
  serialize: (item: T) => string = (item) => JSON.stringify(item),
): Readable {
  return Readable.from(
    (async function* () {
      let chunk = "[";
      let first = true;
      for await (const item of items) {
        chunk += first ? serialize(item) : `,${serialize(item)}`;
        first = false;
        if (chunk.length >= STREAM_CHUNK_CHARS) {
          yield chunk;
          chunk = "";
        }
      }
      yield `${chunk}]`;
    })(),
    { objectMode: false },
  );
}

/**
 * Sends `items` as a streamed JSON array (application/json), after reading the first one so
 * that a failing database gets an error answer. `schema` is the item's response schema:
 * each item is encoded by it, as Fastify's serializer would encode the whole array.
 */
export async function sendJsonArray<T>(
  reply: FastifyReply,
  items: AsyncIterable<T>,
  schema: z.ZodType<unknown, T>,
): Promise<FastifyReply> {
  const started = await startedIterable(items);
  return reply
    .header("content-type", "application/json; charset=utf-8")
    .send(jsonArrayStream(started, (item) => JSON.stringify(z.encode(schema, item))));
}
