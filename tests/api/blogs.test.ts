import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { Blog } from "../../common/schemas/blog.ts";
import {
  animatedGif,
  apngImage,
  avifImage,
  gifImage,
  jpegImage,
  pngClaimingSize,
  pngImage,
  sidewaysJpegWithExif,
  webpImage,
} from "../factories/images.ts";
import { call, createTestApp, useTestApp, expectAdminOnly, multipart } from "./helpers.ts";

type Answer = Blog & { error?: string };

describe("blogs", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const send = (
    method: "POST" | "PATCH",
    url: string,
    fields: Record<string, string | string[]>,
    image?: { data: Buffer; filename?: string; contentType?: string },
    extraHeaders: Record<string, string> = headers,
  ) => {
    const form = multipart(
      fields,
      image
        ? [
            {
              field: "image",
              filename: image.filename ?? "picture.png",
              contentType: image.contentType ?? "image/png",
              data: image.data,
            },
          ]
        : [],
    );
    return call<Answer>(t.app, {
      method,
      url,
      payload: form.payload,
      headers: { ...extraHeaders, ...form.headers },
    });
  };
  const create = (fields: Record<string, string | string[]>, image?: { data: Buffer }) =>
    send("POST", "/api/blogs", fields, image);
  const mediaFiles = async () =>
    (await readdir(path.join(t.config.mediaDir, "blogs")).catch(() => [] as string[])).sort();

  it("creates a post from the form: points split by line breaks, duration, date, default bg", async () => {
    const before = Date.now();
    const { status, body } = await create({
      title: "  Growing on Instagram  ",
      content: "First point\nSecond point\r\n\n* a bullet",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      title: "Growing on Instagram",
      content: ["First point", "Second point", "* a bullet"],
      bg: "#ffffff",
      image: null,
      imageVariants: [],
      duration: 1,
    });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.date)).toBeGreaterThanOrEqual(before - 1000);
    const one = await call<Blog>(t.app, { method: "GET", url: `/api/blogs/${body._id}` });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(body);
  });

  it("computes the reading time at 200 words a minute, rounded up", async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
    expect((await create({ title: "200", content: words(200) })).body.duration).toBe(1);
    expect((await create({ title: "201", content: words(201) })).body.duration).toBe(2);
    expect((await create({ title: "650", content: words(650) })).body.duration).toBe(4);
  });

  it("lists posts newest first and filters them by title and content (q)", async () => {
    const a = (await create({ title: "Alpha naira budgets", content: "plain text" })).body;
    const b = (await create({ title: "Beta", content: "All about 100% growth_hacks" })).body;
    const list = await call<Blog[]>(t.app, { method: "GET", url: "/api/blogs" });
    expect(list.status).toBe(200);
    expect(list.body[0]!._id).toBe(b._id);
    expect(list.body[1]!._id).toBe(a._id);
    const byTitle = await call<Blog[]>(t.app, { method: "GET", url: "/api/blogs?q=NAIRA" });
    expect(byTitle.body.map((blog) => blog._id)).toEqual([a._id]);
    const byContent = await call<Blog[]>(t.app, { method: "GET", url: "/api/blogs?q=100%25" });
    expect(byContent.body.map((blog) => blog._id)).toEqual([b._id]);
    // `_` and `%` are no wildcards: like any punctuation, they separate words.
    const wildcard = await call<Blog[]>(t.app, { method: "GET", url: "/api/blogs?q=h_ck" });
    expect(wildcard.body).toEqual([]);
    const underscore = await call<Blog[]>(t.app, { method: "GET", url: "/api/blogs?q=h_hack" });
    expect(underscore.body.map((blog) => blog._id)).toEqual([b._id]);
  });

  it("stores an image re-encoded with WebP variants no wider than the original, served under /media", async () => {
    const { status, body } = await create(
      { title: "With a picture", content: "Text", bg: "#053685" },
      { data: await pngImage(1200, 630) },
    );
    expect(status).toBe(201);
    expect(body.bg).toBe("#053685");
    expect(body.image).toMatch(/^\/media\/blogs\/[0-9a-f-]{36}\.png$/);
    expect(body.imageWidth).toBe(1200);
    expect(body.imageHeight).toBe(630);
    expect(body.imageVariants.map((v) => v.width)).toEqual([480, 960, 1200]);
    const original = await t.app.inject({ method: "GET", url: body.image! });
    expect(original.statusCode).toBe(200);
    expect(original.headers["content-type"]).toBe("image/png");
    for (const variant of body.imageVariants) {
      const response = await t.app.inject({ method: "GET", url: variant.url });
      expect(response.statusCode).toBe(200);
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(variant.width);
    }
  });

  it.each([
    ["JPEG", () => jpegImage(), "jpg"],
    ["WebP", () => webpImage(), "webp"],
    ["GIF", () => gifImage(), "gif"],
    ["AVIF", () => avifImage(), "avif"],
  ])("accepts a %s image, whatever the file is called", async (_name, make, ext) => {
    const { status, body } = await send(
      "POST",
      "/api/blogs",
      { title: `Image ${ext}`, content: "x" },
      { data: await make(), filename: "whatever.png", contentType: "image/png" },
    );
    expect(status).toBe(201);
    expect(body.image).toMatch(new RegExp(`\\.${ext}$`));
  });

  it("refuses a file that is not an image by its bytes (415), even named .png", async () => {
    const files = await mediaFiles();
    const text = await send(
      "POST",
      "/api/blogs",
      { title: "Fake", content: "x" },
      { data: Buffer.from("<svg onload=alert(1)>not a png</svg>"), filename: "evil.png" },
    );
    expect(text.status).toBe(415);
    expect(text.body.error).toContain("PNG, JPEG, WebP, GIF or AVIF");
    // PNG magic bytes followed by garbage cannot be decoded.
    const corrupt = Buffer.concat([(await pngImage(100, 100)).subarray(0, 40), Buffer.alloc(200)]);
    const broken = await send(
      "POST",
      "/api/blogs",
      { title: "Broken", content: "x" },
      { data: corrupt },
    );
    expect(broken.status).toBe(415);
    expect(await mediaFiles()).toEqual(files);
  });

  it("refuses an image over MAX_IMAGE_SIZE with 413 and keeps nothing", async () => {
    const files = await mediaFiles();
    const big = Buffer.concat([await pngImage(64, 64), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const { status, body } = await send(
      "POST",
      "/api/blogs",
      { title: "Too big", content: "x" },
      { data: big },
    );
    expect(status).toBe(413);
    expect(body.error).toBe("The image is too large: at most 5 MB.");
    expect(await mediaFiles()).toEqual(files);
    const list = await call<Blog[]>(t.app, { method: "GET", url: "/api/blogs?q=Too%20big" });
    expect(list.body).toEqual([]);
  });

  it.each([
    [{ content: "no title" }, "Please fill in all required fields."],
    [{ title: "   ", content: "blank title" }, "Please fill in all required fields."],
    [{ title: "x".repeat(201) }, "Title must be at most 200 characters."],
    [{ title: "Bad colour", bg: "red" }, "Background colour must be a hex colour such as #ffffff."],
    [
      { title: "Bad colour", bg: "#12345g" },
      "Background colour must be a hex colour such as #ffffff.",
    ],
  ])("rejects %j with 400 and a clear message", async (fields, message) => {
    const { status, body } = await create(fields);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });

  it("rejects a JSON body (400) and a second file (413)", async () => {
    const json = await call<Answer>(t.app, {
      method: "POST",
      url: "/api/blogs",
      headers,
      payload: { title: "JSON", content: "x" },
    });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe("The request must be multipart/form-data.");
    const form = multipart({ title: "Two files" }, [
      { field: "image", filename: "a.png", contentType: "image/png", data: await pngImage(10, 10) },
      { field: "other", filename: "b.png", contentType: "image/png", data: await pngImage(10, 10) },
    ]);
    const two = await call<Answer>(t.app, {
      method: "POST",
      url: "/api/blogs",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(two.status).toBe(413);
    expect(two.body.error).toBe("Too many files in the form.");
  });

  it("updates a post: without an image the old one stays; a new one replaces and deletes it", async () => {
    const created = (
      await create({ title: "Original", content: "one" }, { data: await pngImage(800, 400) })
    ).body;
    const kept = await send("PATCH", `/api/blogs/${created._id}`, {
      title: "Renamed",
      content: "one\ntwo",
      bg: "#fff8ec",
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      _id: created._id,
      title: "Renamed",
      content: ["one", "two"],
      bg: "#fff8ec",
      image: created.image,
      date: created.date,
    });
    const replaced = await send(
      "PATCH",
      `/api/blogs/${created._id}`,
      { title: "Renamed", content: "one" },
      { data: await jpegImage(600, 300) },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.image).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: "GET", url: created.image! })).statusCode).toBe(404);
    for (const variant of created.imageVariants) {
      expect((await t.app.inject({ method: "GET", url: variant.url })).statusCode).toBe(404);
    }
    const removed = await send("PATCH", `/api/blogs/${created._id}`, {
      title: "No picture",
      content: "one",
      removeImage: "true",
    });
    expect(removed.body.image).toBeNull();
    expect(removed.body.imageVariants).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: replaced.body.image! })).statusCode).toBe(404);
  });

  it("deletes a post with its files; then it is 404", async () => {
    const created = (
      await create({ title: "Short-lived", content: "x" }, { data: await pngImage(500, 300) })
    ).body;
    const deleted = await call(t.app, {
      method: "DELETE",
      url: `/api/blogs/${created._id}`,
      headers,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await t.app.inject({ method: "GET", url: created.image! })).statusCode).toBe(404);
    const again = await call<Answer>(t.app, { method: "GET", url: `/api/blogs/${created._id}` });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("Blog not found.");
  });

  it("answers 404 JSON for unknown and malformed ids on every call", async () => {
    const ids = [
      "00000000-0000-0000-0000-000000000000",
      "not-an-id",
      "%27%20or%201%3D1",
      // A NUL byte is refused by PostgreSQL itself: it must never reach the query.
      "%00",
      "x".repeat(90),
    ];
    for (const id of ids) {
      const get = await call<Answer>(t.app, { method: "GET", url: `/api/blogs/${id}` });
      expect(get.status).toBe(404);
      expect(get.body.error).toBe("Blog not found.");
      const patch = await send("PATCH", `/api/blogs/${id}`, { title: "x" });
      expect(patch.status).toBe(404);
      const del = await call(t.app, { method: "DELETE", url: `/api/blogs/${id}`, headers });
      expect(del.status).toBe(404);
    }
    // Longer than any route parameter: no route matches, still a JSON 404.
    const huge = await call<Answer>(t.app, { method: "GET", url: `/api/blogs/${"x".repeat(300)}` });
    expect(huge.status).toBe(404);
    expect(huge.body.error).toBeTypeOf("string");
  });

  it("keeps long non-ASCII content whole and refuses an over-long field with 413, never cutting it", async () => {
    // 8 points of 9,000 "€" (3 bytes each in UTF-8): about 211 KB in one field.
    const points = Array.from({ length: 8 }, (_, i) => `${i}${"€".repeat(9000)}`);
    const long = await create({ title: "Naira and euro", content: points.join("\n") });
    expect(long.status).toBe(201);
    expect(long.body.content).toEqual(points);
    const huge = await create({ title: "Too long", content: "x".repeat(400 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('The form field "content" is too long.');
    const list = await call<Blog[]>(t.app, { method: "GET", url: "/api/blogs?q=Too%20long" });
    expect(list.body).toEqual([]);
  });

  it("applies the EXIF orientation and drops the metadata (no GPS or camera data leaks)", async () => {
    const sideways = await sidewaysJpegWithExif(400, 200);
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const { status, body } = await create({ title: "From a phone" }, { data: sideways });
    expect(status).toBe(201);
    // Stored 400 × 200 with "rotate 90°": shown, and now stored, 200 × 400.
    expect([body.imageWidth, body.imageHeight]).toEqual([200, 400]);
    const original = await t.app.inject({ method: "GET", url: body.image! });
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.rawPayload.includes("secret-location")).toBe(false);
    const variant = await t.app.inject({ method: "GET", url: body.imageVariants[0]!.url });
    const variantMeta = await sharp(variant.rawPayload).metadata();
    expect([variantMeta.width, variantMeta.height]).toEqual([200, 400]);
    expect(variantMeta.exif).toBeUndefined();
  });

  it("keeps an animated GIF animated; a narrow image gets one variant at its own width", async () => {
    const { status, body } = await create(
      { title: "Moving" },
      { data: await animatedGif(600, 300) },
    );
    expect(status).toBe(201);
    expect([body.imageWidth, body.imageHeight]).toEqual([600, 300]);
    expect(body.imageVariants.map((v) => v.width)).toEqual([480, 600]);
    const original = await t.app.inject({ method: "GET", url: body.image! });
    expect(original.headers["content-type"]).toBe("image/gif");
    expect((await sharp(original.rawPayload, { animated: true }).metadata()).pages).toBe(3);
    const small = (await create({ title: "Small" }, { data: await pngImage(300, 200) })).body;
    expect(small.imageVariants.map((v) => v.width)).toEqual([300]);
  });

  it("accepts an animated PNG as a still PNG, and refuses a JPEG cut short (415, nothing kept)", async () => {
    const apng = await create({ title: "APNG" }, { data: await apngImage(640, 360) });
    expect(apng.status).toBe(201);
    expect(apng.body.image).toMatch(/\.png$/);
    expect([apng.body.imageWidth, apng.body.imageHeight]).toEqual([640, 360]);
    const files = await mediaFiles();
    const jpeg = await jpegImage(800, 450);
    const cut = await send(
      "POST",
      "/api/blogs",
      { title: "Cut short" },
      { data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), filename: "a.jpg" },
    );
    expect(cut.status).toBe(415);
    expect(cut.body.error).toBe("The image could not be read: the file is damaged or too big.");
    expect(await mediaFiles()).toEqual(files);
  });

  it("refuses decompression bombs (900 megapixels; 100,000 × 400 within 40 MP) with 415, from the header", async () => {
    const files = await mediaFiles();
    for (const [width, height] of [
      [30000, 30000],
      [100_000, 400],
      [400, 100_000],
    ] as const) {
      const started = performance.now();
      const { status, body } = await create(
        { title: "Bomb" },
        { data: await pngClaimingSize(width, height) },
      );
      expect(status).toBe(415);
      expect(body.error).toBe(
        "The image is too big: at most 12,000 pixels a side and 40 megapixels in all.",
      );
      // Refused from the header, before any decoding (which takes seconds).
      expect(performance.now() - started).toBeLessThan(2000);
    }
    expect(await mediaFiles()).toEqual(files);
  });

  it("enforces MAX_IMAGE_SIZE to the byte, apart from the larger video limit", async () => {
    const small = await createTestApp({ MAX_IMAGE_SIZE: "64kb", MAX_VIDEO_SIZE: "10mb" });
    try {
      const auth = await small.adminHeaders();
      const png = await pngImage(64, 64);
      const sized = (bytes: number) => Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
      const post = (data: Buffer) => {
        const form = multipart({ title: "Sized" }, [
          { field: "image", filename: "a.png", contentType: "image/png", data },
        ]);
        return call<Answer>(small.app, {
          method: "POST",
          url: "/api/blogs",
          payload: form.payload,
          headers: { ...auth, ...form.headers },
        });
      };
      const atLimit = await post(sized(64 * 1024));
      expect(atLimit.status).toBe(201);
      const over = await post(sized(64 * 1024 + 1));
      expect(over.status).toBe(413);
      expect(over.body.error).toBe("The image is too large: at most 0.1 MB.");
    } finally {
      await small.close();
    }
  });

  it("on PATCH keeps every field that is not sent", async () => {
    const words = Array.from({ length: 450 }, (_, i) => `w${i}`).join(" ");
    const created = (
      await create(
        { title: "Keep me", content: `${words}\nsecond`, bg: "#021a45" },
        { data: await pngImage(500, 300) },
      )
    ).body;
    expect(created.duration).toBe(3);
    const onlyImage = await send("PATCH", `/api/blogs/${created._id}`, { removeImage: "true" });
    expect(onlyImage.status).toBe(200);
    expect(onlyImage.body).toMatchObject({
      title: "Keep me",
      content: created.content,
      bg: "#021a45",
      duration: 3,
      image: null,
    });
    const onlyContent = await send("PATCH", `/api/blogs/${created._id}`, { content: "short" });
    expect(onlyContent.body).toMatchObject({ title: "Keep me", content: ["short"], duration: 1 });
    expect(Date.parse(onlyContent.body.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.updatedAt),
    );
    const cleared = await send("PATCH", `/api/blogs/${created._id}`, { content: "", bg: "" });
    expect(cleared.body).toMatchObject({ content: [], bg: "#ffffff", title: "Keep me" });
    const blank = await send("PATCH", `/api/blogs/${created._id}`, { title: " " });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe("Please fill in all required fields.");
  });

  it("drops control characters from the text and ignores them in a search", async () => {
    const { status, body } = await create({
      title: "Nul\u0000 in\ttitle",
      content: "bell\u0007 point\nsecond\u0000",
    });
    expect(status).toBe(201);
    expect(body.title).toBe("Nul in title");
    expect(body.content).toEqual(["bell point", "second"]);
    const search = await call<Blog[]>(t.app, {
      method: "GET",
      url: "/api/blogs?q=bell%00%20point",
    });
    expect(search.status).toBe(200);
    expect(search.body.map((blog) => blog._id)).toEqual([body._id]);
  });

  it("searches case-insensitively beyond ASCII (Yoruba and accented letters) on every database", async () => {
    const yoruba = (
      await create({
        title: "ṢỌ́PÙ Ọjà: selling in Ẹ̀gbá markets",
        content: "ÉCOLE notes\nNaïve ads",
      })
    ).body;
    const find = async (q: string) =>
      (
        await call<Blog[]>(t.app, {
          method: "GET",
          url: `/api/blogs?q=${encodeURIComponent(q)}`,
        })
      ).body.map((blog) => blog._id);
    // The exact text, and the other case, in the title and in the points.
    expect(await find("ṢỌ́PÙ Ọjà")).toEqual([yoruba._id]);
    expect(await find("ṣọ́pù ọJÀ")).toEqual([yoruba._id]);
    expect(await find("ẹ̀gbá")).toEqual([yoruba._id]);
    expect(await find("école")).toEqual([yoruba._id]);
    expect(await find("NAÏVE")).toEqual([yoruba._id]);
    // The same letters written decomposed (NFD) find the composed text.
    expect(await find("école".normalize("NFD"))).toEqual([yoruba._id]);
    // A different accented letter in the same place is not a match.
    expect(await find("ecole")).toEqual([]);
    expect(await find("naive")).toEqual([]);
    expect(await find("Ọjá")).toEqual([]);
    // Text sent decomposed is stored composed, and found by the composed letters.
    const decomposed = (await create({ title: "Café Ọ́ja".normalize("NFD") })).body;
    expect(decomposed.title).toBe("Café Ọ́ja".normalize("NFC"));
    expect(await find("CAFÉ Ọ́JA")).toEqual([decomposed._id]);
  });

  it("searches the words of the points: quotes and backslashes separate words, the JSON is no text", async () => {
    const quoted = (
      await create({ title: "Quotes", content: 'She said "grow now"\nC:\\ads\\plan' })
    ).body;
    expect(quoted.content).toEqual(['She said "grow now"', "C:\\ads\\plan"]);
    const find = async (q: string) =>
      (
        await call<Blog[]>(t.app, {
          method: "GET",
          url: `/api/blogs?q=${encodeURIComponent(q)}`,
        })
      ).body.map((blog) => blog._id);
    expect(await find('"GROW now"')).toEqual([quoted._id]);
    expect(await find("c:\\ads\\")).toEqual([quoted._id]);
    // Punctuation only separates words: the JSON of the stored array is not searched.
    expect(await find('","')).toEqual([]);
    expect(await find("[]")).toEqual([]);
    expect(await find('["she')).toEqual([quoted._id]);
    // Every word must be there, each as a word or the start of one.
    expect(await find("plan grow")).toEqual([quoted._id]);
    expect(await find("plan growl")).toEqual([]);
    const long = await call<Answer>(t.app, {
      method: "GET",
      url: `/api/blogs?q=${"a".repeat(201)}`,
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("Search must be at most 200 characters.");
  });

  it("documents every blog route in the OpenAPI description", async () => {
    const { body } = await call<{ paths: Record<string, Record<string, { tags?: string[] }>> }>(
      t.app,
      { method: "GET", url: "/api/openapi.json" },
    );
    expect(Object.keys(body.paths["/api/blogs"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(body.paths["/api/blogs/{id}"] ?? {}).sort()).toEqual([
      "delete",
      "get",
      "patch",
    ]);
    for (const operation of [
      ...Object.values(body.paths["/api/blogs"]!),
      ...Object.values(body.paths["/api/blogs/{id}"]!),
    ]) {
      expect(operation.tags).toEqual(["blogs"]);
    }
  });

  it("is public to read and admin-only to write", async () => {
    const created = (await create({ title: "Guarded", content: "x" })).body;
    expect((await call(t.app, { method: "GET", url: "/api/blogs" })).status).toBe(200);
    const form = multipart({ title: "Intruder", content: "x" });
    await expectAdminOnly(t, {
      method: "POST",
      url: "/api/blogs",
      payload: form.payload,
      headers: form.headers,
    });
    await expectAdminOnly(t, {
      method: "PATCH",
      url: `/api/blogs/${created._id}`,
      payload: form.payload,
      headers: form.headers,
    });
    await expectAdminOnly(t, { method: "DELETE", url: `/api/blogs/${created._id}` });
    const still = await call<Blog>(t.app, { method: "GET", url: `/api/blogs/${created._id}` });
    expect(still.body.title).toBe("Guarded");
  });
});
