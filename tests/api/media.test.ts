import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { postImage } from "../../common/post-media.ts";
import { call, expectAdminOnly, multipart, useTestApp } from "./helpers.ts";

describe("POST /api/admin/media (pictures inside posts)", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const send = (data: Buffer, filename: string, contentType: string, auth = headers) => {
    const form = multipart({}, [{ field: "image", filename, contentType, data }]);
    return call<{ src: string; width: number; height: number; error?: string }>(t.app, {
      method: "POST",
      url: "/api/admin/media",
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
  };

  it("stores a PNG as WebP versions named by their size, served from its src", async () => {
    const png = await sharp({
      create: { width: 1000, height: 500, channels: 3, background: "#336699" },
    })
      .png()
      .toBuffer();
    const uploaded = await send(png, "photo.png", "image/png");
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toEqual({
      src: expect.stringMatching(/^\/media\/posts\/[0-9a-f-]{36}-1000x500\.webp$/),
      width: 1000,
      height: 500,
    });
    const picture = postImage(uploaded.body.src)!;
    expect(picture.variants.map((variant) => variant.width)).toEqual([480, 960, 1000]);
    for (const variant of picture.variants) {
      const served = await t.app.inject({ url: variant.url });
      expect(served.statusCode, variant.url).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(["webp", variant.width]);
    }
  });

  it("refuses what is not a picture (415), no file (400), and anyone not signed in (401)", async () => {
    const text = await send(Buffer.from("hello, not a picture"), "x.png", "image/png");
    expect(text.status).toBe(415);
    expect(text.body.error).toBeTypeOf("string");
    const empty = multipart({ note: "no file" });
    const none = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/admin/media",
      headers: { ...headers, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.status).toBe(400);
    await expectAdminOnly(t, { method: "POST", url: "/api/admin/media", payload: empty.payload });
  });
});
