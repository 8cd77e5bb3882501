// The peak memory of a server process (its RSS), for benchmarks that watch one call or job.
import { readFileSync, writeFileSync } from "node:fs";

const KB = 1024;
const statusOf = (pid) => readFileSync(`/proc/${pid}/status`, "utf8");
/** A "VmRSS:   1234 kB" field of /proc/<pid>/status, in bytes. */
export const kBField = (status, name) =>
  Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * KB;

/** Watches the peak RSS of `pid` from now on; `stop()` answers { before, peak } in bytes. */
export function watchMemory(pid) {
  const before = kBField(statusOf(pid), "VmRSS");
  let resettable = true;
  try {
    // "5" resets the peak (VmHWM) to the current RSS: the peak afterwards is this call's.
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    resettable = false;
  }
  let sampled = before;
  const sampler = setInterval(() => {
    try {
      sampled = Math.max(sampled, kBField(statusOf(pid), "VmRSS"));
    } catch {
      // the process is gone
    }
  }, 10);
  return {
    stop() {
      clearInterval(sampler);
      let peak = sampled;
      try {
        const status = statusOf(pid);
        peak = Math.max(peak, kBField(status, "VmRSS"));
        if (resettable) peak = Math.max(peak, kBField(status, "VmHWM"));
      } catch {
        // the process is gone
      }
      return { before, peak };
    },
  };
}
