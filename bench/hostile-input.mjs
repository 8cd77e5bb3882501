// Hostile bodies against the production server: what a 300 MB page-form post and a 2 GB
// video upload cost it (status, time to the answer, how much the client got to send, the
// server's RSS and peak RSS), how /api/health answers while four 100 MB posts arrive, and
// how long an uncached / takes while sixteen 40-megapixel pictures of 100 KB are uploaded
// at once (issue 27: they take turns, one core at most), and what a compression bomb costs:
// 165 bytes of Brotli that inflate to 100 MB, posted to a page form and to the API, alone
// and three at once with /api/health asked meanwhile (issue 46: refused unread, 415).
//   node bench/hostile-input.mjs [--pictures-only]
import { readFileSync } from "node:fs";
import { brotliCompressSync, constants as zlibConstants, crc32, deflateSync } from "node:zlib";
import { sendBody } from "../tests/support/raw-http.ts";
import { createAdmin } from "../tests/support/server-process.ts";
import { startServer } from "./server.mjs";

const MB = 1024 * 1024;

/** A PNG of `width` × `height` RGB pixels, all black: a few KB per megapixel. */
function flatPng(width, height) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const server = await startServer();
const memory = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const field = (name) =>
    Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)[1]) / 1024);
  return { rssMB: field("VmRSS"), peakMB: field("VmHWM") };
};

try {
  const { email, password } = createAdmin(server.env, "bench@example.com");
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { token } = await login.json();
  const admin = { authorization: `Bearer ${token}` };
  const form = { "content-type": "application/x-www-form-urlencoded", origin: server.url };
  const video = { ...admin, "content-type": "multipart/form-data; boundary=xyz" };
  const videoPart =
    '--xyz\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\n' +
    "Content-Type: video/mp4\r\n\r\n";

  const cases = [
    [
      "300 MB page form, Content-Length",
      `${server.url}/?index`,
      { headers: form, bodyBytes: 300 * MB },
    ],
    [
      "300 MB page form, chunked",
      `${server.url}/contact`,
      { headers: form, bodyBytes: 300 * MB, chunked: true },
    ],
    [
      "2 GB video, Content-Length",
      `${server.url}/api/video`,
      { headers: video, bodyBytes: 2048 * MB },
    ],
    [
      "2 GB video, chunked",
      `${server.url}/api/video`,
      { headers: video, bodyBytes: 2048 * MB, chunked: true, prefix: videoPart },
    ],
    [
      "2 GB video, no token, chunked",
      `${server.url}/api/video`,
      { headers: { "content-type": video["content-type"] }, bodyBytes: 2048 * MB, chunked: true },
    ],
  ];
  const rows = [];
  const idle = memory();
  rows.push({ case: "idle", ...idle });
  const picturesOnly = process.argv.includes("--pictures-only");
  // 100 MB of one form field in 165 bytes (Brotli quality 5).
  const brotliBomb = brotliCompressSync(Buffer.alloc(100 * MB, "a"), {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
  });
  const postBomb = async (url, type) => {
    const start = performance.now();
    const answer = await fetch(url, {
      method: "POST",
      headers: { "content-type": type, "content-encoding": "br", origin: server.url },
      body: brotliBomb,
    });
    await answer.arrayBuffer();
    return { status: answer.status, ms: performance.now() - start };
  };
  if (!picturesOnly) {
    for (const [name, url, type] of [
      ["100 MB in 165 B of Brotli, page form", `${server.url}/contact`, form["content-type"]],
      ["100 MB in 165 B of Brotli, /api/contact", `${server.url}/api/contact`, "application/json"],
    ]) {
      const answer = await postBomb(url, type);
      await new Promise((resolve) => setTimeout(resolve, 500));
      rows.push({
        case: name,
        status: answer.status,
        answerMs: Math.round(answer.ms),
        ...memory(),
      });
    }
  }
  for (const [name, url, options] of picturesOnly ? [] : cases) {
    const answer = await sendBody(url, options);
    await new Promise((resolve) => setTimeout(resolve, 500));
    rows.push({
      case: name,
      status: answer.status,
      answerMs: Math.round(answer.ms),
      sentBeforeAnswerMB: Math.round((answer.sentBeforeAnswer / MB) * 10) / 10,
      closed: answer.closed,
      ...memory(),
    });
  }

  // /api/health while four 100 MB page forms arrive at once.
  const health = async () => {
    const start = performance.now();
    await fetch(`${server.url}/api/health`);
    return performance.now() - start;
  };
  // An uncached render of / (a new query each time) before and while 16 pictures of
  // 6,000 × 6,600 pixels (all one colour: 117 KB of PNG, 40 MP of decoding) are uploaded.
  const uncachedHome = async (n) => {
    const start = performance.now();
    const answer = await fetch(`${server.url}/?uncached=${n}`);
    await answer.arrayBuffer();
    return performance.now() - start;
  };
  const quiet = [];
  for (let i = 0; i < 5; i++) quiet.push(await uncachedHome(`quiet-${i}`));
  const bomb = flatPng(6000, 6600);
  const uploads = Array.from({ length: 16 }, () => {
    const body = new FormData();
    body.append("image", new Blob([bomb], { type: "image/png" }), "bomb.png");
    const start = performance.now();
    return fetch(`${server.url}/api/content-images`, { method: "POST", headers: admin, body }).then(
      async (answer) => ({
        status: answer.status,
        ms: performance.now() - start,
        ...(await answer.json()),
      }),
    );
  });
  const loaded = [];
  const settled = Promise.all(uploads);
  let done = false;
  void settled.then(() => (done = true));
  for (let i = 0; !done && i < 200; i++) loaded.push(await uncachedHome(`busy-${i}`));
  const answers = await settled;
  const statuses = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  rows.push({
    case: `/ uncached, quiet (${quiet.length})`,
    medianMs: Math.round(median(quiet)),
    maxMs: Math.round(Math.max(...quiet)),
    ...memory(),
  });
  rows.push({
    case: `/ uncached, 16 × 40 MP pictures (${loaded.length})`,
    medianMs: Math.round(median(loaded)),
    maxMs: Math.round(Math.max(...loaded)),
    uploads: JSON.stringify(statuses),
    uploadMaxMs: Math.round(Math.max(...answers.map((answer) => answer.ms))),
    ...memory(),
  });
  if (!picturesOnly) {
    const posts = Array.from({ length: 4 }, () =>
      sendBody(`${server.url}/?index`, { headers: form, bodyBytes: 100 * MB, chunked: true }),
    );
    const during = [];
    for (let i = 0; i < 10; i++) during.push(await health());
    await Promise.all(posts);
    rows.push({
      case: "4 × 100 MB page forms at once",
      healthMaxMs: Math.round(Math.max(...during)),
      ...memory(),
    });
    // Three Brotli bombs to page forms at once, /api/health asked while they are answered.
    const bombs = Array.from({ length: 3 }, () =>
      postBomb(`${server.url}/?index`, form["content-type"]),
    );
    const beside = [];
    for (let i = 0; i < 10; i++) beside.push(await health());
    const bombed = await Promise.all(bombs);
    rows.push({
      case: "3 × Brotli bombs to / at once",
      status: [...new Set(bombed.map((answer) => answer.status))].join(),
      answerMs: Math.round(Math.max(...bombed.map((answer) => answer.ms))),
      healthMaxMs: Math.round(Math.max(...beside)),
      ...memory(),
    });
  }
  console.table(rows);
} finally {
  await server.stop();
}
