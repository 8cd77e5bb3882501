import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Enquiry } from "../../common/schemas/enquiry.ts";
import { idempotencyMessages } from "../../server/plugins/idempotency.ts";
import { call, useTestApp } from "./helpers.ts";

// A browser that lost the answer to a form post (mobile data dropped) sends the same
// submission again with the same Idempotency-Key: the first answer comes back and the
// enquiry is stored once.

describe("Idempotency-Key on the public form posts", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const enquiry = (email: string) => ({
    name: "Ada Obi",
    email,
    phoneNumber: "+2348031234567",
    textarea: "Please call me back.",
    serviceType: "Inquiry form response",
  });
  const send = (payload: unknown, key?: string, url = "/api/contact") =>
    call<Enquiry & { error?: string }>(t.app, {
      method: "POST",
      url,
      payload: payload as Record<string, unknown>,
      headers: key === undefined ? {} : { "idempotency-key": key },
    });
  const storedWith = async (email: string) => {
    const { body } = await call<Enquiry[]>(t.app, {
      method: "GET",
      url: "/api/contact?status=all",
      headers,
    });
    return body.filter((item) => item.email === email);
  };

  it("answers a repeat with the first answer and stores the enquiry once", async () => {
    const key = randomUUID();
    const first = await send(enquiry("repeat@example.com"), key);
    expect(first.status).toBe(201);
    expect(first.response.headers["idempotent-replayed"]).toBeUndefined();
    const again = await send(enquiry("repeat@example.com"), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.response.headers["idempotent-replayed"]).toBe("true");
    expect(await storedWith("repeat@example.com")).toHaveLength(1);
  });

  it("stores two submissions with different keys (or none) twice", async () => {
    await send(enquiry("twice@example.com"), randomUUID());
    await send(enquiry("twice@example.com"), randomUUID());
    await send(enquiry("twice@example.com"));
    expect(await storedWith("twice@example.com")).toHaveLength(3);
  });

  it("stores once when the same submission arrives many times at once", async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(enquiry("burst@example.com"), key)),
    );
    // Each repeat either gets the first answer or is told to try again (409).
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const conflicts = answers.filter((answer) => answer.status === 409);
    for (const conflict of conflicts) {
      expect(conflict.body.error).toBe(idempotencyMessages.inProgress);
      expect(conflict.response.headers["retry-after"]).toBe("2");
    }
    expect(await storedWith("burst@example.com")).toHaveLength(1);
    const later = await send(enquiry("burst@example.com"), key);
    expect(later.status).toBe(201);
    expect(later.response.headers["idempotent-replayed"]).toBe("true");
  });

  it("refuses a key reused for another submission with 422", async () => {
    const key = randomUUID();
    expect((await send(enquiry("first-body@example.com"), key)).status).toBe(201);
    const other = await send(enquiry("second-body@example.com"), key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: idempotencyMessages.otherBody });
    expect(await storedWith("second-body@example.com")).toHaveLength(0);
  });

  it.each(["short", "has spaces in it", "x".repeat(101), "semi;colon;key"])(
    "refuses the malformed key %j with 400 JSON",
    async (key) => {
      const answer = await send(enquiry("badkey@example.com"), key);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: idempotencyMessages.invalidKey });
    },
  );

  it("does not keep the answer to an invalid body: the corrected body under the same key is stored", async () => {
    const key = randomUUID();
    const invalid = await send({ ...enquiry("fixed@example.com"), name: "" }, key);
    expect(invalid.status).toBe(400);
    const fixed = await send(enquiry("fixed@example.com"), key);
    expect(fixed.status).toBe(201);
    expect(await storedWith("fixed@example.com")).toHaveLength(1);
  });

  it("replays the newsletter's first answer, its time included", async () => {
    const key = randomUUID();
    const first = await send({ email: "idem-reader@example.com" }, key, "/api/newsletter");
    expect(first.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await send({ email: "idem-reader@example.com" }, key, "/api/newsletter");
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    // Without the key, a second sign-up is answered afresh: the same status, this time.
    const fresh = await send({ email: "idem-reader@example.com" }, undefined, "/api/newsletter");
    expect(fresh.status).toBe(201);
    expect(fresh.body).not.toEqual(first.body);
  });

  it("documents the header and its answers in the OpenAPI document", async () => {
    const { body } = await call<{
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }
        >
      >;
    }>(t.app, { method: "GET", url: "/api/openapi.json" });
    for (const path of ["/api/contact", "/api/newsletter"]) {
      const operation = body.paths[path]?.post;
      expect(operation?.parameters).toContainEqual(
        expect.objectContaining({ name: "idempotency-key", in: "header" }),
      );
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(["409", "422"]),
      );
    }
  });
});
