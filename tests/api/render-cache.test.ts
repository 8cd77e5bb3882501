import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, get as httpGet, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_STREAM_STORED } from "../../server/web/render-cache.ts";
import { insertPosts } from "../factories/blogs.ts";
import { mp4Bytes } from "../factories/images.ts";
import { call, createTestApp, useTestApp, multipart, setPrice } from "./helpers.ts";

// The render cache (issue 9, docs/decisions/0014): public pages and API lists rendered once
// and answered from memory until a write changes them.

const pages = () => ({ web: true, buildDirectory: inject("buildDir") });

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * The sha256 sources of the inline scripts a browser runs on a page: not external ones, not
 * data blocks (JSON-LD), which CSP does not govern.
 */
const inlineHashes = (html: string) =>
  new Set(
    [
      ...html.matchAll(
        /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ]
      .map((match) => match[1]!)
      .filter((content) => content.length > 0)
      .map((content) => `'sha256-${createHash("sha256").update(content).digest("base64")}'`),
  );

/** The script-src sources of an answer's CSP, after 'self'. */
const scriptSources = (answer: Answer) =>
  new Set(
    /script-src ([^;]+)/
      .exec(answer.headers.get("content-security-policy")!)![1]!
      .split(" ")
      .slice(1),
  );

describe("the render cache", () => {
  const t = useTestApp({}, pages());
  let base: string;
  let headers: { authorization: string };

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    headers = await t.adminHeaders();
  });

  const get = async (path: string, extra: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${base}${path}`, { headers: extra });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const hits = () => t.app.renderCache!.hits;

  /** GETs `path` until the answer comes from memory (the first render stores it). */
  const stored = async (path: string) => {
    await get(path);
    const before = hits();
    const answer = await get(path);
    expect(hits(), `${path} should come from the cache`).toBe(before + 1);
    return answer;
  };

  it("answers a page again from memory: same bytes, an ETag, and a 304 for it", async () => {
    const first = await get("/about");
    expect(first.status).toBe(200);
    const again = await stored("/about");
    expect(again.text).toBe(first.text);
    const etag = again.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(again.headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=60",
    );
    expect(again.headers.get("vary")).toBe("accept-encoding");

    const notModified = await fetch(`${base}/about`, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);
    const changed = await fetch(`${base}/about`, { headers: { "if-none-match": 'W/"other"' } });
    expect(changed.status).toBe(200);
  });

  /** An answer's headers and its bytes as sent (node:http: fetch asks for compression and decodes it). */
  const raw = (path: string, requestHeaders: Record<string, string> = {}) =>
    new Promise<{ headers: IncomingMessage["headers"]; encoding?: string; body: Buffer }>(
      (resolve, reject) => {
        httpGet(`${base}${path}`, { headers: requestHeaders }, (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              headers: response.headers,
              encoding: response.headers["content-encoding"],
              body: Buffer.concat(chunks),
            }),
          );
        }).on("error", reject);
      },
    );

  it("sends br, gzip or plain bytes of the same page, as asked", async () => {
    await stored("/services");
    const encoded = (encoding: string) =>
      raw("/services", encoding ? { "accept-encoding": encoding } : {});
    const plain = await encoded("");
    const br = await encoded("gzip, deflate, br");
    const gzip = await encoded("gzip");
    const refused = await encoded("br;q=0, gzip;q=0");
    expect(plain.encoding).toBeUndefined();
    expect(br.encoding).toBe("br");
    expect(gzip.encoding).toBe("gzip");
    expect(refused.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain("<html");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
  });

  it("keeps the CSP strict: a stored page allows exactly its own inline scripts, by hash", async () => {
    const page = await stored("/");
    const policy = page.headers.get("content-security-policy")!;
    const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!.split(" ");
    expect(scriptSrc[0]).toBe("'self'");
    expect(policy).not.toContain("nonce-");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(inlineHashes(page.text).size).toBeGreaterThan(0);
    expect(scriptSources(page)).toEqual(inlineHashes(page.text));
    expect(page.text).not.toMatch(/nonce="/);
    // A stored API list: no inline scripts, and no empty 'nonce-' either, first answer or not.
    for (const answer of [await get("/api/prices?csp=1"), await stored("/api/prices?csp=1")]) {
      const listPolicy = answer.headers.get("content-security-policy")!;
      expect(listPolicy).toMatch(/script-src 'self';/);
      expect(listPolicy).not.toContain("nonce-");
    }
  });

  it("shares one answer between orders of the same query, not between different queries", async () => {
    await stored("/blog?q=growth&x=1");
    const before = hits();
    await get("/blog?x=1&q=growth");
    expect(hits()).toBe(before + 1);
    await get("/blog?q=brand&x=1");
    expect(hits()).toBe(before + 1);
  });

  it("never stores what is personal or per request", async () => {
    // An Authorization header: rendered each time, with a fresh nonce.
    const signedIn = async () => get("/about", headers);
    const one = await signedIn();
    const two = await signedIn();
    const nonce = (answer: Answer) =>
      /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy")!)?.[1];
    expect(nonce(one)).toBeTruthy();
    expect(nonce(one)).not.toBe(nonce(two));
    expect(one.headers.get("etag")).toBeNull();

    // The back office, and a preview link.
    for (const path of ["/admin/login", "/blog/preview/not-a-token"]) {
      await get(path);
      const before = hits();
      const again = await get(path);
      expect(hits(), path).toBe(before);
      expect(again.headers.get("etag"), path).toBeNull();
    }

    // A form post's answer is not what the next visitor sees.
    await stored("/contact");
    const posted = await fetch(`${base}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({ intent: "newsletter", kind: "newsletter", email: "x" }),
    });
    const postedHtml = await posted.text();
    expect(posted.headers.get("etag")).toBeNull();
    const next = await get("/contact");
    expect(next.text).not.toBe(postedHtml);

    // An unknown address is rendered each time (a 404 is not stored), and the first render
    // (meant for the cache, without a nonce) allows its own inline scripts by their hashes.
    const notFound = await get("/no-such-page");
    expect(notFound.status).toBe(404);
    expect(scriptSources(notFound)).toEqual(inlineHashes(notFound.text));
    const before = hits();
    expect((await get("/no-such-page")).status).toBe(404);
    expect(hits()).toBe(before);

    // The API beyond the public lists.
    const before2 = hits();
    await get("/api/content");
    await get("/api/content");
    expect(hits()).toBe(before2);
  });

  it("sends a page rendered for one request whole, with its length; the back office streams", async () => {
    for (const encoding of ["br", "gzip", ""]) {
      const page = await raw("/about", {
        ...headers,
        ...(encoding ? { "accept-encoding": encoding } : {}),
      });
      expect(page.headers.etag, encoding).toBeUndefined(); // not from the cache
      expect(page.encoding, encoding).toBe(encoding || undefined);
      expect(page.headers["transfer-encoding"], encoding).toBeUndefined();
      expect(Number(page.headers["content-length"]), encoding).toBe(page.body.length);
      const html =
        encoding === "br"
          ? brotliDecompressSync(page.body)
          : encoding === "gzip"
            ? gunzipSync(page.body)
            : page.body;
      expect(html.toString(), encoding).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
    }
    const login = await raw("/admin/login", { "accept-encoding": "br" });
    expect(login.headers["transfer-encoding"]).toBe("chunked");
    expect(brotliDecompressSync(login.body).toString()).toContain("</html>");
  });

  it("shows a post's change on the next request for every page and list it is on", async () => {
    const form = multipart({ title: "Cache test post", content: "The first words" });
    const created = await call<{ _id: string; slug: string }>(t.app, {
      method: "POST",
      url: "/api/blogs",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(created.status).toBe(201);
    const { _id: id, slug } = created.body;
    for (const path of ["/blog", "/api/blogs", `/api/blogs/${id}`, `/blog/${slug}`, "/"]) {
      await stored(path);
    }
    const edit = multipart({ title: "Cache test post, edited", content: "New words" });
    const edited = await call(t.app, {
      method: "PATCH",
      url: `/api/blogs/${id}`,
      payload: edit.payload,
      headers: { ...headers, ...edit.headers },
    });
    expect(edited.status).toBe(200);
    expect((await get("/blog")).text).toContain("Cache test post, edited");
    expect((await get("/api/blogs")).text).toContain("Cache test post, edited");
    expect((await get(`/api/blogs/${id}`)).text).toContain("New words");
    expect((await get(`/blog/${slug}`)).text).toContain("New words");

    await stored("/blog");
    const removed = await call(t.app, { method: "DELETE", url: `/api/blogs/${id}`, headers });
    expect(removed.status).toBeLessThan(300);
    expect((await get("/blog")).text).not.toContain("Cache test post");
    expect((await get(`/api/blogs/${id}`)).status).toBe(404);
  });

  it("shows a price change on the next request for the pages and the list", async () => {
    // "take-off" is the first package, priced on the home page.
    await stored("/api/prices");
    const home = await stored("/");
    expect(home.text.includes("987,654")).toBe(false);
    const set = await call(t.app, {
      method: "POST",
      url: "/api/prices",
      headers,
      payload: { key: "take-off", amount: 987654 },
    });
    expect(set.status).toBeLessThan(300);
    expect((await get("/api/prices")).text).toContain('"amount":987654');
    expect((await get("/")).text.includes("987,654")).toBe(true);
  });

  it("shows an uploaded video on the next request for the list and the home page", async () => {
    const list = await stored("/api/video");
    expect(JSON.parse(list.text)).toEqual([]);
    await stored("/");
    const form = multipart({ title: "Launch reel from the cache test" }, [
      { field: "video", filename: "clip.mp4", contentType: "video/mp4", data: mp4Bytes() },
    ]);
    const uploaded = await call(t.app, {
      method: "POST",
      url: "/api/video",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(uploaded.status).toBe(201);
    expect(JSON.parse((await get("/api/video")).text)).toHaveLength(1);
    expect((await get("/")).text.includes("Launch reel from the cache test")).toBe(true);
  });

  it("shows a content change (an FAQ) on the next request for its page", async () => {
    await stored("/contact");
    const created = await call(t.app, {
      method: "POST",
      url: "/api/content/faq",
      headers,
      payload: { question: "Is the cache emptied by this?", answer: "Yes." },
    });
    expect(created.status).toBe(201);
    expect((await get("/contact")).text).toContain("Is the cache emptied by this?");
  });

  it("answers the build's files from memory: immutable hashed assets, br, 304", async () => {
    const html = (await get("/")).text;
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    const answer = await fetch(`${base}${asset}`, { headers: { "accept-encoding": "br" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(answer.headers.get("content-encoding")).toBe("br");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const body = await answer.text();
    expect(body.length).toBeGreaterThan(0);
    const etag = answer.headers.get("etag")!;
    const again = await fetch(`${base}${asset}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}${asset}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const picture = await fetch(`${base}/favicon.ico`);
    expect([200, 404]).toContain(picture.status);
  });

  it("sends a build file's bytes as they are on disk, in each encoding", async () => {
    const client = path.join(inject("buildDir"), "client");
    const asset = /\/assets\/[\w.-]+\.js/.exec((await get("/")).text)![0];
    const script = readFileSync(path.join(client, asset));
    const br = await raw(asset, { "accept-encoding": "br" });
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(script)).toBe(true);
    const gzip = await raw(asset, { "accept-encoding": "gzip" });
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(script)).toBe(true);
    expect((await raw(asset)).body.equals(script)).toBe(true);
    // A font: binary, every byte value, sent as it is.
    const font = readdirSync(path.join(client, "assets")).find((name) => name.endsWith(".woff2"))!;
    const bytes = readFileSync(path.join(client, "assets", font));
    const sent = await raw(`/assets/${font}`, { "accept-encoding": "gzip, deflate, br" });
    expect(sent.encoding).toBeUndefined();
    expect(sent.headers["content-length"]).toBe(String(bytes.length));
    expect(sent.body.equals(bytes)).toBe(true);
  });

  it("stores a short list streamed from the database; a long one passes through whole", async () => {
    const db = t.app.services.database.db;
    const existing = (JSON.parse((await get("/api/blogs")).text) as unknown[]).length;
    await insertPosts(db, 3);
    t.app.renderCache!.clear();
    const short = await stored("/api/blogs");
    expect(JSON.parse(short.text)).toHaveLength(existing + 3);

    // Posts of 8 KB each, past the most of a stream held to be stored.
    const count = Math.ceil(MAX_STREAM_STORED / 8000) + 10;
    await insertPosts(db, count, { words: (i) => `Post ${i} ${"words ".repeat(1333)}` });
    t.app.renderCache!.clear();
    for (let round = 0; round < 2; round++) {
      const before = hits();
      const long = await get("/api/blogs");
      expect(hits()).toBe(before);
      expect(long.text.length).toBeGreaterThan(MAX_STREAM_STORED);
      expect(JSON.parse(long.text)).toHaveLength(existing + 3 + count);
    }
  });
});

describe("the render cache with a CDN purge hook", () => {
  it("asks the CDN to drop everything after a write, with the token, once per burst", async () => {
    const calls: { auth?: string; body: string }[] = [];
    const cdn = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        calls.push({ auth: request.headers.authorization, body });
        response.end("{}");
      });
    });
    await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
    const port = (cdn.address() as AddressInfo).port;
    const t = await createTestApp({
      CDN_PURGE_URL: `http://127.0.0.1:${port}/purge`,
      CDN_PURGE_TOKEN: "cdn-token-for-tests",
    });
    try {
      const headers = await t.adminHeaders();
      const list = await t.app.inject({ method: "GET", url: "/api/prices" });
      expect(list.headers["cache-control"]).toContain("s-maxage=86400");
      for (const amount of [1000, 2000, 3000]) await setPrice(t, headers, amount, "purge-test");
      await expect.poll(() => calls.length, { timeout: 5000 }).toBe(1);
      expect(calls[0]).toEqual({
        auth: "Bearer cdn-token-for-tests",
        body: JSON.stringify({ purge_everything: true }),
      });
    } finally {
      await t.close();
      cdn.close();
    }
  });
});
