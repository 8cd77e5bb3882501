import { Writable } from "node:stream";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { readFile } from "node:fs/promises";
import { ENCODED_BODY_REFUSED, HEADERS_TIMEOUT_MS } from "../../server/plugins/body-limits.ts";
import type { BuildRoute } from "../../server/web/page-methods.ts";
import {
  IMAGES_BUSY,
  imageWork,
  MAX_CONCURRENT_IMAGES,
  MAX_WAITING_IMAGES,
} from "../../server/media/images.ts";
import { enquiryPayloads, homeEnquiryForm } from "../factories/enquiries.ts";
import { pngImage } from "../factories/images.ts";
import { sendBody } from "../support/raw-http.ts";
import { call, createTestApp, useTestApp, multipart, type TestApp } from "./helpers.ts";

interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
}

/** Every operation of the OpenAPI document, with a concrete URL for its path. */
async function operations(t: TestApp) {
  const doc = (await call<OpenApiDocument>(t.app, { method: "GET", url: "/api/openapi.json" }))
    .body;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{[^}]+\}/g, "some-id"),
      admin: (operation.security ?? []).some((entry) => "bearerAuth" in entry),
    })),
  );
}

const MB = 1024 * 1024;
const pages = () => ({ web: true, buildDirectory: inject("buildDir") });

/** The fields of the footer's newsletter form, as a browser without JavaScript posts them. */
const newsletterForm = (email: string) =>
  new URLSearchParams({ intent: "newsletter", kind: "newsletter", email }).toString();

const quickContactForm = () =>
  new URLSearchParams({
    intent: "quick",
    kind: "quick",
    name: "Ada Obi",
    email: "ada@example.com",
    phone: "8031234567",
    date: "2026-12-01",
    message: "Call me",
  }).toString();

/** The HTML of one form of a page, where its no-JavaScript answer is shown. */
const formHtml = (html: string, id: string) => {
  const start = html.indexOf(`<form id="${id}"`);
  return start < 0 ? "" : html.slice(start, html.indexOf("</form>", start));
};

const form = { "content-type": "application/x-www-form-urlencoded" };

describe("admin routes", () => {
  const t = useTestApp();

  it("check the token before the body: a stranger's bad body answers 401, not 400", async () => {
    const admin = (await operations(t)).filter((operation) => operation.admin);
    expect(admin.length).toBeGreaterThanOrEqual(17);
    for (const { method, url } of admin) {
      for (const body of [
        { payload: "{not json", headers: { "content-type": "application/json" } },
        { payload: "x", headers: { "content-type": "multipart/form-data" } },
        { payload: { price: "lots", status: 42 }, headers: {} },
      ]) {
        const response = await call<{ error: string }>(t.app, {
          method: method as "POST",
          url,
          ...(method === "GET" || method === "HEAD" ? {} : body),
        });
        expect(`${method} ${url}: ${response.status}`).toBe(`${method} ${url}: 401`);
        expect(response.body.error).toBeTypeOf("string");
      }
    }
  });

  it("answer 400, not 500, to a multipart body with no boundary or cut short", async () => {
    const headers = await t.adminHeaders();
    for (const [url, field] of [
      ["/api/video", "video"],
      ["/api/blogs", "image"],
    ] as const) {
      const truncated = multipart({ title: "Cut short" }, [
        {
          field,
          filename: "a.bin",
          contentType: "application/octet-stream",
          data: Buffer.alloc(2048),
        },
      ]);
      const noBoundary = await call<{ error: string }>(t.app, {
        method: "POST",
        url,
        headers: { ...headers, "content-type": "multipart/form-data" },
        payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi\r\n--x--\r\n',
      });
      expect(noBoundary.status).toBe(400);
      expect(noBoundary.body.error).toBeTypeOf("string");
      const cut = await call<{ error: string }>(t.app, {
        method: "POST",
        url,
        headers: { ...headers, ...truncated.headers },
        payload: truncated.payload.subarray(0, truncated.payload.length - 900),
      });
      expect(cut.status).toBe(400);
      expect(cut.body.error).toBe("The form data is malformed.");
    }
  });
});

