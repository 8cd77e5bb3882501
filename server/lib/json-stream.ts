import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * A JSON array written as its items come: `[`, each item, `]`, so an answer of every post
 * costs the memory of one batch, not of the whole list. The first item is read before the
 * answer starts, so a database that cannot answer still gets the error handler's status
 * (once the 200 is sent, a failure can only cut the answer short).
 */
export async function jsonArrayStream(items: AsyncIterable<unknown>): Promise<Readable> {
  const iterator = items[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* chunks(): AsyncGenerator<string> {
    if (first.done) {
      yield "[]";
      return;
    }
    // A few items per chunk: fewer, larger writes to the socket.
    let chunk = `[${JSON.stringify(first.value)}`;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      chunk += `,${JSON.stringify(next.value)}`;
      if (chunk.length >= 16 * 1024) {
        yield chunk;
        chunk = "";
      }
    }
    yield `${chunk}]`;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Sends `items` as a JSON array streamed as they come (jsonArrayStream). */
export async function sendJsonArray(
  reply: FastifyReply,
  items: AsyncIterable<unknown>,
): Promise<FastifyReply> {
  const body = await jsonArrayStream(items);
  return reply.type("application/json; charset=utf-8").send(body);
}
