import type { FastifyRequest } from "fastify";
import type { NewFactor, Notifier } from "../../mail/notifier.ts";
import { signInContext } from "../staff/context.ts";
import { describeDevice, USER_AGENT_KEPT } from "../staff/sessions.ts";
import type { SignedInAdmin } from "../staff/types.ts";
import { networkOf } from "../traffic/visitor-key.ts";

/**
 * Mails the person that a way to sign in was added to their account (issue 46), to the
 * account's stored address (the request's admin is read from the database), with the
 * browser, system and network it came from. Not awaited: the answer does not wait for it.
 */
export function tellNewFactor(
  notifier: Pick<Notifier, "newFactor">,
  request: FastifyRequest,
  admin: SignedInAdmin,
  factor: NewFactor["factor"],
): void {
  const context = signInContext(request);
  const device = describeDevice(context.userAgent.slice(0, USER_AGENT_KEPT));
  void notifier.newFactor({
    email: admin.email,
    factor,
    browser: device.browser,
    os: device.os,
    network: networkOf(context.ip),
    at: new Date(),
  });
}