describe("pictures at once", () => {
  const t = useTestApp();

  it("take turns: sixteen uploads at once decode one or two at a time; those beyond the queue get 503", async () => {
    const headers = await t.adminHeaders();
    const picture = await pngImage(1000, 750);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => {
        const upload = multipart({}, [
          { field: "image", filename: "p.png", contentType: "image/png", data: picture },
        ]);
        return t.app.inject({
          method: "POST",
          url: "/api/content-images",
          headers: { ...headers, ...upload.headers },
          payload: upload.payload,
        });
      }),
    );
    expect(imageWork.peak).toBeLessThanOrEqual(MAX_CONCURRENT_IMAGES);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(
      MAX_CONCURRENT_IMAGES + MAX_WAITING_IMAGES,
    );
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers["retry-after"]).toBe("5");
      expect(answer.json()).toEqual({ error: IMAGES_BUSY });
    }
    expect(imageWork.running + imageWork.waiting).toBe(0);
  });
});

describe("bodies over their limit", () => {
  const t = useTestApp({ MAX_VIDEO_SIZE: "2mb", MAX_IMAGE_SIZE: "1mb" }, pages());
  let base: string;
  let adminHeaders: Record<string, string>;
  beforeAll(async () => {
    adminHeaders = await t.adminHeaders();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });

  it("a page form declaring 300 MB is refused at once with 413, the rest never read", async () => {
    const answer = await sendBody(`${base}/?index`, {
      headers: form,
      bodyBytes: 300 * MB,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "The request body is too large." });
    expect(answer.headers.connection).toBe("close");
    expect(answer.closed).toBe(true);
    // What the client had pushed into its socket buffers before the answer came back.
    expect(answer.sentBeforeAnswer).toBeLessThan(16 * MB);
  });

  it("a chunked page form is cut off just past 100 KB", async () => {
    for (const url of [`${base}/?index`, `${base}/contact`]) {
      const answer = await sendBody(url, { headers: form, bodyBytes: 300 * MB, chunked: true });
      expect(answer.status).toBe(413);
      expect(answer.closed).toBe(true);
      expect(answer.sentBeforeAnswer).toBeLessThan(16 * MB);
    }
  });

  it("a video upload declaring more than MAX_VIDEO_SIZE is refused before reading", async () => {
    const answer = await sendBody(`${base}/api/video`, {
      headers: { ...adminHeaders, "content-type": "multipart/form-data; boundary=xyz" },
      bodyBytes: 2048 * MB,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "The video is too large: at most 2 MB." });
    expect(answer.closed).toBe(true);
    expect(answer.sentBeforeAnswer).toBeLessThan(16 * MB);
  });

  it("a chunked upload is cut off at its limit, whether in the file or outside any part", async () => {
    const part =
      '--xyz\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\n' +
      "Content-Type: video/mp4\r\n\r\n";
    for (const prefix of [part, ""]) {
      const answer = await sendBody(`${base}/api/video`, {
        headers: { ...adminHeaders, "content-type": "multipart/form-data; boundary=xyz" },
        bodyBytes: 2048 * MB,
        chunked: true,
        prefix,
      });
      expect(answer.status).toBe(413);
      expect(answer.closed).toBe(true);
      expect(answer.sentBeforeAnswer).toBeLessThan(2 * MB + 16 * MB);
    }
    expect(await t.app.services.videos.list()).toEqual([]);
  });

  it("an answer given before the body is read closes the connection (no 2 GB drain)", async () => {
    const answer = await sendBody(`${base}/api/video`, {
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      bodyBytes: 2048 * MB,
      chunked: true,
    });
    expect(answer.status).toBe(401);
    expect(answer.closed).toBe(true);
    expect(answer.sentBeforeAnswer).toBeLessThan(16 * MB);
  });
});

/**
 * Every page with a form: the routes of the site's build whose module has an action, as an
 * address to post to (the home page's is `/?index`; a parameter is any value).
 */
async function pagesWithAForm(): Promise<string[]> {
  const build = (await import(
    pathToFileURL(path.join(inject("buildDir"), "server/index.js")).href
  )) as { routes: Record<string, BuildRoute> };
  return Object.values(build.routes)
    .filter((route) => typeof route.module.action === "function")
    .map((route) => (route.index ? "/?index" : `/${route.path!.replace(/:\w+/g, "x")}`));
}

