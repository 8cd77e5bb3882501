import type { IncomingMessage } from "node:http";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { clientAddressOf } from "./beacon-door.ts";

// The door must see the client's address as Fastify's request.ip does for the same
// TRUST_PROXY, or a visitor would count twice (once at the door, once through the route).

const cases: [peer: string, forwardedFor: string | undefined][] = [
  ["127.0.0.1", undefined],
  ["127.0.0.1", "203.0.113.5"],
  ["127.0.0.1", "198.51.100.7, 10.0.0.1"],
  ["127.0.0.1", "198.51.100.7, 127.0.0.5"],
  ["10.1.2.3", "198.51.100.7"],
  ["192.0.2.1", "198.51.100.7"],
  ["::1", "2001:db8::1"],
  ["::ffff:127.0.0.1", "203.0.113.9"],
  ["127.0.0.1", "not-an-address, 203.0.113.5"],
  ["127.0.0.1", " 203.0.113.5 ,  10.9.8.7 "],
];

describe("clientAddressOf", () => {
  for (const trustProxy of [
    false,
    true,
    "loopback",
    "10.0.0.0/8,127.0.0.1",
    "uniquelocal,::1",
    "127.0.0.0/255.0.0.0",
  ]) {
    it(`agrees with Fastify's request.ip for TRUST_PROXY=${String(trustProxy)}`, async () => {
      const app = Fastify({ trustProxy });
      app.get("/", async (request) => request.ip);
      const address = clientAddressOf(trustProxy);
      for (const [peer, forwardedFor] of cases) {
        const headers = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
        const answer = await app.inject({ url: "/", remoteAddress: peer, headers });
        const raw = { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
        expect(address(raw), `${peer} ${forwardedFor}`).toBe(answer.body);
      }
      await app.close();
    });
  }
});
