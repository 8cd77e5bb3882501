// One load target side by side with the hello-world, as `npm run bench` measures it, over
// several fresh starts of both servers: how much a figure depends on the process itself.
//   node bench/side-by-side.mjs /assets/root-….js [--starts 6] [--rounds 3] [--auth] [--renders 20]
// Each start: the site (fresh database) and bench/hello.mjs on core 0, both loaded at once
// (25 connections each, 1 s warm-up, then `rounds` × 4 s) from core 1; prints the target's
// answers per CPU second over the hello-world's, per round and in all (docs/decisions/0018).
// --auth sends `Authorization`, which no stored answer serves (a render of every request).
// --renders N: first renders each page of the Lighthouse set N times (bypassing the render
// cache), as a process that has served visitors has: cheap answers are slower after that.
import { parseArgs } from "node:util";
import { benchPages } from "./lighthouse.mjs";
import { perCpu, pinning, settle, sideBySide, startHello } from "./load.mjs";
import { ensureBuild, startServer } from "./server.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    starts: { type: "string", default: "6" },
    rounds: { type: "string", default: "3" },
    auth: { type: "boolean", default: false },
    renders: { type: "string", default: "0" },
  },
});
const path = positionals[0] ?? "/";
const pins = pinning();
if (!pins) throw new Error("needs taskset and two cores");
const encodings = { "accept-encoding": "gzip, deflate, br" };
const headers = values.auth ? { ...encodings, authorization: "Bearer bench" } : encodings;

ensureBuild();
console.log(
  `${path}: ${values.starts} starts, ${values.rounds} × 4 s side by side each` +
    (Number(values.renders) > 0 ? `, after ${values.renders} renders of each page` : ""),
);
for (let start = 1; start <= Number(values.starts); start++) {
  const server = await startServer({ build: false, cpu: pins.server });
  const hello = await startHello(pins.server);
  try {
    const renders = Number(values.renders);
    const pages = renders > 0 ? await benchPages(server.url) : [];
    const render = { ...encodings, authorization: "Bearer bench" };
    for (let i = 0; i < renders; i++) {
      for (const page of pages)
        await (await fetch(`${server.url}${page}`, { headers: render })).text();
    }
    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}${path}`, { headers })).text();
    await settle(`${server.url}/api/health`);
    const rounds = await sideBySide(
      [
        { url: `${hello.url}/`, pid: hello.pid, headers: encodings, connections: 25 },
        { url: `${server.url}${path}`, pid: server.pid, headers, connections: 25 },
      ],
      { rounds: Number(values.rounds), seconds: 4 },
      pins.client,
    );
    const ratio = (runs) => perCpu(runs, 1) / perCpu(runs, 0);
    console.log(
      `  start ${start}: ${ratio(rounds).toFixed(3)} (rounds ${rounds
        .map((round) => ratio([round]).toFixed(2))
        .join(" ")}); per CPU second: hello ${Math.round(perCpu(rounds, 0))}, ` +
        `target ${Math.round(perCpu(rounds, 1))}`,
    );
  } finally {
    await hello.stop();
    await server.stop();
  }
}
