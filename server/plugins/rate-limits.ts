import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { tooManyRequests } from "../../common/messages.ts";
import type { Config } from "../config.ts";
import type { ScaleOut } from "../scale-out.ts";
import { TooManyRequests } from "../errors.ts";
import { throttledWarning } from "../lib/throttled-warning.ts";

/**
 * The per-IP limits on public writes. Each is one counter per client IP, shared by every
 * way in: `/api/contact` and the no-JavaScript enquiry forms count against `enquiry`,
 * `/api/newsletter` and the footer form against `newsletter`. With Redis (issue 10) the
 * counters are shared by every instance; while Redis is unreachable they fail open.
 */
export type LimitName = "enquiry" | "newsletter" | "login";

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export type Limiters = Record<LimitName, (request: FastifyRequest) => Promise<LimitDecision>>;

declare module "fastify" {
  interface FastifyInstance {
    limits: Limiters;
  }
  interface FastifyContextConfig {
    /** A per-IP limit the route counts against (answers 429 over it). */
    limit?: LimitName;
  }
}

/** Sets the rate-limit headers of an answer; throws the 429 when the limit is passed. */
function applyLimit(reply: FastifyReply, decision: LimitDecision): void {
  reply.header("x-ratelimit-limit", decision.limit);
  reply.header("x-ratelimit-remaining", decision.remaining);
  reply.header("x-ratelimit-reset", decision.resetSeconds);
  if (!decision.allowed) {
    throw new TooManyRequests(tooManyRequests(decision.resetSeconds), decision.resetSeconds);
  }
}

/** Call on the root instance: the limits and the route hook then reach every route. */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  scaleOut?: ScaleOut,
): Promise<void> {
  const redis = scaleOut?.redis;
  await app.register(rateLimit, {
    global: false,
    // Store errors reach the limiter below, which logs them; the plugin alone would let the
    // request through silently (skipOnError) or answer 500.
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}:rate-limit:`, skipOnError: false } : {}),
  });
  const warn = throttledWarning(app.log);
  const limiter = (name: LimitName, max: number) => {
    const check = app.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `${name}:${request.ip}`,
    });
    const open: LimitDecision = { allowed: true, limit: max, remaining: max, resetSeconds: 0 };
    return async (request: FastifyRequest): Promise<LimitDecision> => {
      let result;
      try {
        result = await check(request);
      } catch (error) {
        // Redis is down or slow: a limit must not turn enquiries away, so it lets them in.
        warn(
          "rate-limit-store",
          error,
          "rate limits cannot reach Redis: requests are let through uncounted until it is back",
        );
        return open;
      }
      if (result.isAllowed) return open;
      return {
        allowed: !result.isExceeded,
        limit: result.max,
        remaining: result.remaining,
        resetSeconds: Math.max(1, result.ttlInSeconds),
      };
    };
  };
  const limits: Limiters = {
    enquiry: limiter("enquiry", config.rateLimitPerMinute),
    newsletter: limiter("newsletter", config.rateLimitPerMinute),
    // Sign-in has its own lock per account; this only bounds a flood from one address.
    login: limiter("login", Math.max(config.rateLimitPerMinute, 20)),
  };
  app.decorate("limits", limits);

  // A route that names a limit in its config counts against it before anything else.
  app.addHook("onRoute", (route) => {
    const name = route.config?.limit;
    if (!name) return;
    const hook = async (request: FastifyRequest, reply: FastifyReply) =>
      applyLimit(reply, await limits[name](request));
    const existing = route.onRequest ?? [];
    route.onRequest = [hook, ...(Array.isArray(existing) ? existing : [existing])];
  });
}
