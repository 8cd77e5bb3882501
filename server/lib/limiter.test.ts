import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter.ts";

class Busy extends Error {}

/** A task that runs until its `finish()` is called. */
function gatedTask() {
  const gate = Promise.withResolvers<void>();
  let started = false;
  return {
    task: () => {
      started = true;
      return gate.promise;
    },
    get started() {
      return started;
    },
    finish: () => gate.resolve(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("createLimiter", () => {
  it("runs at most `concurrency` tasks, queues `maxWaiting`, refuses the rest at once", async () => {
    const limiter = createLimiter({ concurrency: 2, maxWaiting: 3, busy: () => new Busy() });
    const tasks = Array.from({ length: 7 }, gatedTask);
    const runs = tasks.map((t) =>
      limiter.run(t.task).then(
        () => "done" as const,
        (e) => e,
      ),
    );
    await tick();
    expect(tasks.map((t) => t.started)).toEqual([true, true, false, false, false, false, false]);
    expect(limiter.running).toBe(2);
    expect(limiter.waiting).toBe(3);
    // The sixth and seventh are refused without being started.
    expect(await runs[5]).toBeInstanceOf(Busy);
    expect(await runs[6]).toBeInstanceOf(Busy);

    // First come, first served: each finished task hands its slot to the next in line.
    tasks[1]!.finish();
    await tick();
    expect(tasks.map((t) => t.started)).toEqual([true, true, true, false, false, false, false]);
    expect(limiter.running).toBe(2);
    expect(limiter.waiting).toBe(2);
    for (const t of tasks) t.finish();
    expect(await Promise.all(runs.slice(0, 5))).toEqual(["done", "done", "done", "done", "done"]);
    expect(limiter.running).toBe(0);
    expect(limiter.waiting).toBe(0);
    expect(limiter.peak).toBe(2);
  });

  it("frees the slot of a task that fails, and passes its error on", async () => {
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 0, busy: () => new Busy() });
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(
      limiter.run(() => {
        throw new Error("thrown before any promise");
      }),
    ).rejects.toThrow("thrown before any promise");
    expect(limiter.running).toBe(0);
    expect(await limiter.run(async () => 42)).toBe(42);
  });

  it("takes new work again once the queue has drained", async () => {
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 1, busy: () => new Busy() });
    const first = gatedTask();
    const second = gatedTask();
    const a = limiter.run(first.task);
    const b = limiter.run(second.task);
    await expect(limiter.run(async () => "refused?")).rejects.toBeInstanceOf(Busy);
    first.finish();
    second.finish();
    await Promise.all([a, b]);
    expect(await limiter.run(async () => "accepted")).toBe("accepted");
  });
});
