// Hostile bodies against the production server: what a 300 MB page-form post and a 2 GB
// video upload cost it (status, time to the answer, how much the client got to send, the
// server's RSS and peak RSS), and how /api/health answers while four 100 MB posts arrive.
//   node bench/hostile-input.mjs
import { readFileSync } from "node:fs";
import { sendBody } from "../tests/support/raw-http.ts";
import { createAdmin } from "../tests/support/server-process.ts";
import { startServer } from "./server.mjs";

const MB = 1024 * 1024;

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
  for (const [name, url, options] of cases) {
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
  console.table(rows);
} finally {
  await server.stop();
}
