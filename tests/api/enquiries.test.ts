import { beforeAll, describe, expect, it } from "vitest";
import { enquiryInputSchema, type Enquiry } from "../../common/schemas/enquiry.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { siteServices } from "../../server/services.ts";
import { call, createTestApp, useTestApp, expectAdminOnly } from "./helpers.ts";

type Answer = Enquiry & { error?: string };

describe("enquiries", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const post = (payload: unknown) =>
    call<Answer>(t.app, { method: "POST", url: "/api/contact", payload: payload as object });
  const list = (query = "") =>
    call<Enquiry[]>(t.app, { method: "GET", url: `/api/contact/${query}`, headers });

  it("stores the home-page form: textarea becomes the message, the phone gets +234", async () => {
    const { status, body } = await post(payloads.home);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: "Ada Obi",
      email: "ada@example.com",
      phoneNumber: "+2348031234567",
      message: "We need help with our Instagram page.",
      serviceType: "Inquiry form response",
      companyName: "",
      options: [],
      status: "new",
    });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await call<Enquiry>(t.app, {
      method: "GET",
      url: `/api/contact/${body._id}`,
      headers,
    });
    expect(stored.body).toEqual(body);
  });

  it("stores the service, package, quick and long contact forms with every field", async () => {
    const service = await post(payloads.service);
    expect(service.status).toBe(201);
    expect(service.body).toMatchObject({
      companyName: "Obi Foods Ltd",
      options: ["Social Media Advertising", "Paid Promotions"],
      serviceType: "Social Media Marketing",
      phoneNumber: "+2348031234567",
    });
    const pack = await post(payloads.package);
    expect(pack.status).toBe(201);
    expect(pack.body).toMatchObject({
      serviceType: "GROW ME",
      package: "GROW ME",
      instagram: "@lagoslux",
      website: "https://lagoslux.com",
      options: ["3 Months Contract"],
      phoneNumber: "+2348031234567",
    });
    const quick = await post(payloads.quick);
    expect(quick.status).toBe(201);
    expect(quick.body).toMatchObject({
      phoneNumber: "+2348091112222",
      date: "2026-12-01",
      message: "Can we meet next week?",
      serviceType: "contact",
    });
    const long = await post(payloads.long);
    expect(long.status).toBe(201);
    expect(long.body).toMatchObject({
      companyName: "Eze & Sons",
      options: ["Branding and Graphic Designs", "Page Revamp"],
      message: "A full rebrand, please.",
      serviceType: "Contact Form",
    });
  });

  it.each([
    ["home without a name", { ...payloads.home, name: "" }, "Please fill in all required fields."],
    [
      "home without an e-mail",
      { ...payloads.home, email: undefined },
      "Please fill in all required fields.",
    ],
    [
      "home with a bad e-mail",
      { ...payloads.home, email: "ada@example" },
      "Please enter a valid email address.",
    ],
    [
      "e-mail with spaces",
      { ...payloads.home, email: "a da@example.com" },
      "Please enter a valid email address.",
    ],
    [
      "service without a company",
      { ...payloads.service, companyName: " " },
      "Please fill in all required fields.",
    ],
    [
      "service without options",
      { ...payloads.service, options: [] },
      "Please select at least one option.",
    ],
    [
      "service with a bad e-mail and no options",
      { ...payloads.service, email: "x", options: [] },
      "Please enter a valid email address.",
    ],
    ["service missing everything", { options: [] }, "Please fill in all required fields."],
    [
      "quick form without a date",
      { ...payloads.quick, date: "" },
      "Please fill in all required fields.",
    ],
    [
      "quick form without a phone",
      { ...payloads.quick, phone: undefined },
      "Please fill in all required fields.",
    ],
    [
      "quick form without a message",
      { ...payloads.quick, message: "  " },
      "Please fill in all required fields.",
    ],
    [
      "quick form with a bad date",
      { ...payloads.quick, date: "2026-13-45" },
      "Please enter a valid date.",
    ],
    [
      "a name over 120 characters",
      { ...payloads.home, name: "n".repeat(121) },
      "Name must be at most 120 characters.",
    ],
    [
      "a message over 5,000 characters",
      { ...payloads.home, textarea: "m".repeat(5001) },
      "Message must be at most 5,000 characters.",
    ],
    [
      "options that are not a list",
      { ...payloads.service, options: "Paid Promotions" },
      "Options must be a list.",
    ],
    [
      "a phone with letters",
      { ...payloads.home, phoneNumber: "call me" },
      "Please enter a valid phone number.",
    ],
    [
      "a phone of another country (the prefix is fixed to +234)",
      { ...payloads.home, phoneNumber: "+234+44 20 7946 0958" },
      "Please enter a valid phone number.",
    ],
    [
      "a phone of zeros only",
      { ...payloads.home, phoneNumber: "0000" },
      "Please enter a valid phone number.",
    ],
    [
      "a phone over 24 characters",
      { ...payloads.home, phoneNumber: "0".repeat(10) + "8".repeat(15) },
      "Phone number must be at most 24 characters.",
    ],
    [
      "quick form with a day that does not exist",
      { ...payloads.quick, date: "2026-02-30" },
      "Please enter a valid date.",
    ],
  ])("refuses %s with 400 and the spec's message", async (_label, payload, message) => {
    const { status, body } = await post(payload);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });

  it.each([
    ["8031234567", "+2348031234567"],
    ["0803 123 4567", "+2348031234567"],
    ["(0803) 123-4567", "+2348031234567"],
    ["+234 803 123 4567", "+2348031234567"],
    ["+2340803.123.4567", "+2348031234567"],
    ["2348031234567", "+2348031234567"],
    ["01 234 5678", "+23412345678"],
    // The spec checks the phone no further than the prefix: a short number is kept as typed.
    ["803", "+234803"],
  ])("stores the phone %j as %j", async (phoneNumber, stored) => {
    const { status, body } = await post({ ...payloads.home, phoneNumber });
    expect(status).toBe(201);
    expect(body.phoneNumber).toBe(stored);
  });

  it("refuses, in every e-mail field of the product, what a mailto: link or a header would read", async () => {
    // Each e-mail field of the API, as a body that is valid but for the address.
    const contact = (
      await call<Record<string, string>>(t.app, {
        method: "GET",
        url: "/api/settings/contact",
      })
    ).body;
    const fields: [string, string, (email: string) => object][] = [
      ["POST", "/api/contact", (email) => ({ ...payloads.home, email })],
      ["POST", "/api/newsletter", (email) => ({ email })],
      ["POST", "/api/auth/forgot-password", (email) => ({ email })],
      ["POST", "/api/staff/invitations", (email) => ({ email, role: "editor" })],
      ["POST", "/api/auth/email", (email) => ({ email, currentPassword: "whatever it is" })],
      ["POST", "/api/mail/test", (to) => ({ to })],
      ["POST", "/api/admin/newsletter/test", (to) => ({ to, subject: "Hi", body: "Hello" })],
      ["PUT", "/api/settings/contact", (email) => ({ ...contact, email })],
    ];
    for (const email of [
      "ada@example.com?bcc=attacker@evil.test",
      "ada&bcc=x@example.com",
      "ada,attacker@example.com",
      "ada%0abcc@example.com",
      "ada@example.com%0a",
      "<ada>@example.com",
    ]) {
      for (const [method, url, body] of fields) {
        const answer = await call<{ error: string }>(t.app, {
          method: method as "POST",
          url,
          headers,
          payload: body(email),
        });
        expect(`${url} ${email}: ${answer.status}`).toBe(`${url} ${email}: 400`);
        expect(answer.body.error, `${url} ${email}`).toMatch(/valid e-?mail/i);
      }
    }
    // Addresses people have still pass.
    for (const email of ["o'brien+news@mail.example.ng", "d\u00e8l\u00e9@example.ng", "a@b.co"]) {
      expect((await post({ ...payloads.home, email })).status, email).toBe(201);
    }
  });

  it("stores a blank or missing phone as an empty string", async () => {
    for (const phoneNumber of ["", "  ", "+234", " +234 ", undefined]) {
      const { status, body } = await post({ ...payloads.home, phoneNumber });
      expect(status).toBe(201);
      expect(body.phoneNumber).toBe("");
    }
  });

  it("drops blank options and counts a repeated option once", async () => {
    const { status, body } = await post({
      ...payloads.service,
      options: [" Paid Promotions ", "", "Paid Promotions", "Performance Tracking"],
    });
    expect(status).toBe(201);
    expect(body.options).toEqual(["Paid Promotions", "Performance Tracking"]);
    const blank = await post({ ...payloads.service, options: ["", "  "] });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe("Please select at least one option.");
    const tooMany = await post({
      ...payloads.long,
      options: Array.from({ length: 21 }, (_, i) => `Option ${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("Please choose at most 20 options.");
  });

  it("needs only a name and an e-mail on the home form", async () => {
    const { status, body } = await post({ name: "Bisi", email: "bisi@example.com" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ phoneNumber: "", message: "", serviceType: "", status: "new" });
  });

  it("stores what the no-JavaScript forms hand to siteServices.enquiries.create", async () => {
    const { create } = siteServices(t.app.services, t.config).enquiries;
    const enquiry = await create(enquiryInputSchema.parse(payloads.long));
    expect(enquiry).toMatchObject({ name: "Ngozi Eze", phoneNumber: "+2347012345678" });
    const stored = await call<Enquiry>(t.app, {
      method: "GET",
      url: `/api/contact/${enquiry._id}`,
      headers,
    });
    expect(stored.body).toEqual(enquiry);
  });

  it("accepts the longest allowed name and message", async () => {
    const { status } = await post({
      ...payloads.home,
      name: "n".repeat(120),
      textarea: "m".repeat(5000),
    });
    expect(status).toBe(201);
  });

  it("answers 400 JSON for malformed JSON and 413 JSON for a body over 100 KB", async () => {
    const malformed = await call<Answer>(t.app, {
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: '{"name": "Ada",',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("The request body is not valid JSON.");
    const huge = await call<Answer>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: { ...payloads.home, textarea: "x".repeat(110 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe("The request body is too large.");
    const notObject = await post(["a", "list"]);
    expect(notObject.status).toBe(400);
  });

  it("stores a honeypot hit as spam, answers 201, and keeps it out of the inbox", async () => {
    const { status, body } = await post({ ...payloads.home, name: "Robot", faxNumber: "123" });
    expect(status).toBe(201);
    expect(body.status).toBe("spam");
    expect((await list()).body.some((e) => e._id === body._id)).toBe(false);
    expect((await list("?status=spam")).body.map((e) => e._id)).toContain(body._id);
    expect((await list("?status=all")).body.map((e) => e._id)).toContain(body._id);
    // Whatever a robot puts in the field, it is answered like a person and kept as spam.
    for (const faxNumber of [5551234, true, ["x"], {}, { toString: "not a function" }]) {
      const robot = await post({ ...payloads.service, faxNumber });
      expect(robot.status).toBe(201);
      expect(robot.body.status).toBe("spam");
    }
    // Turning this into text overflows the stack: it must still be a 201 and spam.
    const deep = await call<Answer>(t.app, {
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: `${JSON.stringify({ ...payloads.home }).slice(0, -1)},"faxNumber":${"[".repeat(40_000)}${"]".repeat(40_000)}}`,
    });
    expect(deep.status).toBe(201);
    expect(deep.body.status).toBe("spam");
    // The forms send the empty field: a person is not spam.
    const person = await post({ ...payloads.home, faxNumber: "" });
    expect(person.body.status).toBe("new");
  });

  it("is admin-only to read, change, delete and export; anyone may send", async () => {
    const { body } = await post(payloads.home);
    for (const url of [
      "/api/contact/",
      "/api/contact/summary",
      "/api/contact/export.csv",
      `/api/contact/${body._id}`,
    ]) {
      await expectAdminOnly(t, { method: "GET", url });
    }
    await expectAdminOnly(t, {
      method: "PATCH",
      url: `/api/contact/${body._id}`,
      payload: { status: "read" },
    });
    await expectAdminOnly(t, { method: "DELETE", url: `/api/contact/${body._id}` });
  });
});

describe("the enquiry inbox", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    headers = await t.adminHeaders();
    // Known creation times (UTC) around Lagos midnights, inserted through the service.
    const seeds: [string, object, string][] = [
      ["jan31late", { ...payloads.service, name: "Early Bird" }, "2026-01-31T22:30:00.000Z"],
      [
        "feb1",
        { ...payloads.home, name: "Tunde Bakare", email: "tunde@bakare.ng" },
        "2026-02-01T10:00:00.000Z",
      ],
      ["feb2", { ...payloads.package, name: "Kemi Cole" }, "2026-02-02T22:59:59.000Z"],
      [
        "feb3",
        { ...payloads.long, name: "Late Lagos", message: "50% off? Use code_X" },
        "2026-02-02T23:00:00.000Z",
      ],
    ];
    for (const [key, payload, createdAt] of seeds) {
      const input = enquiryInputSchema.parse(payload);
      const enquiry = await t.app.services.enquiries.create(input);
      await t.app.services.database.db
        .updateTable("enquiries")
        .set({ created_at: createdAt, updated_at: createdAt })
        .where("id", "=", enquiry._id)
        .execute();
      ids[key] = enquiry._id;
    }
  });

  const get = (query: string) =>
    call<Enquiry[] & { error?: string }>(t.app, {
      method: "GET",
      url: `/api/contact/${query}`,
      headers,
    });

  it("lists newest first with X-Total-Count", async () => {
    const { status, body, response } = await get("");
    expect(status).toBe(200);
    expect(body.map((e) => e._id)).toEqual([ids.feb3, ids.feb2, ids.feb1, ids.jan31late]);
    expect(response.headers["x-total-count"]).toBe("4");
  });

  it("pages: page and pageSize, total before paging", async () => {
    const first = await get("?page=1&pageSize=3");
    expect(first.body.map((e) => e._id)).toEqual([ids.feb3, ids.feb2, ids.feb1]);
    expect(first.response.headers["x-total-count"]).toBe("4");
    const second = await get("?page=2&pageSize=3");
    expect(second.body.map((e) => e._id)).toEqual([ids.jan31late]);
    const beyond = await get("?page=9&pageSize=3");
    expect(beyond.body).toEqual([]);
    expect(beyond.response.headers["x-total-count"]).toBe("4");
    // A size alone is the first page; a page alone has 50 rows.
    expect((await get("?pageSize=2")).body.map((e) => e._id)).toEqual([ids.feb3, ids.feb2]);
    expect((await get("?page=1")).body).toHaveLength(4);
    // Paging applies after the filter: three addresses end in .ng.
    const filtered = await get("?q=.ng&page=2&pageSize=1");
    expect(filtered.body.map((e) => e._id)).toEqual([ids.feb1]);
    expect(filtered.response.headers["x-total-count"]).toBe("3");
  });

  it("searches name, e-mail, company and message, case-insensitively, wildcards literal", async () => {
    expect((await get("?q=TUNDE")).body.map((e) => e._id)).toEqual([ids.feb1]);
    expect((await get("?q=bakare.ng")).body.map((e) => e._id)).toEqual([ids.feb1]);
    expect((await get("?q=lagos%20lux")).body.map((e) => e._id)).toEqual([ids.feb2]);
    expect((await get("?q=50%25")).body.map((e) => e._id)).toEqual([ids.feb3]);
    expect((await get("?q=code_x")).body.map((e) => e._id)).toEqual([ids.feb3]);
    expect((await get("?q=c_de")).body).toEqual([]);
    expect((await get("?q=nothing-like-this")).response.headers["x-total-count"]).toBe("0");
  });

  it("finds names written with letters beyond ASCII", async () => {
    const { _id } = await t.app.services.enquiries.create(
      enquiryInputSchema.parse({ ...payloads.home, name: "Ọlá Adébáyọ̀" }),
    );
    try {
      expect((await get("?q=%E1%BB%8Cl%C3%A1")).body.map((e) => e._id)).toEqual([_id]);
      expect((await get("?q=AD%C3%A9b")).body.map((e) => e._id)).toEqual([_id]);
    } finally {
      await t.app.services.enquiries.remove(_id);
    }
  });

  it("filters by service type and by Lagos calendar days (inclusive)", async () => {
    expect((await get("?serviceType=GROW%20ME")).body.map((e) => e._id)).toEqual([ids.feb2]);
    // 22:30 UTC on Jan 31 is 23:30 in Lagos; 23:00 UTC on Feb 2 is already Feb 3 in Lagos.
    expect((await get("?from=2026-02-01&to=2026-02-02")).body.map((e) => e._id)).toEqual([
      ids.feb2,
      ids.feb1,
    ]);
    expect((await get("?to=2026-01-31")).body.map((e) => e._id)).toEqual([ids.jan31late]);
    expect((await get("?from=2026-02-03")).body.map((e) => e._id)).toEqual([ids.feb3]);
  });

  it("rejects bad filters with 400", async () => {
    for (const query of [
      "?status=archived",
      "?from=01-02-2026",
      "?from=2026-13-45",
      "?to=2026-02-30",
      "?serviceType=" + "x".repeat(121),
      "?page=0",
      "?pageSize=501",
      "?page=x",
    ]) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(typeof (body as unknown as { error: string }).error).toBe("string");
    }
  });

  it("moves an enquiry new → read → replied, filters by status and counts in the summary", async () => {
    const read = await call<Enquiry>(t.app, {
      method: "PATCH",
      url: `/api/contact/${ids.feb1}`,
      headers,
      payload: { status: "read" },
    });
    expect(read.status).toBe(200);
    expect(read.body.status).toBe("read");
    expect(Date.parse(read.body.updatedAt)).toBeGreaterThan(Date.parse(read.body.createdAt));
    const replied = await call<Enquiry>(t.app, {
      method: "PATCH",
      url: `/api/contact/${ids.feb1}`,
      headers,
      payload: { status: "replied" },
    });
    expect(replied.body.status).toBe("replied");
    expect((await get("?status=replied")).body.map((e) => e._id)).toEqual([ids.feb1]);
    expect((await get("?status=new")).body).toHaveLength(3);
    const summary = await call<Record<string, unknown>>(t.app, {
      method: "GET",
      url: "/api/contact/summary",
      headers,
    });
    expect(summary.body).toEqual({
      new: 3,
      read: 0,
      replied: 1,
      spam: 0,
      total: 4,
      serviceTypes: ["Contact Form", "GROW ME", "Inquiry form response", "Social Media Marketing"],
    });
    const bad = await call<Answer>(t.app, {
      method: "PATCH",
      url: `/api/contact/${ids.feb1}`,
      headers,
      payload: { status: "archived" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Status must be one of: new, read, replied, spam.");
  });

  it("exports the current filter as CSV that Excel opens: BOM, quoting, formula guard", async () => {
    await t.app.services.enquiries.create(
      enquiryInputSchema.parse({
        ...payloads.long,
        name: '=HYPERLINK("http://evil")',
        message: 'Line one, with "quotes"\nLine two',
      }),
    );
    const response = await t.app.inject({
      method: "GET",
      url: "/api/contact/export.csv?serviceType=Contact%20Form",
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Date,Status,Company Name,Name,Email,Phone Number,Options,Service Type,Package,Instagram,Website,Preferred Date,Message,Sent From,Referrer,UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content,Service Name,Source Name",
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(`"Line one, with ""quotes""\nLine two"`);
    expect(text).toContain("Branding and Graphic Designs; Page Revamp");
    expect(text).toContain("2026-02-03 00:00,new,Eze & Sons,Late Lagos");
    // Only the filtered rows: two Contact Form enquiries plus the header and the final line end.
    expect(lines.filter((line) => line.includes("Contact Form"))).toHaveLength(2);
    expect(text).not.toContain("Tunde");
  });

  it("deletes an enquiry for good; unknown and malformed ids are 404", async () => {
    const deleted = await call(t.app, {
      method: "DELETE",
      url: `/api/contact/${ids.jan31late}`,
      headers,
    });
    expect(deleted.body).toEqual({ success: true });
    for (const id of [ids.jan31late, "nope", "00000000-0000-0000-0000-000000000000"]) {
      const one = await call<Answer>(t.app, { method: "GET", url: `/api/contact/${id}`, headers });
      expect(one.status).toBe(404);
      expect(one.body.error).toBe("Enquiry not found.");
      const patch = await call(t.app, {
        method: "PATCH",
        url: `/api/contact/${id}`,
        headers,
        payload: { status: "read" },
      });
      expect(patch.status).toBe(404);
      const del = await call(t.app, { method: "DELETE", url: `/api/contact/${id}`, headers });
      expect(del.status).toBe(404);
    }
  });
});

describe("an inbox of thousands", () => {
  const ROWS = 1203;
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
    // Bulk rows straight into the table, two at each minute, so equal times must page stably.
    const base = Date.parse("2026-03-01T08:00:00.000Z");
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const at = new Date(base + Math.floor(i / 2) * 60_000).toISOString();
      return {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        status: i % 7 === 0 ? "read" : "new",
        company_name: "",
        name: `Visitor ${i}`,
        email: `visitor${i}@example.com`,
        phone_number: "",
        options: "[]",
        service_type: i % 3 === 0 ? "Page Revamp" : "Inquiry form response",
        message: "",
        package: "",
        instagram: "",
        website: "",
        preferred_date: "",
        created_at: at,
        updated_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 500) {
      await t.app.services.database.db
        .insertInto("enquiries")
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });

  const get = (query: string) =>
    call<Enquiry[]>(t.app, { method: "GET", url: `/api/contact/${query}`, headers });

  it("pages through every row once, newest first, even when times are equal", async () => {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const { body, response } = await get(`?page=${page}&pageSize=200`);
      expect(response.headers["x-total-count"]).toBe(String(ROWS));
      if (body.length === 0) break;
      seen.push(...body.map((e) => e._id));
    }
    expect(seen).toHaveLength(ROWS);
    expect(new Set(seen).size).toBe(ROWS);
    const all = (await get("")).body.map((e) => e._id);
    expect(all).toEqual(seen);
    const times = (await get("?page=1&pageSize=500")).body.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("gives 50 rows for a page without a size, and counts a filter before paging", async () => {
    const second = await get("?page=2");
    expect(second.body).toHaveLength(50);
    expect(second.body[0]!.name).toBe("Visitor 1152");
    const revamp = await get("?serviceType=Page%20Revamp&status=new&page=3&pageSize=100");
    const expected = Array.from({ length: ROWS }, (_, i) => i).filter(
      (i) => i % 3 === 0 && i % 7 !== 0,
    ).length;
    expect(revamp.response.headers["x-total-count"]).toBe(String(expected));
    expect(revamp.body).toHaveLength(100);
    expect(revamp.body.every((e) => e.serviceType === "Page Revamp" && e.status === "new")).toBe(
      true,
    );
  });
});

describe("sending enquiries", () => {
  it("is limited per address: over RATE_LIMIT_PER_MINUTE answers 429 JSON", async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const send = (remoteAddress: string) =>
        call<Answer>(t.app, {
          method: "POST",
          url: "/api/contact",
          payload: payloads.home,
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await send("10.0.0.1")).status).toBe(201);
      const limited = await send("10.0.0.1");
      expect(limited.status).toBe(429);
      expect(typeof limited.body.error).toBe("string");
      expect((await send("10.0.0.2")).status).toBe(201);
      const headers = await t.adminHeaders();
      const stored = await call(t.app, { method: "GET", url: "/api/contact/", headers });
      expect(stored.response.headers["x-total-count"]).toBe("4");
    } finally {
      await t.close();
    }
  });
});

describe("CSV cells", () => {
  it("name the file after the day in Lagos", async () => {
    const { csvAttachment } = await import("../../server/lib/csv.ts");
    expect(csvAttachment("enquiries", new Date("2026-11-22T22:59:00Z"))).toBe(
      'attachment; filename="enquiries-2026-11-22.csv"',
    );
    expect(csvAttachment("enquiries", new Date("2026-11-22T23:00:00Z"))).toBe(
      'attachment; filename="enquiries-2026-11-23.csv"',
    );
  });

  it("neutralise formulas; phone numbers stay text without an apostrophe (server/lib/csv.test.ts)", async () => {
    const { safeCell } = await import("../../server/lib/csv.ts");
    expect(safeCell("=1+1")).toBe("'=1+1");
    expect(safeCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(safeCell("-2+3")).toBe("'-2+3");
    expect(safeCell("-5")).toBe("-5");
    expect(safeCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(safeCell("+2348031234567")).toBe("+2348031234567");
    expect(safeCell("Ada")).toBe("Ada");
  });
});