describe("compressed bodies", () => {
  const t = useTestApp({}, pages());
  let base: string;
  let adminHeaders: Record<string, string>;
  /** 100 MB of form field as 165 bytes of Brotli (issue 46), 10 MB as gzip and deflate. */
  const bombs: Record<string, Buffer> = {};
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    adminHeaders = await t.adminHeaders();
    const inflated = Buffer.alloc(100 * MB, "a");
    bombs.br = brotliCompressSync(inflated, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
    });
    bombs.gzip = gzipSync(inflated.subarray(0, 10 * MB));
    bombs.deflate = deflateSync(inflated.subarray(0, 10 * MB));
  });

  const post = (url: string, encoding: string, headers: Record<string, string> = form) =>
    fetch(`${base}${url}`, {
      method: "POST",
      headers: { ...headers, "content-encoding": encoding },
      body: new Uint8Array(bombs[encoding]!),
    });

  const expectRefused = async (answer: Response, what: string) => {
    expect(`${what}: ${answer.status}`).toBe(`${what}: 415`);
    expect(answer.headers.get("accept-encoding"), what).toBe("identity");
    expect(await answer.json(), what).toEqual({ error: ENCODED_BODY_REFUSED });
  };

  it("to every page with a form are refused with 415 before a byte is inflated", async () => {
    const urls = await pagesWithAForm();
    expect(urls).toEqual(expect.arrayContaining(["/?index", "/contact", "/blog", "/ads"]));
    expect(urls.length).toBeGreaterThanOrEqual(12);
    expect(bombs.br!.length).toBeLessThan(200);
    for (const url of urls) {
      for (const encoding of ["br", "gzip", "deflate"]) {
        await expectRefused(await post(url, encoding), `${encoding} ${url}`);
      }
    }
    // Nothing was stored or subscribed meanwhile, and the page still takes a plain form.
    const plain = await fetch(`${base}/?index`, {
      method: "POST",
      headers: form,
      body: newsletterForm("plain@example.com"),
    });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain("Thank you for subscribing!");
  });

  it("to the API, uploads and beacons get the same 415; identity is no encoding", async () => {
    const json = { "content-type": "application/json" };
    await expectRefused(await post("/api/contact", "br", json), "POST /api/contact");
    await expectRefused(await post("/api/newsletter", "gzip", json), "POST /api/newsletter");
    await expectRefused(
      await post("/api/traffic/views", "deflate", { "content-type": "text/plain" }),
      "beacon",
    );
    await expectRefused(
      await post("/api/content-images", "gzip", {
        ...adminHeaders,
        "content-type": "multipart/form-data; boundary=xyz",
      }),
      "upload",
    );
    await expectRefused(
      await fetch(`${base}/api/health`, { headers: { "content-encoding": "gzip" } }),
      "GET with an encoding",
    );
    const identity = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { ...json, "content-encoding": "identity" },
      body: JSON.stringify(enquiryPayloads.home),
    });
    expect(identity.status).toBe(201);
  });
});

describe("page routes", () => {
  const t = useTestApp({}, pages());

  it("answer other methods with 405, an Allow header and the usual error body", async () => {
    const cases: [string, string, string][] = [
      ["PUT", "/", "GET, HEAD"],
      ["DELETE", "/", "GET, HEAD"],
      ["PATCH", "/", "GET, HEAD"],
      ["PUT", "/contact", "GET, HEAD, POST"],
      ["DELETE", "/contact", "GET, HEAD, POST"],
      ["PATCH", "/blog", "GET, HEAD, POST"],
      ["OPTIONS", "/", "GET, HEAD"],
      ["TRACE", "/", "GET, HEAD"],
      ["POST", "/about", "GET, HEAD"],
      ["POST", "/sitemap.xml", "GET, HEAD"],
      ["POST", "/admin/login", "GET, HEAD"],
      ["POST", "/", "GET, HEAD"],
      ["POST", "/no-such-page", "GET, HEAD"],
    ];
    for (const [method, url, allow] of cases) {
      const response = await call<{ error: string }>(t.app, {
        method: method as "PUT",
        url,
        headers: form,
        payload: "a=1",
      });
      expect(`${method} ${url}: ${response.status} ${response.response.headers.allow}`).toBe(
        `${method} ${url}: 405 ${allow}`,
      );
      expect(response.body).toEqual({ error: "Method not allowed." });
      expect(response.response.body).not.toContain("did not provide");
    }
  });

  it("take form posts only where a form is, and only as a form", async () => {
    // A post without a form's fields (no form of the site sends one): 400, and the page again
    // with its forms as they were (the result names no form, so none shows it).
    const empty = await call(t.app, { method: "POST", url: "/contact" });
    expect(empty.status).toBe(400);
    expect(String(empty.body)).toContain('<form id="long"');
    expect(String(empty.body)).not.toContain("Thank you");
    const text = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/?index",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(text.status).toBe(415);
    expect(text.body.error).toMatch(/x-www-form-urlencoded/);
    const json = await call(t.app, {
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ kind: "home" }),
    });
    expect(json.status).toBe(415);
    const brokenMultipart = await call(t.app, {
      method: "POST",
      url: "/contact",
      headers: { "content-type": "multipart/form-data" },
      payload: "a=1",
    });
    expect(brokenMultipart.status).toBe(400);
    const subscribed = await call(t.app, {
      method: "POST",
      url: "/?index",
      headers: form,
      payload: newsletterForm("page-form@example.com"),
    });
    expect(subscribed.status).toBe(200);
    expect(String(subscribed.body)).toContain("Thank you for subscribing!");
  });
});

