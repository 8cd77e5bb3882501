import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { defaultIdentity, type SiteIdentity } from "../../common/schemas/identity.ts";
import { gifImage, illustrationSvg, pngImage } from "../factories/images.ts";
import { call, multipart, TEST_PASSWORD, useTestApp } from "./helpers.ts";

type Headers = { authorization: string };

describe("the site identity", () => {
  const t = useTestApp();

  async function editorHeaders(): Promise<Headers> {
    const email = "editor-identity@example.com";
    await t.app.services.admins.create(email, TEST_PASSWORD);
    await t.app.services.database.db
      .updateTable("admins")
      .set({ role: "editor" })
      .where("email", "=", email)
      .execute();
    const { body } = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
    });
    return { authorization: `Bearer ${body.token}` };
  }

  const upload = (url: string, headers: Headers, data: Buffer, contentType = "image/png") => {
    const form = multipart({}, [{ field: "image", filename: "logo.png", contentType, data }]);
    return call<{ src: string; width: number; height: number; error?: string }>(t.app, {
      method: "POST",
      url,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };

  it("starts as site-config's, with the built-in icons, and only an owner changes it", async () => {
    const current = await call<SiteIdentity>(t.app, { url: "/api/identity" });
    expect(current.body).toEqual(defaultIdentity);
    const manifest = await call<{ name: string; theme_color: string; icons: { src: string }[] }>(
      t.app,
      { url: "/manifest.webmanifest" },
    );
    expect(manifest.response.headers["content-type"]).toContain("application/manifest+json");
    expect(JSON.parse(manifest.response.body)).toMatchObject({
      name: "Brightlane Digital",
      short_name: "Brightlane",
      theme_color: "#053685",
      icons: [{ src: "/favicon.svg", type: "image/svg+xml" }],
    });
    expect((await t.app.inject({ url: "/icons/favicon-32.png" })).statusCode).toBe(404);

    const changed = { ...defaultIdentity, name: "Sunrise Media", primaryColour: "#0B6E4F" };
    // Without a token: 401 (the bad tokens are the same check on every route: helpers.ts).
    const stranger = await call(t.app, { method: "PUT", url: "/api/identity", payload: changed });
    expect(stranger.status).toBe(401);
    const editor = await editorHeaders();
    const refused = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: "/api/identity",
      headers: editor,
      payload: changed,
    });
    expect(refused.status).toBe(403);
    expect((await upload("/api/identity/logo", editor, await pngImage(32, 32))).status).toBe(403);

    const owner = await t.adminHeaders();
    const badColour = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: "/api/identity",
      headers: owner,
      payload: { ...changed, accentColour: "orange" },
    });
    expect(badColour.status).toBe(400);
    expect(badColour.body.error).toMatch(/accent colour must be a colour like #053685/);

    const saved = await call<SiteIdentity>(t.app, {
      method: "PUT",
      url: "/api/identity",
      headers: owner,
      payload: changed,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "Sunrise Media", primaryColour: "#0b6e4f" });
    // The cached read hears the write at once.
    expect((await call<SiteIdentity>(t.app, { url: "/api/identity" })).body.name).toBe(
      "Sunrise Media",
    );
    const manifestAfter = JSON.parse((await t.app.inject({ url: "/manifest.webmanifest" })).body);
    expect(manifestAfter).toMatchObject({ name: "Sunrise Media", theme_color: "#0b6e4f" });
    const audit = await call<{ entries: { type: string; before: unknown; after: unknown }[] }>(
      t.app,
      { url: "/api/audit?type=identity", headers: owner },
    );
    expect(audit.body.entries[0]).toMatchObject({
      type: "identity",
      action: "update",
      before: { name: "Brightlane Digital" },
      after: { name: "Sunrise Media" },
    });
  });

  it("refuses SVG and GIF, re-encodes a PNG logo and serves its icons in the browsers' sizes", async () => {
    const owner = await t.adminHeaders();
    const svg = await upload(
      "/api/identity/logo",
      owner,
      Buffer.from(illustrationSvg(64, 64)),
      "image/svg+xml",
    );
    expect(svg.status).toBe(415);
    expect(svg.body.error).toMatch(/SVG pictures are not accepted/);
    const gif = await upload("/api/identity/logo", owner, await gifImage(64, 64), "image/gif");
    expect(gif.status).toBe(415);
    expect(gif.body.error).toBe("The picture must be a PNG, WebP or JPEG file.");

    // A PNG carrying metadata: stored re-encoded, under a name the server made.
    const png = await sharp(await pngImage(300, 300))
      .withMetadata({ exif: { IFD0: { Copyright: "secret-maker" } } })
      .png()
      .toBuffer();
    const logo = await upload("/api/identity/logo", owner, png);
    expect(logo.status).toBe(201);
    expect(logo.body).toMatchObject({ width: 300, height: 300 });
    expect(logo.body.src).toMatch(/^\/media\/identity\/[0-9a-f-]{36}\.png$/);
    const stored = (await t.app.inject({ url: logo.body.src })).rawPayload;
    expect(stored.includes(Buffer.from("secret-maker"))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe("png");

    const share = await upload("/api/identity/share-image", owner, await pngImage(400, 210));
    expect(share.status).toBe(201);
    const saved = await call<SiteIdentity>(t.app, {
      method: "PUT",
      url: "/api/identity",
      headers: owner,
      payload: { ...defaultIdentity, logo: logo.body, shareImage: share.body },
    });
    expect(saved.status).toBe(200);

    for (const [file, size] of [
      ["favicon-32.png", 32],
      ["apple-touch-icon.png", 180],
      ["icon-192.png", 192],
      ["icon-512.png", 512],
    ] as const) {
      const icon = await t.app.inject({ url: `/icons/${file}` });
      expect(icon.statusCode, file).toBe(200);
      expect(icon.headers["content-type"]).toBe("image/png");
      expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
      const meta = await sharp(icon.rawPayload).metadata();
      expect([meta.width, meta.height], file).toEqual([size, size]);
      const again = await t.app.inject({
        url: `/icons/${file}`,
        headers: { "if-none-match": String(icon.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    const manifest = JSON.parse((await t.app.inject({ url: "/manifest.webmanifest" })).body) as {
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
    expect(manifest.icons[0]!.src).toMatch(/^\/icons\/icon-192\.png\?v=[0-9a-f]{8}$/);
    const versioned = await t.app.inject({ url: manifest.icons[0]!.src });
    expect(versioned.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    // A picture not uploaded here is refused; removing the logo brings back the built-in icons.
    const foreign = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: "/api/identity",
      headers: owner,
      payload: {
        ...defaultIdentity,
        logo: { ...logo.body, src: "/media/identity/00000000-0000-4000-8000-000000000000.png" },
      },
    });
    expect(foreign.status).toBe(400);
    await call(t.app, {
      method: "PUT",
      url: "/api/identity",
      headers: owner,
      payload: defaultIdentity,
    });
    expect((await t.app.inject({ url: "/icons/icon-192.png" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: logo.body.src })).statusCode).toBe(404);
  });
});
