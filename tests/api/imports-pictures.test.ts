import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBlog } from "../../common/schemas/blog.ts";
import { wxrFile } from "../factories/wxr.ts";
import { startOldSite, type OldSite } from "../support/old-site.ts";
import { call, useTestApp, waitFor } from "./helpers.ts";
import { importFile, preview, read } from "./import-helpers.ts";

// The pictures of an import (issue 51): no server-side request forgery. Without the one
// allowance (IMPORT_ALLOW_HOSTS) a loopback or private address is refused, also when a DNS
// name or a redirect leads there; with it, a redirect elsewhere is still refused. At most
// four pictures are fetched at once, each within its time limit.

let old: OldSite;
let other: OldSite;
beforeAll(async () => {
  old = await startOldSite();
  other = await startOldSite();
});
afterAll(async () => {
  await old.close();
  await other.close();
});

const picture = (url: string, alt: string) => `<p><img src="${url}" alt="${alt}"></p>`;

async function postNamed(app: typeof allowed, headers: { authorization: string }, title: string) {
  const list = await call<AdminBlog[]>(app.app, { url: "/api/admin/blogs", headers });
  return list.body.find((post) => post.title === title)!;
}

describe("without IMPORT_ALLOW_HOSTS", () => {
  const strict = useTestApp({}, {});

  it("refuses the old site's loopback address, a DNS name that leads there and a private one, and still imports the post", async () => {
    const headers = await strict.adminHeaders();
    const port = new URL(old.url).port;
    const before = old.requests.length;
    const done = await importFile(
      strict,
      headers,
      wxrFile({
        url: old.url,
        items: [
          {
            id: 1,
            title: "Loopback",
            slug: "loopback",
            content: picture(`${old.url}/wp-content/uploads/a.png`, "A"),
          },
        ],
      }),
    );
    const named = await importFile(
      strict,
      headers,
      wxrFile({
        url: `http://localhost:${port}`,
        items: [
          {
            id: 2,
            title: "By name",
            slug: "by-name",
            content: picture(`http://localhost:${port}/wp-content/uploads/b.png`, "B"),
          },
        ],
      }),
    );
    const privateSite = await importFile(
      strict,
      headers,
      wxrFile({
        url: "http://10.1.2.3",
        items: [
          {
            id: 3,
            title: "Private",
            slug: "private",
            content: picture("http://10.1.2.3/wp-content/uploads/c.png", "C"),
          },
        ],
      }),
    );
    const notes = (result: typeof done) => result.report.items![0]!.notes.join("\n");
    expect(done.report.items![0]!.outcome).toBe("imported");
    expect(notes(done)).toMatch(/127\.0\.0\.1 is a private address: not fetched/);
    expect(notes(named)).toMatch(/localhost is a private address \((127\.0\.0\.1|::1)\)/);
    expect(notes(privateSite)).toMatch(/10\.1\.2\.3 is a private address/);
    // Not one request reached the old site.
    expect(old.requests.length).toBe(before);
    const post = await postNamed(strict, headers, "Loopback");
    expect(post.content.join("\n")).not.toContain("/wp-content/");
  });
});

const allowed = useTestApp(() => ({ IMPORT_ALLOW_HOSTS: old.host }), {
  importPictureTimeoutMs: 1500,
});

describe("with IMPORT_ALLOW_HOSTS naming the old site", () => {
  it("fetches its pictures, but follows no redirect to another host (even an allowed-looking one)", async () => {
    const headers = await allowed.adminHeaders();
    old.redirectTo = `${other.url}/wp-content/uploads/secret.png`;
    const result = await importFile(
      allowed,
      headers,
      wxrFile({
        url: old.url,
        items: [
          {
            id: 101,
            title: "Moved picture",
            slug: "moved-picture",
            content: [
              picture(`${old.url}/wp-content/uploads/fine.png`, "Fine"),
              picture(`${old.url}/moved/elsewhere.png`, "Moved"),
              picture(`${other.url}/wp-content/uploads/direct.png`, "Direct"),
            ].join("\n"),
          },
        ],
      }),
    );
    const notes = result.report.items![0]!.notes.join("\n");
    expect(notes).toMatch(/moved\/elsewhere\.png was not imported: redirected to another site/);
    expect(other.requests).toEqual([]);
    const post = await postNamed(allowed, headers, "Moved picture");
    expect(post.content.join("\n")).toMatch(/!\[Fine\]\(\/media\/posts\//);
    // A picture named on another host is no picture here: a link to it.
    expect(post.content.join("\n")).toContain(
      `[Direct](${other.url}/wp-content/uploads/direct.png)`,
    );
  });

  it("fetches at most four pictures at once", async () => {
    const headers = await allowed.adminHeaders();
    const count = 9;
    const ready = await preview(
      allowed,
      headers,
      wxrFile({
        url: old.url,
        items: [
          {
            id: 102,
            title: "Many pictures",
            slug: "many-pictures",
            content: Array.from({ length: count }, (_, i) =>
              picture(`${old.url}/slow/p${i}.png`, `P${i}`),
            ).join("\n"),
          },
        ],
      }),
    );
    await call(allowed.app, {
      method: "POST",
      url: `/api/imports/${ready.id}/start`,
      headers,
      payload: {},
    });
    // The old site answers only once four are waiting (never if the import fetched one at a
    // time), then the next four, then the rest.
    let served = 0;
    while (served < count) {
      const batch = Math.min(4, count - served);
      await waitFor(
        async () => old.held(),
        (held) => held >= batch,
        10_000,
      );
      expect(old.held()).toBe(batch);
      old.release();
      served += batch;
    }
    await waitFor(
      () => read(allowed, headers, ready.id),
      (i) => i.state === "done",
      20_000,
    );
    expect(old.peak).toBeLessThanOrEqual(4);
    const post = await postNamed(allowed, headers, "Many pictures");
    expect(post.content.join("\n").match(/!\[P\d\]\(\/media\/posts\//g)).toHaveLength(count);
  });

  it("gives each picture a time limit: one that never comes is reported and its post imported", async () => {
    const headers = await allowed.adminHeaders();
    old.release(false);
    const result = await importFile(
      allowed,
      headers,
      wxrFile({
        url: old.url,
        items: [
          {
            id: 103,
            title: "Slow picture",
            slug: "slow-picture",
            content: `<p>Words.</p>${picture(`${old.url}/slow/never.png`, "Never")}`,
          },
        ],
      }),
    );
    const item = result.report.items![0]!;
    expect(item.outcome).toBe("imported");
    expect(item.notes.join()).toMatch(/slow\/never\.png was not imported: no answer within/);
    old.release(true);
  });
});