describe("per-IP limits on the forms without JavaScript", () => {
  const t = useTestApp({ RATE_LIMIT_PER_MINUTE: "3" }, pages());

  const pagePost = (url: string, payload: string, remoteAddress: string) =>
    call<string>(t.app, { method: "POST", url, headers: form, payload, remoteAddress });

  it("count page enquiries and /api/contact on one counter; a refused one gets the page and 429", async () => {
    const ip = "10.9.0.1";
    const home = await pagePost("/?index", homeEnquiryForm(), ip);
    expect(home.status).toBe(200);
    expect(formHtml(home.body, "home")).toContain("Form submitted successfully!");
    expect((await pagePost("/contact", quickContactForm(), ip)).status).toBe(200);
    const api = await call(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: enquiryPayloads.home,
      remoteAddress: ip,
    });
    expect(api.status).toBe(201);
    for (const [url, payload, id] of [
      ["/contact", quickContactForm(), "quick"],
      ["/?index", homeEnquiryForm(), "home"],
    ] as const) {
      const refused = await pagePost(url, payload, ip);
      expect(refused.status).toBe(429);
      expect(refused.response.headers["content-type"]).toMatch(/text\/html/);
      // Shown in the form that was sent, with what the visitor typed kept.
      expect(formHtml(refused.body, id)).toMatch(
        /Too many requests\. Please try again in \d+ seconds?\./,
      );
      expect(formHtml(refused.body, id)).toContain('value="Ada Obi"');
    }
    const apiRefused = await call(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: enquiryPayloads.home,
      remoteAddress: ip,
    });
    expect(apiRefused.status).toBe(429);
    expect(apiRefused.response.headers["retry-after"]).toMatch(/^\d+$/);
    // Another visitor is not affected; nothing past the limit was stored.
    expect((await pagePost("/contact", quickContactForm(), "10.9.0.2")).status).toBe(200);
    const stored = await call(t.app, {
      method: "GET",
      url: "/api/contact?status=all",
      headers: await t.adminHeaders(),
    });
    expect(stored.response.headers["x-total-count"]).toBe("4");
  });

  it("count the footer newsletter form with /api/newsletter", async () => {
    const ip = "10.9.1.1";
    for (let i = 0; i < 3; i++) {
      const answer = await pagePost("/?index", newsletterForm(`reader${i}@example.com`), ip);
      expect(answer.status).toBe(200);
    }
    const refused = await pagePost("/?index", newsletterForm("late@example.com"), ip);
    expect(refused.status).toBe(429);
    expect(formHtml(refused.body, "newsletter")).toMatch(/Too many requests\./);
    const api = await call(t.app, {
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "api@example.com" },
      remoteAddress: ip,
    });
    expect(api.status).toBe(429);
  });
});

