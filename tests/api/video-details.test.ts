import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Video } from "../../common/schemas/video.ts";
import * as videoDetails from "../../server/db/migrations/0008-video-details.ts";
import { mp4Bytes, pngImage } from "../factories/images.ts";
import { call, createTestApp, useTestApp, expectAdminOnly, multipart } from "./helpers.ts";

// Portfolio videos as site content (issue 12): title, poster, position and visibility,
// PATCH /api/video/:public_id and PUT /api/video/order.

type Answer = Video & { error?: string };
interface Uploaded {
  src: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

describe("video details", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const upload = async (fields: Record<string, string> = {}) => {
    const form = multipart(fields, [
      { field: "video", filename: "clip.mp4", contentType: "video/mp4", data: mp4Bytes() },
    ]);
    const answer = await call<Answer>(t.app, {
      method: "POST",
      url: "/api/video",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const uploadImage = async () => {
    const form = multipart({}, [
      {
        field: "image",
        filename: "poster.png",
        contentType: "image/png",
        data: await pngImage(1000, 562),
      },
    ]);
    const answer = await call<Uploaded>(t.app, {
      method: "POST",
      url: "/api/content-images",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const patch = (publicId: string, payload: unknown, auth = headers) =>
    call<Answer>(t.app, {
      method: "PATCH",
      url: `/api/video/${encodeURIComponent(publicId)}`,
      headers: auth,
      payload: payload as object,
    });
  const order = (ids: unknown) =>
    call<Answer[] & { error?: string }>(t.app, {
      method: "PUT",
      url: "/api/video/order",
      headers,
      payload: { ids } as object,
    });
  const list = async () => (await call<Video[]>(t.app, { method: "GET", url: "/api/video" })).body;
  const removeVideo = (publicId: string) =>
    call(t.app, {
      method: "DELETE",
      url: "/api/video/",
      headers,
      payload: { public_id: publicId },
    });
  const served = async (url: string) => (await t.app.inject({ url })).statusCode;

  it("answers the new fields: an upload has its title, no poster, is visible and goes first", async () => {
    const older = await upload();
    expect(older).toMatchObject({ title: "", poster: null, visible: true });
    const newer = await upload({ title: "  Launch reel  " });
    expect(newer).toMatchObject({ title: "Launch reel", poster: null, visible: true });
    expect(newer.position).toBeLessThan(older.position);
    const all = await list();
    expect(all.map((video) => video.public_id).slice(0, 2)).toEqual([
      newer.public_id,
      older.public_id,
    ]);
    expect(all[0]).toEqual(newer);
    const long = multipart({ title: "x".repeat(121) }, [
      { field: "video", filename: "clip.mp4", contentType: "video/mp4", data: mp4Bytes() },
    ]);
    const refused = await call<Answer>(t.app, {
      method: "POST",
      url: "/api/video",
      payload: long.payload,
      headers: { ...headers, ...long.headers },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Title must be at most 120 characters.");
  });

  it("changes the title and visibility; a field left out keeps its value", async () => {
    const video = await upload({ title: "Before" });
    const titled = await patch(video.public_id, { title: "  Restaurant promo " });
    expect(titled.status).toBe(200);
    expect(titled.body).toMatchObject({ title: "Restaurant promo", visible: true, poster: null });
    const hidden = await patch(video.public_id, { visible: false });
    expect(hidden.body).toMatchObject({ title: "Restaurant promo", visible: false });
    expect((await list()).find((v) => v.public_id === video.public_id)).toMatchObject({
      title: "Restaurant promo",
      visible: false,
    });
    const shown = await patch(video.public_id, { visible: true, title: "" });
    expect(shown.body).toMatchObject({ title: "", visible: true });
    // Every other field is as it was.
    const { title: _t, visible: _v, ...rest } = video;
    expect(shown.body).toMatchObject(rest);
  });

  it("refuses bad details with 400 and unknown videos with 404, never 500", async () => {
    const video = await upload();
    const bad: [unknown, string][] = [
      [{}, "Nothing to change: send a title, visible or poster."],
      [{ title: "x".repeat(121) }, "Title must be at most 120 characters."],
      [{ title: 42 }, "Title must be text."],
      [{ visible: "yes" }, "Visible must be true or false."],
      [{ poster: { src: "/media/content/a.png", alt: "" } }, "Alt text is required."],
      [
        { poster: { src: "https://evil.example/a.png", alt: "A" } },
        "Upload the image here (a site image).",
      ],
      [
        { poster: { src: "/media/../../etc/passwd", alt: "A" } },
        "Upload the image here (a site image).",
      ],
      [{ poster: "a picture" }, "Choose an image."],
      [[1, 2], "The body must be a JSON object."],
    ];
    for (const [payload, error] of bad) {
      const answer = await patch(video.public_id, payload);
      expect(`${JSON.stringify(payload)}: ${answer.status} ${answer.body.error}`).toBe(
        `${JSON.stringify(payload)}: 400 ${error}`,
      );
    }
    for (const publicId of ["portfolio-missing", "' or 1=1 --", "a b", "x".repeat(100)]) {
      const answer = await patch(publicId, { title: "Nope" });
      expect(`${publicId}: ${answer.status}`).toBe(`${publicId}: 404`);
      expect(answer.body.error).toBe("Video not found.");
    }
    // Longer than the router's parameter limit: no such route, still a JSON 404.
    const tooLong = await patch("x".repeat(101), { title: "Nope" });
    expect(tooLong.status).toBe(404);
    expect(tooLong.body.error).toBeTypeOf("string");
    const notJson = await t.app.inject({
      method: "PATCH",
      url: `/api/video/${video.public_id}`,
      headers: { ...headers, "content-type": "text/plain" },
      payload: "title=x",
    });
    // Fastify reads text/plain as a string: not an object, so refused all the same.
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ error: string }>().error).toBe("The body must be a JSON object.");
    expect((await list()).find((v) => v.public_id === video.public_id)).toEqual(video);
  });

  it("sets a poster uploaded here, removes the old files when replaced, refuses made-up ones", async () => {
    const video = await upload({ title: "Skincare explainer" });
    const first = await uploadImage();
    const set = await patch(video.public_id, {
      poster: { src: first.src, alt: "A jar of cream", variants: first.variants },
    });
    expect(set.status).toBe(200);
    expect(set.body.poster).toEqual({
      src: first.src,
      alt: "A jar of cream",
      variants: first.variants,
    });
    expect((await list()).find((v) => v.public_id === video.public_id)?.poster).toEqual(
      set.body.poster,
    );

    // An address of this site's shape that was never uploaded, or another folder's file.
    for (const src of ["/media/content/00000000-0000-0000-0000-000000000000.png", video.url]) {
      const madeUp = await patch(video.public_id, { poster: { src, alt: "Made up" } });
      expect(madeUp.status).toBe(400);
      expect(madeUp.body.error).toBe("The poster was not uploaded here. Upload it again.");
    }

    // Only the alt text changes: the files stay.
    const altOnly = await patch(video.public_id, {
      poster: { ...set.body.poster!, alt: "A jar of face cream" },
    });
    expect(altOnly.body.poster?.alt).toBe("A jar of face cream");
    expect(await served(first.src)).toBe(200);

    const second = await uploadImage();
    const replaced = await patch(video.public_id, {
      poster: { src: second.src, alt: "Two jars", variants: second.variants },
    });
    expect(replaced.body.poster?.src).toBe(second.src);
    expect(await served(first.src)).toBe(404);
    for (const variant of first.variants) expect(await served(variant.url)).toBe(404);
    expect(await served(second.src)).toBe(200);

    const cleared = await patch(video.public_id, { poster: null });
    expect(cleared.body.poster).toBeNull();
    expect(await served(second.src)).toBe(404);

    // A deleted video takes its poster with it.
    const third = await uploadImage();
    await patch(video.public_id, { poster: { src: third.src, alt: "Three jars" } });
    expect((await removeVideo(video.public_id)).status).toBe(200);
    expect(await served(third.src)).toBe(404);
  });

  it("keeps a poster's files while another video still shows them", async () => {
    const a = await upload();
    const b = await upload();
    const image = await uploadImage();
    const poster = { src: image.src, alt: "Shared", variants: image.variants };
    await patch(a.public_id, { poster });
    await patch(b.public_id, { poster });
    await patch(a.public_id, { poster: null });
    expect(await served(image.src)).toBe(200);
    await removeVideo(b.public_id);
    expect(await served(image.src)).toBe(404);
    await removeVideo(a.public_id);
  });

  it("keeps a picture that a video poster and a content item share until neither uses it", async () => {
    const video = await upload();
    const image = await uploadImage();
    const picture = { src: image.src, alt: "Shared", variants: image.variants };
    await patch(video.public_id, { poster: picture });
    const brand = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/content/brands",
      headers,
      payload: { name: "Shared picture", image: picture },
    });
    expect(brand.status).toBe(201);
    // The content item goes: the poster still shows the picture.
    await call(t.app, { method: "DELETE", url: `/api/content/brands/${brand.body._id}`, headers });
    expect(await served(image.src)).toBe(200);
    await removeVideo(video.public_id);
    expect(await served(image.src)).toBe(404);
  });

  it("puts the videos in a new order; the list must name every video once", async () => {
    const before = (await list()).map((video) => video.public_id);
    expect(before.length).toBeGreaterThan(2);
    const reversed = [...before].reverse();
    const answer = await order(reversed);
    expect(answer.status).toBe(200);
    expect(answer.body.map((video) => video.public_id)).toEqual(reversed);
    expect(answer.body.map((video) => video.position)).toEqual(reversed.map((_, i) => i));
    expect((await list()).map((video) => video.public_id)).toEqual(reversed);

    // A new upload still goes first.
    const fresh = await upload();
    expect((await list())[0]!.public_id).toBe(fresh.public_id);
    const now = (await list()).map((video) => video.public_id);

    const message = "The order must list every video once. Reload and try again.";
    for (const ids of [
      now.slice(1),
      [...now, now[0]!],
      [...now.slice(1), "portfolio-unknown"],
      [],
    ]) {
      const refused = await order(ids);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(message);
    }
    for (const ids of ["not a list", [1, 2], null]) {
      expect((await order(ids)).status).toBe(400);
    }
    expect((await list()).map((video) => video.public_id)).toEqual(now);
  });

  it("is admin-only to change and reorder", async () => {
    const video = await upload();
    await expectAdminOnly(t, {
      method: "PATCH",
      url: `/api/video/${video.public_id}`,
      payload: { title: "Hacked" },
    });
    await expectAdminOnly(t, {
      method: "PUT",
      url: "/api/video/order",
      payload: { ids: [video.public_id] },
    });
    expect((await list()).find((v) => v.public_id === video.public_id)?.title).toBe("");
  });

  it("documents the new routes in the OpenAPI description", async () => {
    const { body } = await call<{
      paths: Record<string, Record<string, { tags?: string[]; operationId?: string }>>;
    }>(t.app, { method: "GET", url: "/api/openapi.json" });
    expect(body.paths["/api/video/order"]?.put).toMatchObject({
      tags: ["videos"],
      operationId: "reorderVideos",
    });
    expect(body.paths["/api/video/{public_id}"]?.patch).toMatchObject({
      tags: ["videos"],
      operationId: "updateVideo",
    });
  });
});

describe("migration 0008", () => {
  it("orders the videos already stored newest first, visible and untitled", async () => {
    const t = await createTestApp();
    try {
      const db = t.app.services.database.db as unknown as Kysely<unknown>;
      await videoDetails.down(db);
      const rows = ["2024-01-01", "2024-03-01", "2024-02-01"].map((day, index) => ({
        id: `video-${index}`,
        public_id: `portfolio-${index}`,
        file_key: `videos/portfolio-${index}.mp4`,
        mime_type: "video/mp4",
        size_bytes: 1000,
        youtube_url: null,
        created_at: `${day}T10:00:00.000Z`,
      }));
      await (db as Kysely<{ videos: (typeof rows)[number] }>)
        .insertInto("videos")
        .values(rows)
        .execute();
      await videoDetails.up(db);
      const videos = await call<Video[]>(t.app, { method: "GET", url: "/api/video" });
      expect(
        videos.body.map(({ public_id, position, visible, title, poster }) => ({
          public_id,
          position,
          visible,
          title,
          poster,
        })),
      ).toEqual([
        { public_id: "portfolio-1", position: 0, visible: true, title: "", poster: null },
        { public_id: "portfolio-2", position: 1, visible: true, title: "", poster: null },
        { public_id: "portfolio-0", position: 2, visible: true, title: "", poster: null },
      ]);
    } finally {
      await t.close();
    }
  });
});
