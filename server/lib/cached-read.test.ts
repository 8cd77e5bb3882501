import pino from "pino";
import { describe, expect, it } from "vitest";
import { DatabaseUnavailable } from "../db/availability.ts";
import { cachedRead } from "./cached-read.ts";
import { createChangeFeed } from "./changes.ts";

/** A read that counts its calls and answers what `value` holds when it is called. */
function countedRead(value: { current: string }) {
  const read = { calls: 0, fn: async () => (read.calls++, value.current) };
  return read;
}

describe("cachedRead", () => {
  it("reads once until a write is heard, then reads again", async () => {
    const changes = createChangeFeed(pino({ enabled: false }));
    const value = { current: "a" };
    const read = countedRead(value);
    const cached = cachedRead(changes, read.fn);
    expect(await cached()).toBe("a");
    value.current = "b";
    expect(await cached()).toBe("a");
    expect(read.calls).toBe(1);
    changes.publish("prices");
    expect(await cached()).toBe("b");
    expect(read.calls).toBe(2);
  });

  it("does not keep a read that started before a write", async () => {
    const changes = createChangeFeed(pino({ enabled: false }));
    const value = { current: "old" };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const cached = cachedRead(changes, async () => {
      calls++;
      const seen = value.current;
      if (calls === 1) await gate;
      return seen;
    });
    const first = cached();
    value.current = "new";
    changes.publish("videos");
    release();
    expect(await first).toBe("old");
    expect(await cached()).toBe("new");
    expect(calls).toBe(2);
  });

  it("reads again after maxAgeMs without a write, and after a failed read (not hidden by the last value)", async () => {
    const changes = createChangeFeed(pino({ enabled: false }));
    let calls = 0;
    const cached = cachedRead(
      changes,
      async () => {
        calls++;
        if (calls === 2) throw new Error("database away");
        return calls;
      },
      20,
    );
    expect(await cached()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await expect(cached()).rejects.toThrow("database away");
    expect(await cached()).toBe(3);
  });

  it("answers the last value while the database is unavailable, never one from before a write", async () => {
    const changes = createChangeFeed(pino({ enabled: false }));
    let down = false;
    let calls = 0;
    // maxAgeMs 0: every call reads, as after the five seconds of an outage.
    const cached = cachedRead(
      changes,
      async () => {
        calls++;
        if (down) throw new DatabaseUnavailable("unreachable", new Error("ECONNREFUSED"));
        return calls;
      },
      0,
    );
    expect(await cached()).toBe(1);
    down = true;
    expect(await cached()).toBe(1);
    expect(await cached()).toBe(1);
    expect(calls).toBe(3);
    changes.publish("prices");
    await expect(cached()).rejects.toBeInstanceOf(DatabaseUnavailable);
    down = false;
    expect(await cached()).toBe(5);
  });
});