describe("TRUST_PROXY", () => {
  it("with the proxy's address, X-Forwarded-For from that proxy names the visitor", async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1", TRUST_PROXY: "127.0.0.1" });
    try {
      const send = (forwarded: string, remoteAddress = "127.0.0.1") =>
        call(t.app, {
          method: "POST",
          url: "/api/newsletter",
          payload: { email: `${forwarded.replace(/\W/g, "")}@example.com` },
          headers: { "x-forwarded-for": forwarded },
          remoteAddress,
        });
      expect((await send("41.58.1.1")).status).toBe(201);
      expect((await send("41.58.1.2")).status).toBe(201);
      expect((await send("41.58.1.1")).status).toBe(429);
      // A client that is not the proxy cannot choose its address.
      expect((await send("41.58.1.3", "41.58.9.9")).status).toBe(201);
      expect((await send("41.58.1.4", "41.58.9.9")).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe("TRUST_PROXY=true", () => {
  it("starts, with a warning that any client can choose its address", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp(
      { TRUST_PROXY: "true", LOG_LEVEL: "warn" },
      { logger: true, logStream },
    );
    await t.close();
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/TRUST_PROXY=true/) }),
    );
  });
});

describe("security headers and error answers", () => {
  const t = useTestApp({}, pages());

  it("every kind of answer carries them, including the malformed-address 400", async () => {
    for (const url of ["/", "/api/prices", "/media/nothing.png", "/%zz", "/api/%zz"]) {
      const { headers } = await t.app.inject({ method: "GET", url });
      expect(headers["x-frame-options"], url).toBe("DENY");
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["permissions-policy"], url).toMatch(/camera=\(\)/);
      expect(headers["content-security-policy"], url).toMatch(/frame-ancestors 'none'/);
    }
    const malformed = await call(t.app, { method: "GET", url: "/%zz" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "The address is malformed." });
  });

  it("a request Node's parser refuses gets JSON and the same headers", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const answer = await sendBody(`${base}/`, {
      method: "GET",
      headers: { "x-padding": "a".repeat(20_000) },
      bodyBytes: 0,
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ error: "The request headers are too large." });
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["permissions-policy"]).toMatch(/camera=\(\)/);
  });

  it("a missing media file answers 404 without echoing the address", async () => {
    const probe = "/media/blogs/<script>alert(1)</script>-" + "x".repeat(300) + ".png";
    const response = await call<{ error: string }>(t.app, { method: "GET", url: probe });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "Not found." });
  });

  it("an unknown API address and TRACE answer 404 JSON", async () => {
    for (const [method, url] of [
      ["TRACE", "/api/"],
      ["TRACE", "/api"],
      ["GET", "/api/"],
      ["DELETE", "/api/nothing"],
    ]) {
      const response = await call(t.app, { method: method as "GET", url });
      expect(`${method} ${url}: ${response.status}`).toBe(`${method} ${url}: 404`);
      expect(response.body).toEqual({ error: "No such API endpoint." });
    }
  });
});

/** A site whose log lines (info and up) are collected in `lines`. */
async function loggingSite() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const t = await createTestApp(
    { LOG_LEVEL: "info" },
    { ...pages(), logger: true, logStream: stream },
  );
  return { t, lines };
}

describe("the log", () => {
  it("never holds a preview or subscriber token, however the link is mistyped", async () => {
    const { t, lines } = await loggingSite();
    const headers = await t.adminHeaders();
    const draft = multipart({ title: "Not out yet", content: "Soon.", status: "draft" });
    const post = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/blogs",
      headers: { ...headers, ...draft.headers },
      payload: draft.payload,
    });
    const link = await call<{ previewPath: string }>(t.app, {
      method: "POST",
      url: `/api/admin/blogs/${post.body._id}/preview-link`,
      headers,
    });
    const token = link.body.previewPath.replace("/blog/preview/", "");
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    for (const url of [
      `/blog/preview/${token}`,
      `/blog/preview%2F${token}`,
      `/blog/preview%2f${token}`,
      `/blog/preview;${token}`,
      `/blog/preview${token}`,
      `/Blog/Preview/${token}`,
      `/blog/preview%3B${token}?utm_source=x`,
      `/newsletter/confirm;${token}`,
      `/newsletter/unsubscribe%2F${token}`,
    ]) {
      // Through the front door too (real HTTP), and following no redirect.
      const answer = await fetch(`${base}${url}`, { redirect: "manual" });
      expect(answer.status, url).toBeLessThan(500);
      await answer.arrayBuffer();
    }
    await t.close();
    const logged = lines.filter((line) => line.includes('"request"'));
    expect(logged.length).toBeGreaterThanOrEqual(9);
    // Not even lower-cased, as the canonical path writes it.
    for (const line of lines) expect(line.toLowerCase()).not.toContain(token.toLowerCase());
    expect(logged.some((line) => line.includes('"url":"/blog/preview/…"'))).toBe(true);
  });

  it("has one short line per client error, with no stack; a 6,000-character path adds < 1 KB", async () => {
    const { t, lines } = await loggingSite();
    try {
      const long = "a".repeat(6000);
      for (const [method, url] of [
        ["GET", `/${long}`],
        ["GET", `/api/${long}`],
        ["GET", `/media/${long}`],
        ["PUT", `/${long}`],
        ["POST", `/about?${long}`],
        ["GET", `/%zz${long}`],
      ] as const) {
        const before = lines.join("\n").length;
        const start = lines.length;
        const response = await t.app.inject({ method, url });
        expect(response.statusCode).toBeLessThan(500);
        const added = lines.slice(start);
        expect(lines.join("\n").length - before, `${method} ${url.slice(0, 20)}`).toBeLessThan(
          1024,
        );
        expect(
          added.length,
          `${method} ${url.slice(0, 20)}: ${added.join("\n")}`,
        ).toBeLessThanOrEqual(1);
        for (const line of added) {
          expect(line).not.toContain("stack");
          expect(JSON.parse(line).level).toBe(30);
        }
      }
    } finally {
      await t.close();
    }
  });
});

