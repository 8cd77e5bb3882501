import type { FastifyRequest } from "fastify";
import type { SignInContext } from "./types.ts";

/** Where a request signs in from: its client address and browser (the Devices list). */
export function signInContext(request: FastifyRequest): SignInContext {
  const userAgent = request.headers["user-agent"];
  return { ip: request.ip, userAgent: typeof userAgent === "string" ? userAgent : "" };
}
