import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { everywhereImage, JPEG_MAX_WIDTH } from "../../common/share-image.ts";
import { seo } from "../../app/lib/seo.ts";
import { prepareIssue } from "../../server/modules/newsletter/issue-mail.ts";
import { call, multipart, useTestApp } from "./helpers.ts";

// Issue 50: share images and the pictures of newsletter mails as JPEG where the stored
// picture is WebP (Outlook on Windows and some social sites show none), made on demand from
// the stored file, so pictures uploaded before work too. On SQLite and PostgreSQL.

const ORIGIN = "https://agency.example";

describe("JPEG versions of WebP pictures (issue 50)", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  /** A picture uploaded for a post: stored as WebP only. */
  async function upload(width: number, height: number): Promise<string> {
    const png = await sharp({
      create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const form = multipart({}, [
      { field: "image", filename: "a.png", contentType: "image/png", data: png },
    ]);
    const sent = await call<{ src: string }>(t.app, {
      method: "POST",
      url: "/api/admin/media",
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.src).toMatch(/\.webp$/);
    return sent.body.src;
  }

  it("serves a stored WebP as a JPEG at most 1,200 px wide, white under transparency", async () => {
    const src = await upload(1440, 720);
    const jpeg = everywhereImage(src);
    expect(jpeg).toBe(src.replace(/^\/media\//, "/media-jpeg/") + ".jpg");
    const served = await t.app.inject({ url: jpeg });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toContain("immutable");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", JPEG_MAX_WIDTH, 600]);
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data.subarray(0, 30))).toBeGreaterThan(240);
    // Asked again: the same bytes (kept in memory).
    const again = await t.app.inject({ url: jpeg });
    expect(again.rawPayload.equals(served.rawPayload)).toBe(true);
  });

  it("answers 404 JSON for a picture that is not stored or a name that is not one", async () => {
    for (const url of [
      "/media-jpeg/posts/00000000-0000-4000-8000-000000000000-10x10.webp.jpg",
      "/media-jpeg/posts/x.png.jpg",
      "/media-jpeg/../secret.webp.jpg",
      "/media-jpeg/posts/x.webp",
    ]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toHaveProperty("error");
    }
  });

  it("names the JPEG in og:image, twitter:image and the newsletter's pictures", async () => {
    const src = await upload(800, 400);
    const tags = seo({ origin: ORIGIN, path: "/blog/a", title: "A", description: "B", image: src });
    const image = (key: string) => {
      const tag = tags.find(
        (t) => ("property" in t && t.property === key) || ("name" in t && t.name === key),
      ) as { content?: string } | undefined;
      return tag?.content;
    };
    expect(image("og:image")).toBe(`${ORIGIN}${everywhereImage(src)}`);
    expect(image("twitter:image")).toBe(`${ORIGIN}${everywhereImage(src)}`);
    // A PNG or JPEG is shown everywhere: used as it is (a transparent logo stays a PNG).
    expect(everywhereImage("/media/content/logo.png")).toBe("/media/content/logo.png");
    expect(everywhereImage("https://elsewhere.example/a.webp", ORIGIN)).toBe(
      "https://elsewhere.example/a.webp",
    );

    const mail = prepareIssue(
      {
        sendId: "00000000-0000-4000-8000-000000000001",
        subject: "News",
        previewText: "",
        body: [`![A picture](${src})`],
        post: {
          title: "A",
          url: `${ORIGIN}/blog/a`,
          cover: { src: `${ORIGIN}/media/blogs/cover.webp`, alt: "", width: 800, height: 400 },
        },
      },
      {
        name: "Agency",
        primaryColour: "#123456",
        accentColour: "#654321",
        origin: ORIGIN,
        postalAddress: "",
      },
    );
    expect(mail.html).toContain(`src="${ORIGIN}${everywhereImage(src)}"`);
    expect(mail.html).not.toMatch(/src="[^"]*\.webp"/);
  });
});
