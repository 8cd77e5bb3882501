import { readdir } from "node:fs/promises";
import path from "node:path";
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Blog } from "../../common/schemas/blog.ts";
import type { Video } from "../../common/schemas/video.ts";
import { createS3Storage } from "../../server/media/s3-storage.ts";
import { mp4Bytes, pngImage } from "../factories/images.ts";
import { startS3Server, type S3Server } from "../support/s3-server.ts";
import { call, useTestApp, multipart, type TestApp } from "./helpers.ts";

// Media in an S3-compatible bucket (issue 10): a real s3rver, the site's real uploads, and a
// client of our own that looks into the bucket to check what the site put there.

type Answer<T> = T & { error?: string };
interface Uploaded {
  src: string;
  variants: { width: number; url: string }[];
}

const CACHE_FOREVER = "public, max-age=31536000, immutable";
const keyOf = (url: string) => url.replace(/^.*\/((?:blogs|videos|content)\/[^/]+)$/, "$1");

/** A client of the test's own on the server's bucket. */
function bucketClient(s3: S3Server) {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  return {
    client,
    async keys(): Promise<string[]> {
      // Fewer than 1000 objects: one page holds them all.
      const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      expect(page.IsTruncated).toBe(false);
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    },
    async bytes(key: string): Promise<Buffer> {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    head: (key: string) => client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })),
  };
}

function uploaders(t: TestApp, headers: () => { authorization: string }) {
  return {
    blog: (fields: Record<string, string>, image?: Buffer) => {
      const form = multipart(
        fields,
        image
          ? [{ field: "image", filename: "cover.png", contentType: "image/png", data: image }]
          : [],
      );
      return call<Answer<Blog>>(t.app, {
        method: "POST",
        url: "/api/blogs",
        payload: form.payload,
        headers: { ...headers(), ...form.headers },
      });
    },
    video: (data: Buffer, fields: Record<string, string> = {}) => {
      const form = multipart(fields, [
        { field: "video", filename: "clip.mp4", contentType: "video/mp4", data },
      ]);
      return call<Answer<Video>>(t.app, {
        method: "POST",
        url: "/api/video",
        payload: form.payload,
        headers: { ...headers(), ...form.headers },
      });
    },
    picture: async () => {
      const form = multipart({}, [
        {
          field: "image",
          filename: "poster.png",
          contentType: "image/png",
          data: await pngImage(1000, 562, "poster", 7),
        },
      ]);
      return call<Answer<Uploaded>>(t.app, {
        method: "POST",
        url: "/api/content-images",
        payload: form.payload,
        headers: { ...headers(), ...form.headers },
      });
    },
  };
}

