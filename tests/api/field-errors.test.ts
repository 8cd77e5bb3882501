import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../common/messages.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { call, multipart, useTestApp } from "./helpers.ts";

// One shape for every 400 (decision 0053): `{ error, fields }`, `fields` naming each field a
// rule refused by its dotted path as sent, so no client guesses the field from the text.

type Refusal = { error: string; fields?: Record<string, string> };

describe("a 400 names its fields", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const post = (url: string, payload: object, withToken = false) =>
    call<Refusal>(t.app, {
      method: "POST",
      url,
      payload,
      ...(withToken ? { headers } : {}),
    });

  /** The answer is a 400 whose fields are exactly `fields` (a message each: the given one). */
  function expectFields(
    answer: { status: number; body: Refusal },
    fields: Record<string, string | RegExp>,
  ) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(Object.keys(answer.body).sort()).toEqual(["error", "fields"]);
    expect(Object.keys(answer.body.fields!).sort()).toEqual(Object.keys(fields).sort());
    for (const [path, message] of Object.entries(fields)) {
      if (message instanceof RegExp) expect(answer.body.fields![path]).toMatch(message);
      else expect(answer.body.fields![path]).toBe(message);
    }
    // The summary is one of the fields' messages.
    expect(Object.values(answer.body.fields!)).toContain(answer.body.error);
  }

  it("the enquiry forms: each blank, malformed or missing field by its name", async () => {
    const { email: _email, ...noEmail } = payloads.home;
    expectFields(await post("/api/contact", noEmail), { email: messages.required });
    expectFields(await post("/api/contact", { ...payloads.home, email: "not-an-address" }), {
      email: messages.invalidEmail,
    });
    expectFields(await post("/api/contact", { ...payloads.service, name: "", options: [] }), {
      name: messages.required,
      options: messages.selectOption,
    });
    // The summary follows the forms' order: required first, then the e-mail, then options.
    const several = await post("/api/contact", { ...payloads.service, name: "", email: "x" });
    expect(several.body.error).toBe(messages.required);
    expect(several.body.fields).toEqual({ name: messages.required, email: messages.invalidEmail });
  });

  it("the newsletter and the checkout forms", async () => {
    expectFields(await post("/api/newsletter", { email: "nope" }), {
      email: messages.invalidEmail,
    });
    expectFields(
      await post("/api/checkout", {
        item: "grow-me",
        name: "",
        email: "funke@example.com",
        phone: "08031234567",
      }),
      { name: /./ },
    );
  });

  it("the back office's forms, JSON and multipart, with nested paths as dotted ones", async () => {
    expectFields(await post("/api/prices", { key: "grow-me", amount: -1 }, true), {
      amount: "Amount cannot be negative.",
    });
    expectFields(await post("/api/staff/invitations", { email: "nope", role: "editor" }, true), {
      email: messages.invalidEmail,
    });
    const invoice = {
      clientName: "Lagos Lux",
      clientEmail: "accounts@lagoslux.com",
      dueDate: "2026-12-31",
      lines: [
        { description: "GROW ME", quantity: 1, unitPrice: 250000 },
        { description: "", quantity: 1, unitPrice: 1000 },
      ],
    };
    expectFields(await post("/api/invoices", invoice, true), { "lines.1.description": /./ });
    // A route's own parse of a multipart form names its field the same way.
    const form = multipart({ content: "One point" });
    const blog = await call<Refusal>(t.app, {
      method: "POST",
      url: "/api/blogs",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expectFields(blog, { title: /./ });
    // A query string's field, too.
    const traffic = await call<Refusal>(t.app, {
      method: "GET",
      url: "/api/admin/traffic?from=yesterday",
      headers,
    });
    expectFields(traffic, { from: /./ });
  });

  it("a 400 about the whole body names no field, and the other 4xx keep `{ error }`", async () => {
    const notJson = await call<Refusal>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ error: "The request body is not valid JSON." });
    const answers = [
      await call<Refusal>(t.app, { method: "GET", url: "/api/contact/" }),
      await call<Refusal>(t.app, { method: "GET", url: "/api/contact/no-such-id", headers }),
      await call<Refusal>(t.app, {
        method: "POST",
        url: "/api/contact",
        payload: "name=Ada",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      await call<Refusal>(t.app, {
        method: "POST",
        url: "/api/contact",
        payload: JSON.stringify({ ...payloads.home, textarea: "x".repeat(2_000_000) }),
        headers: { "content-type": "application/json" },
      }),
    ];
    expect(answers.map(({ status }) => status)).toEqual([401, 404, 415, 413]);
    for (const { body } of answers) expect(Object.keys(body)).toEqual(["error"]);
  });
});
