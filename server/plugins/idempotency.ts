import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.ts";
import { AppError, Conflict } from "../errors.ts";
import { errorAnswer } from "../openapi.ts";

// Idempotency keys for the public forms' posts (IETF draft "The Idempotency-Key HTTP Header
// Field"). A browser that lost an answer on a dropped connection sends the same submission
// again with the same key; the first answer comes back, and no second enquiry is stored.
//
// The key is reserved in the database before the handler runs (an insert that only one
// request can win), and the answer is stored with it once it is known. A repeat meanwhile
// gets 409 and tries again later. A 5xx or 429 answer frees the key, so the retry runs.
// A reservation left by a process that died mid-request is taken over after
// STALE_RESERVATION_MS: the visitor's retry is then handled again. That risks a duplicate
// enquiry in that rare case, never a lost one.

export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;
const STALE_RESERVATION_MS = 30_000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export const idempotencyMessages = {
  invalidKey: "Idempotency-Key must be 8 to 100 letters, digits, hyphens or underscores.",
  inProgress: "This submission is still being processed. Please try again in a moment.",
  otherBody: "This Idempotency-Key was already used for a different submission.",
};

/**
 * The request headers of an idempotent route, for its schema (and so for the OpenAPI
 * document). Other headers pass through untouched.
 */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(KEY_PATTERN, idempotencyMessages.invalidKey)
    .optional()
    .describe(
      "A unique key per submission (e.g. a UUID). Sending the same submission again with the same key within a day answers the first answer again (header `Idempotent-Replayed: true`) instead of storing it twice.",
    ),
});

/** The answers an idempotent route adds to its own. */
export const idempotencyAnswers = {
  409: errorAnswer(
    "A request with this Idempotency-Key is still being handled: try again in a moment (Retry-After).",
  ),
  422: errorAnswer("This Idempotency-Key was already used with a different body."),
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route honours the Idempotency-Key header. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request reserved, until its answer is stored. */
    idempotencyReservation?: { scope: string; key: string };
  }
}

class KeyReused extends AppError {
  constructor() {
    super(422, idempotencyMessages.otherBody);
  }
}

const fingerprintOf = (body: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(body ?? null))
    .digest("base64url");

/** Call on the root instance before the routes are registered. */
export function registerIdempotency(app: FastifyInstance, db: Kysely<Database>): void {
  let lastPrune = 0;
  async function prune(now: number) {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    await db
      .deleteFrom("idempotency_keys")
      .where("created_at", "<", new Date(now - KEEP_MS).toISOString())
      .execute();
  }

  /** Reserves the key, or answers the stored answer, 409 or 422. */
  async function beforeHandler(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== "string") return;
    const scope = request.routeOptions.url ?? request.url;
    const fingerprint = fingerprintOf(request.body);
    const now = Date.now();
    await prune(now);

    const reserved = await db
      .insertInto("idempotency_keys")
      .values({
        scope,
        key,
        fingerprint,
        status: null,
        body: null,
        created_at: new Date(now).toISOString(),
      })
      .onConflict((conflict) => conflict.columns(["scope", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(reserved.numInsertedOrUpdatedRows ?? 0) === 1) {
      request.idempotencyReservation = { scope, key };
      return;
    }

    const existing = await db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("scope", "=", scope)
      .where("key", "=", key)
      .executeTakeFirst();
    if (!existing) {
      // Freed between the insert and this read (its first request failed): try once more.
      return beforeHandler(request, reply);
    }
    if (existing.fingerprint !== fingerprint) throw new KeyReused();
    if (existing.status !== null && existing.body !== null) {
      return reply
        .code(existing.status)
        .header("content-type", "application/json; charset=utf-8")
        .header("idempotent-replayed", "true")
        .send(existing.body);
    }
    if (now - Date.parse(existing.created_at) > STALE_RESERVATION_MS) {
      // Left by a process that stopped mid-request: take it over, if no one else did.
      const takeover = await db
        .updateTable("idempotency_keys")
        .set({ created_at: new Date(now).toISOString() })
        .where("scope", "=", scope)
        .where("key", "=", key)
        .where("status", "is", null)
        .where("created_at", "=", existing.created_at)
        .executeTakeFirst();
      if (Number(takeover.numUpdatedRows) === 1) {
        request.idempotencyReservation = { scope, key };
        return;
      }
    }
    const conflict = new Conflict(idempotencyMessages.inProgress);
    conflict.headers["retry-after"] = "2";
    throw conflict;
  }

  /** Stores the answer with the key; frees the key when the answer is worth retrying. */
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const reservation = request.idempotencyReservation;
    if (!reservation) return payload;
    request.idempotencyReservation = undefined;
    const { scope, key } = reservation;
    const status = reply.statusCode;
    if (status >= 500 || status === 429 || status === 408 || typeof payload !== "string") {
      await db
        .deleteFrom("idempotency_keys")
        .where("scope", "=", scope)
        .where("key", "=", key)
        .execute();
    } else {
      await db
        .updateTable("idempotency_keys")
        .set({ status, body: payload })
        .where("scope", "=", scope)
        .where("key", "=", key)
        .execute();
    }
    return payload;
  }

  app.addHook("onRoute", (route) => {
    if (!route.config?.idempotent) return;
    const asList = <T>(hooks: T | T[] | undefined): T[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
    route.preHandler = [...asList(route.preHandler), beforeHandler];
    route.onSend = [...asList(route.onSend), onSend];
  });
}
