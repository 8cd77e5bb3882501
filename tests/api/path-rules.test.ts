import { request as httpRequest } from "node:http";
import { PassThrough } from "node:stream";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, useTestApp } from "./helpers.ts";

// What a security probe of the cache and the paths found (issue 27): the back office under
// other spellings of its path, repeated query parameters sharing one stored page, and
// preview tokens in the request log.

describe("one canonical path before any rule reads it", () => {
  let base: string;
  let headers: { authorization: string };
  const log: string[] = [];
  const logStream = new PassThrough();
  logStream.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  const t = useTestApp(
    { LOG_LEVEL: "info" },
    { web: true, buildDirectory: inject("buildDir"), logger: true, logStream },
  );

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    headers = await t.adminHeaders();
  });

  /** A request with its path sent byte for byte (fetch would resolve `..` itself). */
  const get = (path: string, init: { method?: string; body?: string } = {}) =>
    new Promise<{ status: number; headers: Headers; text: () => Promise<string> }>(
      (resolve, reject) => {
        const request = httpRequest(`${base}/`, { method: init.method ?? "GET", path });
        request.on("error", reject);
        request.on("response", (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (typeof value === "string") headers.set(name, value);
            }
            const body = Buffer.concat(chunks).toString();
            resolve({ status: response.statusCode!, headers, text: async () => body });
          });
        });
        if (init.body) {
          request.setHeader("content-type", "application/x-www-form-urlencoded");
          request.setHeader("content-length", Buffer.byteLength(init.body));
          request.end(init.body);
        } else request.end();
      },
    );

  it("sends every other spelling of the back office to its one address, never to the page cache", async () => {
    const cache = t.app.renderCache!;
    for (const [variant, canonical] of [
      ["/ADMIN/staff", "/admin/staff"],
      ["/Admin/login", "/admin/login"],
      ["/%61dmin/staff", "/admin/staff"],
      ["/Admin/staff.data", "/admin/staff.data"],
      ["//admin/staff", "/admin/staff"],
      ["/x/../admin/staff", "/admin/staff"],
      ["/admin/./login", "/admin/login"],
      ["/%2e%2e/admin/login", "/admin/login"],
      ["/api/../admin/staff", "/admin/staff"],
      ["/Blog/Preview/SomeToken", "/blog/preview/SomeToken"],
      ["/ADMIN/staff?tab=1", "/admin/staff?tab=1"],
    ]) {
      const before = cache.size.entries;
      for (let i = 0; i < 2; i++) {
        const answer = await get(variant!);
        expect(`${variant} ${answer.status} ${answer.headers.get("location")}`).toBe(
          `${variant} 301 ${canonical}`,
        );
        expect(answer.headers.get("cache-control")).toBe("no-store");
      }
      expect(cache.size.entries, variant).toBe(before);
    }
    // The canonical address is the private page it always was.
    const page = await get("/admin/staff");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    // A form posted to another spelling keeps its method and body through a 308.
    const posted = await get("/ADMIN/login", { method: "POST", body: "a=1" });
    expect(posted.status).toBe(308);
    expect(posted.headers.get("location")).toBe("/admin/login");
    // The API too: /api/%62logs is /api/blogs.
    const api = await get("/api/%62logs");
    expect([api.status, api.headers.get("location")]).toEqual([301, "/api/blogs"]);
  });

  it("keys a page by its query the way the page reads it: repeated parameters in their order", async () => {
    const chosen = async (query: string) => {
      const html = await (await get(`/social-media-management?${query}`)).text();
      const select = /<select[^>]*name="package"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
      return /<option[^>]*\bselected\b[^>]*>([^<]*)</.exec(select)?.[1];
    };
    // Each asked twice: the second answer comes from the cache.
    for (let i = 0; i < 2; i++) {
      expect(await chosen("package=grow-me&package=take-off")).toBe("GROW ME");
      expect(await chosen("package=take-off&package=grow-me")).toBe("TAKE OFF");
      // Other parameters' order still does not matter.
      expect(await chosen("utm_source=x&package=brand-me")).toBe("BRAND ME");
      expect(await chosen("package=brand-me&utm_source=x")).toBe("BRAND ME");
    }
  });

  it("writes no preview token to the request log, however the path is spelt", async () => {
    const created = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/blogs",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=b" },
      payload:
        '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nSecret draft\r\n' +
        '--b\r\nContent-Disposition: form-data; name="status"\r\n\r\ndraft\r\n--b--\r\n',
    });
    expect(created.status).toBe(201);
    const link = await call<{ previewPath: string }>(t.app, {
      method: "POST",
      url: `/api/admin/blogs/${created.body._id}/preview-link`,
      headers,
    });
    const path = link.body.previewPath;
    const token = path.split("/").at(-1)!;
    const spellings = [path, `${path}.data`, path.replace("/blog/", "/Blog/"), `${path}?token=x`];
    spellings.push(path.replace("/preview/", "/%70review/"));
    for (const spelling of spellings) {
      const answer = await get(spelling);
      expect(answer.status, spelling).toBeLessThan(400);
    }
    expect((await get(path)).status).toBe(200);
    await t.app.close();
    const text = log.join("");
    expect(text).toContain('"url":"/blog/preview/…"');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(0, 16));
  });
});
