// Lighthouse on a slow host made out of this one: every thread of the Chromium it drives is
// held to `--core` of a CPU core (a CPU cgroup of its own per thread, cgroup v1, quota over a
// 10 ms period), so its cores are that much slower, as on the slow hosts of issue 31
// (Lighthouse's CPU index about 1,000–1,300 where this machine says 2,000+). Lighthouse's
// own CPU index of each run reports how slow the host was; the server and Lighthouse itself
// run at full speed, as they only feed the browser.
//   node bench/slow-host.mjs [--core 0.5] [--runs 5] [--main-only] [--url U] [paths…]
// --main-only holds only each renderer's main thread (where the index is measured), leaving
// the compositor, raster, network and browser threads at full speed.
// Needs root and the cgroup v1 CPU controller at /sys/fs/cgroup/cpu (cpu.cfs_quota_us), as
// on this project's machines; it says so and stops elsewhere.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { lighthouseMedians, printLighthouse } from "./lighthouse.mjs";
import { serverAt } from "./server.mjs";

const CPU_CGROUP = "/sys/fs/cgroup/cpu";
const PERIOD_US = 10_000;

/** Whether this machine can hold threads to a share of a core (root, cgroup v1 CPU quota). */
export const slowHostAvailable = () =>
  existsSync(path.join(CPU_CGROUP, "cpu.cfs_quota_us")) && process.getuid?.() === 0;

/** The processes below `root` (its children, theirs, …), from /proc. */
function descendants(root) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the name may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const threadsOf = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
};

const isRenderer = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer");
  } catch {
    return false;
  }
};

/**
 * Holds every thread of this process's child processes (the browser Lighthouse drives) to
 * `core` of a core, from now until the answer's `stop()`, checking for new ones every 10 ms.
 */
export function slowDownChildren(core, { mainOnly = false } = {}) {
  if (!slowHostAvailable()) {
    throw new Error(
      `holding the browser's threads needs root and the cgroup v1 CPU controller at ${CPU_CGROUP}`,
    );
  }
  const root = path.join(CPU_CGROUP, `agency-slow-host-${process.pid}`);
  mkdirSync(root);
  const quota = String(Math.round(core * PERIOD_US));
  const held = new Set();
  const hold = (tid) => {
    const group = path.join(root, `t${tid}`);
    try {
      mkdirSync(group);
      writeFileSync(path.join(group, "cpu.cfs_period_us"), String(PERIOD_US));
      writeFileSync(path.join(group, "cpu.cfs_quota_us"), quota);
      writeFileSync(path.join(group, "tasks"), String(tid));
    } catch {
      // the thread ended meanwhile
    }
  };
  const sweep = () => {
    for (const pid of descendants(process.pid)) {
      // A renderer's main thread has the process's own id.
      const threads = mainOnly ? (isRenderer(pid) ? [pid] : []) : threadsOf(pid);
      for (const tid of threads) {
        if (held.has(tid)) continue;
        held.add(tid);
        hold(tid);
      }
    }
  };
  sweep();
  const timer = setInterval(sweep, 10);
  return {
    stop() {
      clearInterval(timer);
      for (const group of readdirSync(root, { withFileTypes: true })) {
        if (!group.isDirectory()) continue;
        const dir = path.join(root, group.name);
        // A thread still running goes back to the top group, then its own can go.
        for (const tid of readFileSync(path.join(dir, "tasks"), "utf8").split("\n")) {
          if (tid) writeFileSync(path.join(CPU_CGROUP, "tasks"), tid);
        }
        rmdirSync(dir);
      }
      rmdirSync(root);
    },
  };
}

/**
 * `lighthouseMedians` (bench/lighthouse.mjs) with every thread of the browser held to `core`
 * of a core (or only the renderers' main threads with `mainOnly`).
 */
export async function slowHostMedians(url, { core = 0.5, runs = 5, pages, mainOnly = false } = {}) {
  const slow = slowDownChildren(core, { mainOnly });
  try {
    return await lighthouseMedians(url, { runs, pages });
  } finally {
    slow.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      core: { type: "string", default: "0.5" },
      runs: { type: "string", default: "5" },
      "main-only": { type: "boolean", default: false },
      url: { type: "string" },
    },
  });
  const core = Number(values.core);
  if (!(core > 0 && core <= 1)) {
    throw new Error("--core is a share of one core, above 0 and at most 1");
  }
  const runs = Number(values.runs);
  const mainOnly = values["main-only"];
  const server = await serverAt(values.url);
  try {
    const pages = positionals.length ? positionals : undefined;
    const rows = await slowHostMedians(server.url, { core, runs, pages, mainOnly });
    console.log(
      `Each browser thread${mainOnly ? " (renderers' main threads only)" : ""} held to ${core} of a core:`,
    );
    printLighthouse(rows, runs);
  } finally {
    await server.stop();
  }
}