describe("media in an S3 bucket", () => {
  let s3: S3Server;
  let bucket: ReturnType<typeof bucketClient>;
  let headers: { authorization: string };
  let upload: ReturnType<typeof uploaders>;
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = bucketClient(s3);
  });
  afterAll(async () => {
    bucket?.client.destroy();
    await s3?.stop();
  });
  const t = useTestApp(() => ({ ...s3.env, MAX_VIDEO_SIZE: "30mb" }));
  beforeAll(async () => {
    headers = await t.adminHeaders();
    upload = uploaders(t, () => headers);
  });

  it("puts a blog image and every variant in the bucket and serves the same bytes at /media/*", async () => {
    const created = await upload.blog({ title: "Cover in the bucket" }, await pngImage(1600, 900));
    expect(created.status).toBe(201);
    const blog = created.body;
    expect(blog.image).toMatch(/^\/media\/blogs\/[0-9a-f-]{36}\.png$/);
    expect(blog.imageVariants.map((variant) => variant.width)).toEqual([480, 960, 1440]);
    const urls = [blog.image!, ...blog.imageVariants.map((variant) => variant.url)];
    expect(await bucket.keys()).toEqual(urls.map(keyOf).sort());
    // Nothing is written to the local media folder.
    expect(await readdir(t.config.mediaDir).catch(() => [])).toEqual([]);

    for (const url of urls) {
      const stored = await bucket.head(keyOf(url));
      expect(stored.ContentType).toBe(url.endsWith(".png") ? "image/png" : "image/webp");
      expect(stored.CacheControl).toBe(CACHE_FOREVER);

      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.equals(await bucket.bytes(keyOf(url)))).toBe(true);
      expect(response.headers["content-type"]).toBe(stored.ContentType);
      expect(response.headers["content-length"]).toBe(String(stored.ContentLength));
      expect(response.headers["cache-control"]).toBe(CACHE_FOREVER);
      expect(response.headers.etag).toBe(stored.ETag);
      expect(response.headers["last-modified"]).toBe(stored.LastModified!.toUTCString());
      expect(response.headers["accept-ranges"]).toBe("bytes");

      const head = await t.app.inject({ method: "HEAD", url });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe("");
      expect(head.headers["content-length"]).toBe(String(stored.ContentLength));
      expect(head.headers["content-type"]).toBe(stored.ContentType);
      expect(head.headers.etag).toBe(stored.ETag);

      const revalidated = await t.app.inject({
        method: "GET",
        url,
        headers: { "if-none-match": stored.ETag! },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe("");
    }
  });

  it("answers a Range with 206 and that slice, and 416 past the end", async () => {
    const blog = (await upload.blog({ title: "Ranges" }, await pngImage(900, 500))).body;
    const original = await bucket.bytes(keyOf(blog.image!));
    const size = original.length;

    const slice = await t.app.inject({ url: blog.image!, headers: { range: "bytes=10-19" } });
    expect(slice.statusCode).toBe(206);
    expect(slice.headers["content-range"]).toBe(`bytes 10-19/${size}`);
    expect(slice.headers["content-length"]).toBe("10");
    expect(slice.rawPayload.equals(original.subarray(10, 20))).toBe(true);

    const rest = await t.app.inject({ url: blog.image!, headers: { range: "bytes=100-" } });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers["content-range"]).toBe(`bytes 100-${size - 1}/${size}`);
    expect(rest.rawPayload.equals(original.subarray(100))).toBe(true);

    const headRange = await t.app.inject({
      method: "HEAD",
      url: blog.image!,
      headers: { range: "bytes=0-99" },
    });
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers["content-range"]).toBe(`bytes 0-99/${size}`);

    const past = await t.app.inject({ url: blog.image!, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${size}`);
    expect(past.json<{ error: string }>().error).toBeTypeOf("string");

    // Several ranges at once are answered with the whole file (a 200 is always correct).
    const several = await t.app.inject({ url: blog.image!, headers: { range: "bytes=0-1,5-6" } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(original)).toBe(true);
  });

  it("answers 404 JSON for a missing or malformed key, to GET and HEAD", async () => {
    const urls = [
      "/media/blogs/00000000-0000-0000-0000-000000000000.png",
      "/media/videos/missing.mp4",
      "/media/blogs",
      "/media/",
      "/media/BLOGS/x.png",
      "/media/blogs/a.b.png",
      "/media/blogs/sub/x.png",
      "/media/%2e%2e/%2e%2e/etc/passwd",
      "/media/blogs/x%00.png",
      `/media/blogs/${"x".repeat(2000)}.png`,
    ];
    for (const url of urls) {
      const get = await t.app.inject({ method: "GET", url });
      expect(`${url}: ${get.statusCode}`).toBe(`${url}: 404`);
      expect(get.json()).toEqual({ error: "Not found." });
      const head = await t.app.inject({ method: "HEAD", url });
      expect(`${url}: ${head.statusCode}`).toBe(`${url}: 404`);
    }
  });

  it("stores a video larger than a part by a streamed multipart upload, bytes intact", async () => {
    // 20 MB: three parts of at most 8 MB.
    const data = mp4Bytes(20 * 1024 * 1024);
    for (let i = 64; i < data.length; i += 4099) data[i] = i % 251;
    const created = await upload.video(data, { title: "Big reel" });
    expect(created.status).toBe(201);
    const key = keyOf(created.body.url);
    expect(created.body.url).toBe(`/media/${key}`);
    expect(created.body.size).toBe(data.length);

    const forKey = (await s3.requests()).filter((request) => request.url.includes(`/${key}`));
    const parts = forKey.filter((r) => r.method === "PUT" && /[?&]partNumber=\d+/.test(r.url));
    expect(parts).toHaveLength(3);
    expect(forKey.filter((r) => r.method === "POST" && /[?&]uploads\b/.test(r.url))).toHaveLength(
      1,
    );
    expect(forKey.filter((r) => r.method === "POST" && /[?&]uploadId=/.test(r.url))).toHaveLength(
      1,
    );
    // No single PutObject of the whole file.
    expect(forKey.filter((r) => r.method === "PUT" && !/partNumber=/.test(r.url))).toEqual([]);

    const stored = await bucket.head(key);
    expect(stored.ContentType).toBe("video/mp4");
    expect(stored.CacheControl).toBe(CACHE_FOREVER);
    expect(stored.ContentLength).toBe(data.length);
    expect((await bucket.bytes(key)).equals(data)).toBe(true);
    // The temporary file is gone once the upload is in the bucket.
    expect(await readdir(path.join(t.config.dataDir, "incoming"))).toEqual([]);

    const served = await t.app.inject({ url: created.body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect(served.rawPayload.equals(data)).toBe(true);
    // A player seeks across a part boundary.
    const from = 8 * 1024 * 1024 - 10;
    const seek = await t.app.inject({
      url: created.body.url,
      headers: { range: `bytes=${from}-${from + 19}` },
    });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers["content-range"]).toBe(`bytes ${from}-${from + 19}/${data.length}`);
    expect(seek.rawPayload.equals(data.subarray(from, from + 20))).toBe(true);
  });

  it("removes a deleted post's and a deleted video's objects from the bucket", async () => {
    const blog = (await upload.blog({ title: "Short-lived" }, await pngImage(700, 400))).body;
    const video = (await upload.video(mp4Bytes(256 * 1024))).body;
    const blogKeys = [blog.image!, ...blog.imageVariants.map((v) => v.url)].map(keyOf);
    const videoKey = keyOf(video.url);
    const before = await bucket.keys();
    for (const key of [...blogKeys, videoKey]) expect(before).toContain(key);

    const deletedBlog = await call(t.app, {
      method: "DELETE",
      url: `/api/blogs/${blog._id}`,
      headers,
    });
    expect(deletedBlog.status).toBe(200);
    const deletedVideo = await call(t.app, {
      method: "DELETE",
      url: "/api/video",
      headers,
      payload: { public_id: video.public_id },
    });
    expect(deletedVideo.status).toBe(200);

    const after = await bucket.keys();
    for (const key of [...blogKeys, videoKey]) expect(after).not.toContain(key);
    expect(after).toEqual(before.filter((key) => ![...blogKeys, videoKey].includes(key)));
    expect((await t.app.inject({ url: video.url })).statusCode).toBe(404);
  });

  it("list() names every object and read() answers its exact bytes (for backups)", async () => {
    await upload.blog({ title: "Backed up" }, await pngImage(600, 300));
    const picture = await upload.picture();
    expect(picture.status).toBe(201);
    const expected = await bucket.keys();
    expect(expected.length).toBeGreaterThan(5);

    const storage = t.app.services.storage;
    const listed: string[] = [];
    for await (const key of storage.list()) listed.push(key);
    expect(listed.sort()).toEqual(expected);
    for (const key of expected) {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(await bucket.bytes(key)), key).toBe(true);
    }
    await expect(storage.read("blogs/not-there.png")).rejects.toThrow();

    // Pages of two keys: every page is read, no key twice.
    const paged = createS3Storage(t.config.s3!, {
      tempDir: path.join(t.config.dataDir, "incoming"),
      log: pino({ enabled: false }),
      listPageSize: 2,
    });
    const pagedKeys: string[] = [];
    for await (const key of paged.list()) pagedKeys.push(key);
    paged.close();
    expect(pagedKeys.sort()).toEqual(expected);
  });

  it("uses a content picture uploaded to the bucket as a video poster, served at /media/*", async () => {
    const picture = await upload.picture();
    expect(picture.body.src).toMatch(/^\/media\/content\/[0-9a-f-]{36}\.png$/);
    const video = (await upload.video(mp4Bytes())).body;
    const set = await call<Answer<Video>>(t.app, {
      method: "PATCH",
      url: `/api/video/${video.public_id}`,
      headers,
      payload: {
        poster: { src: picture.body.src, alt: "Poster", variants: picture.body.variants },
      },
    });
    expect(set.status).toBe(200);
    const served = await t.app.inject({ url: picture.body.src });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await bucket.bytes(keyOf(picture.body.src)))).toBe(true);
    // A picture address never uploaded is still refused.
    const madeUp = await call<Answer<Video>>(t.app, {
      method: "PATCH",
      url: `/api/video/${video.public_id}`,
      headers,
      payload: { poster: { src: "/media/content/never-uploaded.png", alt: "Made up" } },
    });
    expect(madeUp.status).toBe(400);
  });

  it("is ready when the bucket answers", async () => {
    const ready = await call<{ status: string; checks: Record<string, string> }>(t.app, {
      method: "GET",
      url: "/api/ready",
    });
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: "ok", storage: "ok" });
  });
});

describe("media in an S3 bucket with S3_PUBLIC_URL", () => {
  const PUBLIC = "https://cdn.example.com/site-media";
  let s3: S3Server;
  let headers: { authorization: string };
  let upload: ReturnType<typeof uploaders>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.stop());
  const t = useTestApp(() => ({ ...s3.env, S3_PUBLIC_URL: `${PUBLIC}/` }), {
    web: true,
    buildDirectory: inject("buildDir"),
  });
  beforeAll(async () => {
    headers = await t.adminHeaders();
    upload = uploaders(t, () => headers);
  });

  it("answers public URLs for blog images and videos; pictures stay /media/ paths", async () => {
    const blog = (await upload.blog({ title: "On the CDN" }, await pngImage(1000, 500))).body;
    expect(blog.image).toMatch(new RegExp(`^${PUBLIC}/blogs/[0-9a-f-]{36}\\.png$`));
    for (const variant of blog.imageVariants) {
      expect(variant.url.startsWith(`${PUBLIC}/blogs/`)).toBe(true);
    }
    const again = await call<Blog>(t.app, { method: "GET", url: `/api/blogs/${blog._id}` });
    expect(again.body.image).toBe(blog.image);

    const video = (await upload.video(mp4Bytes())).body;
    expect(video.url).toMatch(new RegExp(`^${PUBLIC}/videos/portfolio-[0-9a-f-]{36}\\.mp4$`));
    // The object is in the bucket under the same key, and /media/* still serves it.
    expect((await t.app.inject({ url: `/media/${keyOf(video.url)}` })).statusCode).toBe(200);

    const picture = (await upload.picture()).body;
    expect(picture.src).toMatch(/^\/media\/content\//);
    const poster = await call<Answer<Video>>(t.app, {
      method: "PATCH",
      url: `/api/video/${video.public_id}`,
      headers,
      payload: { poster: { src: picture.src, alt: "Poster", variants: picture.variants } },
    });
    expect(poster.status).toBe(200);

    const csp = String(
      (await t.app.inject({ url: "/api/blogs" })).headers["content-security-policy"],
    );
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com;");
    expect(csp).toContain("media-src 'self' blob: https://cdn.example.com;");

    // The pages render with them: the post's cover from the CDN (its JSON-LD too), the
    // home page's portfolio with the uploaded poster and the video's public address.
    const page = await t.app.inject({ url: `/blog/${again.body.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${blog.imageVariants[0]!.url} ${blog.imageVariants[0]!.width}w`);
    expect(page.body).toContain(`"image":"${blog.imageVariants.at(-1)!.url}"`);
    expect(page.body).toContain(`content="${blog.imageVariants.at(-1)!.url}"`);
    expect(page.headers["content-security-policy"]).toContain("https://cdn.example.com");
    const home = await t.app.inject({ url: "/" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`href="${video.url}"`);
    expect(home.body).toContain(picture.variants[0]!.url);
  });
});

describe("media in an S3 bucket that stops answering", () => {
  let s3: S3Server;
  let headers: { authorization: string };
  let upload: ReturnType<typeof uploaders>;
  let stored: Blog;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.stop());
  const t = useTestApp(() => s3.env);
  beforeAll(async () => {
    headers = await t.adminHeaders();
    upload = uploaders(t, () => headers);
    stored = (await upload.blog({ title: "Before the outage" }, await pngImage(600, 300))).body;
    await s3.stop();
  });

  it("is not ready: /api/ready answers 503 naming the storage", async () => {
    const ready = await call<{ status: string; failing: string[] }>(t.app, {
      method: "GET",
      url: "/api/ready",
    });
    expect(ready.status).toBe(503);
    expect(ready.body.failing).toEqual(["storage"]);
  });

  it("answers uploads and media with a 503 JSON, and keeps serving the rest", async () => {
    const blog = await upload.blog({ title: "During the outage" }, await pngImage(600, 300));
    expect(blog.status).toBe(503);
    expect(blog.body.error).toMatch(/media storage cannot be reached/);
    expect(blog.response.headers["retry-after"]).toBeDefined();

    const video = await upload.video(mp4Bytes());
    expect(video.status).toBe(503);
    expect(video.body.error).toMatch(/media storage cannot be reached/);
    // The received file is not left behind.
    expect(await readdir(path.join(t.config.dataDir, "incoming"))).toEqual([]);

    const picture = await upload.picture();
    expect(picture.status).toBe(503);

    const media = await call<{ error: string }>(t.app, { method: "GET", url: stored.image! });
    expect(media.status).toBe(503);
    expect(media.body.error).toMatch(/media storage cannot be reached/);

    // Nothing crashed: the database-backed API still answers.
    const list = await call<Blog[]>(t.app, { method: "GET", url: "/api/blogs" });
    expect(list.status).toBe(200);
    expect(list.body.map((post) => post.title)).toEqual(["Before the outage"]);
  });
});