/**
 * Opens a raw connection, writes `head`, then every 100 ms the next piece `next()` gives
 * (none once it answers undefined), and collects what the server sends until it closes.
 */
function sendSlowly(base: string, head: string, next: () => string | undefined) {
  return new Promise<{ answer: string; ms: number }>((resolve) => {
    const started = performance.now();
    const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
    let answer = "";
    socket.write(head);
    const timer = setInterval(() => {
      const piece = next();
      if (piece === undefined) clearInterval(timer);
      else socket.write(piece);
    }, 100);
    socket.on("data", (data) => (answer += data.toString()));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, ms: performance.now() - started });
    });
  });
}

describe("slow bodies", () => {
  it("end with 408 when they trickle, while a steady body passes", async () => {
    const t = await createTestApp(
      {},
      { bodyTimeouts: { idleMs: 400, graceMs: 600, minBytesPerSecond: 1024, checkEveryMs: 50 } },
    );
    try {
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const trickle = await sendSlowly(
        base,
        "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
          "Content-Length: 1000\r\n\r\n",
        () => " ",
      );
      expect(trickle.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(trickle.answer).toContain('{"error":"The request body arrived too slowly."}');
      expect(trickle.answer).toMatch(/x-frame-options: DENY/i);
      expect(trickle.ms).toBeLessThan(5000);
      // A body that keeps coming, though it takes longer than the grace period in all.
      const body = JSON.stringify({ ...enquiryPayloads.home, textarea: "x".repeat(4500) });
      let sent = 0;
      const { answer } = await sendSlowly(
        base,
        "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        () => {
          if (sent >= body.length) return undefined;
          sent += 500;
          return body.slice(sent - 500, sent);
        },
      );
      const steady = Number(answer.split(" ")[1]);
      expect(steady).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe("slow headers", () => {
  it("are cut at the README's limit, not up to 30 s after it", async () => {
    // The README's promise is the server's default.
    const readme = await readFile(path.join(import.meta.dirname, "../../README.md"), "utf8");
    const promised = /\| request headers\s*\| must arrive within (\d+) s/.exec(readme)?.[1];
    expect(Number(promised) * 1000).toBe(HEADERS_TIMEOUT_MS);
    const standard = await createTestApp();
    expect(standard.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    await standard.close();

    // The same rule with a short limit: headers trickled a byte every 100 ms are cut then.
    const limitMs = 1500;
    const t = await createTestApp({}, { headersTimeoutMs: limitMs });
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const header = "X-Slow: " + "a".repeat(200);
    let sent = 0;
    const cut = await sendSlowly(base, "GET /api/health HTTP/1.1\r\nHost: x\r\n", () =>
      sent < header.length ? header[sent++] : undefined,
    );
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(cut.ms).toBeGreaterThanOrEqual(limitMs - 100);
    // Node looks for late headers every fifth of the limit here (every second at 30 s).
    expect(cut.ms).toBeLessThan(limitMs * 2);
    expect(sent).toBeLessThan(header.length);
  });
});
