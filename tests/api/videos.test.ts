import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Video } from "../../common/schemas/video.ts";
import { matroskaBytes, mp4Bytes, pngImage, webmBytes } from "../factories/images.ts";
import { call, createTestApp, useTestApp, expectAdminOnly, multipart } from "./helpers.ts";

type Answer = Video & { error?: string };

function quicktimeBytes(size = 8 * 1024): Buffer {
  const video = mp4Bytes(size);
  video.write("qt  ", 8, "latin1");
  video.write("qt  qt  ", 16, "latin1");
  return video;
}

describe("videos", () => {
  const t = useTestApp({ MAX_VIDEO_SIZE: "2mb" });
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const upload = (
    fields: Record<string, string>,
    video?: { data: Buffer; filename?: string; contentType?: string },
    fieldsFirst = true,
  ) => {
    const files = video
      ? [
          {
            field: "video",
            filename: video.filename ?? "clip.mp4",
            contentType: video.contentType ?? "video/mp4",
            data: video.data,
          },
        ]
      : [];
    const form = multipart(fieldsFirst ? fields : {}, files);
    let payload = form.payload;
    if (!fieldsFirst && Object.keys(fields).length > 0) {
      // Put the text fields after the file: rebuild the body with the same boundary.
      const boundary = form.headers["content-type"]!.split("boundary=")[1]!;
      const tail = Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join("");
      const end = Buffer.from(`--${boundary}--\r\n`);
      payload = Buffer.concat([
        payload.subarray(0, payload.length - end.length),
        Buffer.from(tail),
        end,
      ]);
    }
    return call<Answer>(t.app, {
      method: "POST",
      url: "/api/video",
      payload,
      headers: { ...headers, ...form.headers },
    });
  };
  const stored = async () => {
    const dir = path.join(t.config.mediaDir, "videos");
    const temp = path.join(t.config.mediaDir, ".incoming");
    return {
      videos: (await readdir(dir).catch(() => [] as string[])).sort(),
      temp: await readdir(temp).catch(() => [] as string[]),
    };
  };

  it("uploads an MP4 with a YouTube URL, streams it to disk and lists it", async () => {
    const data = mp4Bytes(512 * 1024);
    const { status, body } = await upload(
      { youtubeURL: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      { data },
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      youtubeURL: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      mimeType: "video/mp4",
      size: data.length,
    });
    expect(body.public_id).toMatch(/^portfolio-[0-9a-f-]{36}$/);
    expect(body.url).toBe(`/media/videos/${body.public_id}.mp4`);
    const file = await t.app.inject({ method: "GET", url: body.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("video/mp4");
    expect(file.rawPayload.equals(data)).toBe(true);
    const list = await call<Video[]>(t.app, { method: "GET", url: "/api/video" });
    expect(list.status).toBe(200);
    expect(list.body[0]).toEqual(body);
    expect((await stored()).temp).toEqual([]);
  });

  it("accepts WebM and QuickTime by their bytes, and text fields after the file", async () => {
    const webm = await upload(
      { youtubeURL: "https://youtu.be/dQw4w9WgXcQ" },
      { data: webmBytes(), filename: "a.bin", contentType: "application/octet-stream" },
      false,
    );
    expect(webm.status).toBe(201);
    expect(webm.body.mimeType).toBe("video/webm");
    expect(webm.body.youtubeURL).toBe("https://youtu.be/dQw4w9WgXcQ");
    expect(webm.body.url).toMatch(/\.webm$/);
    const mov = await upload({}, { data: quicktimeBytes(), filename: "clip.mov" });
    expect(mov.status).toBe(201);
    expect(mov.body.mimeType).toBe("video/quicktime");
    expect(mov.body.youtubeURL).toBeNull();
    const list = await call<Video[]>(t.app, { method: "GET", url: "/api/video" });
    expect(list.body.slice(0, 2).map((v) => v._id)).toEqual([mov.body._id, webm.body._id]);
  });

  it("refuses a file that is not a video by its bytes with 415 and keeps nothing", async () => {
    const before = await stored();
    const png = await upload({}, { data: await pngImage(100, 100), filename: "clip.mp4" });
    expect(png.status).toBe(415);
    expect(png.body.error).toBe("The video must be an MP4, WebM or QuickTime (.mov) file.");
    const text = await upload({}, { data: Buffer.from("just text, named like a video") });
    expect(text.status).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it("refuses other EBML files (Matroska) and ftyp files that are not video", async () => {
    const before = await stored();
    const mkv = await upload({}, { data: matroskaBytes(), filename: "clip.webm" });
    expect(mkv.status).toBe(415);
    const heic = mp4Bytes();
    heic.write("heic", 8, "latin1");
    heic.write("mif1heic", 16, "latin1");
    const photo = await upload({}, { data: heic, filename: "clip.mp4" });
    expect(photo.status).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it("refuses a video over MAX_VIDEO_SIZE with 413 and removes the partial file", async () => {
    const before = await stored();
    const { status, body } = await upload({}, { data: mp4Bytes(2 * 1024 * 1024 + 1) });
    expect(status).toBe(413);
    expect(body.error).toBe("The video is too large: at most 2 MB.");
    expect(await stored()).toEqual(before);
  });

  it("asks for a file when none is sent, and checks the YouTube URL", async () => {
    const none = await upload({ youtubeURL: "https://youtu.be/dQw4w9WgXcQ" });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("Please select a video file to upload.");
    const noneBadUrl = await upload({ youtubeURL: "not a url" });
    expect(noneBadUrl.body.error).toBe("Please select a video file to upload.");
    const empty = await upload({}, { data: Buffer.alloc(0), filename: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Please select a video file to upload.");
    const before = await stored();
    const badUrls = [
      "https://vimeo.com/12345",
      "javascript:alert(1)",
      "not a url",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      // The URL parser would silently drop these; the stored link must be the checked one.
      "https://youtu.be/dQw4w\n9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ\u0000",
    ];
    for (const [index, url] of badUrls.entries()) {
      // Alternately before and after the file: a refused form keeps no temporary file.
      const bad = await upload({ youtubeURL: url }, { data: mp4Bytes() }, index % 2 === 0);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe("Please enter a YouTube video URL (youtube.com or youtu.be).");
    }
    expect(await stored()).toEqual(before);
    for (const url of [
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    ]) {
      const good = await upload({ youtubeURL: `  ${url} ` }, { data: mp4Bytes() });
      expect(good.status).toBe(201);
      expect(good.body.youtubeURL).toBe(url);
    }
  });

  it("deletes a video by public_id with its file; unknown ids are 404", async () => {
    const created = (await upload({}, { data: mp4Bytes() })).body;
    const deleted = await call(t.app, {
      method: "DELETE",
      url: "/api/video/",
      headers,
      payload: { public_id: created.public_id },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await t.app.inject({ method: "GET", url: created.url })).statusCode).toBe(404);
    const list = await call<Video[]>(t.app, { method: "GET", url: "/api/video" });
    expect(list.body.some((v) => v._id === created._id)).toBe(false);
    const again = await call<Answer>(t.app, {
      method: "DELETE",
      url: "/api/video/",
      headers,
      payload: { public_id: created.public_id },
    });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("Video not found.");
    const missing = await call<Answer>(t.app, {
      method: "DELETE",
      url: "/api/video/",
      headers,
      payload: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("public_id is required.");
    // Ids of any other shape (a NUL byte, SQL, a path) name no video: 404, never 500.
    for (const publicId of ["\u0000", "' or 1=1 --", "../../etc/passwd", "x".repeat(100)]) {
      const odd = await call<Answer>(t.app, {
        method: "DELETE",
        url: "/api/video",
        headers,
        payload: { public_id: publicId },
      });
      expect(odd.status).toBe(404);
      expect(odd.body.error).toBe("Video not found.");
    }
  });

  it("leaves no temporary file behind when the client aborts mid-upload", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const boundary = "----aborted";
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /api/video HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${headers.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\n` +
        `Content-Type: video/mp4\r\n\r\n`,
    );
    socket.write(mp4Bytes(300 * 1024));
    // The upload is under way: its bytes are landing in a temporary file.
    await expect.poll(async () => (await stored()).temp.length, { timeout: 5000 }).toBe(1);
    const before = (await stored()).videos;
    socket.destroy();
    await expect.poll(async () => (await stored()).temp, { timeout: 5000 }).toEqual([]);
    expect((await stored()).videos).toEqual(before);
    const list = await call<Video[]>(t.app, { method: "GET", url: "/api/video" });
    expect(list.body.every((video) => video.size !== 300 * 1024)).toBe(true);
  });

  it("removes temporary uploads left by a stopped server, never a live one", async () => {
    const fresh = await createTestApp();
    try {
      const incoming = path.join(fresh.config.mediaDir, ".incoming");
      await mkdir(incoming, { recursive: true });
      const stale = path.join(incoming, "left-by-a-crash");
      const live = path.join(incoming, "still-uploading");
      await writeFile(stale, "partial");
      await writeFile(live, "partial");
      const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
      await utimes(stale, twoHoursAgo, twoHoursAgo);
      const form = multipart({}, [
        { field: "video", filename: "a.mp4", contentType: "video/mp4", data: mp4Bytes() },
      ]);
      const uploaded = await fresh.app.inject({
        method: "POST",
        url: "/api/video",
        payload: form.payload,
        headers: { ...(await fresh.adminHeaders()), ...form.headers },
      });
      expect(uploaded.statusCode).toBe(201);
      expect(await readdir(incoming)).toEqual(["still-uploading"]);
    } finally {
      await fresh.close();
    }
  });

  it("documents the video routes in the OpenAPI description", async () => {
    const { body } = await call<{ paths: Record<string, Record<string, { tags?: string[] }>> }>(
      t.app,
      { method: "GET", url: "/api/openapi.json" },
    );
    const video = body.paths["/api/video"] ?? {};
    expect(Object.keys(video).sort()).toEqual(["delete", "get", "post"]);
    for (const operation of Object.values(video)) expect(operation.tags).toEqual(["videos"]);
  });

  it("is public to read and admin-only to upload and delete", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/video" })).status).toBe(200);
    const form = multipart({}, [
      { field: "video", filename: "a.mp4", contentType: "video/mp4", data: mp4Bytes() },
    ]);
    await expectAdminOnly(t, {
      method: "POST",
      url: "/api/video",
      payload: form.payload,
      headers: form.headers,
    });
    await expectAdminOnly(t, {
      method: "DELETE",
      url: "/api/video/",
      payload: { public_id: "portfolio-x" },
    });
    expect((await stored()).temp).toEqual([]);
  });
});
