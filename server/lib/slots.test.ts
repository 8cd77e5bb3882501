import { describe, expect, it } from "vitest";
import { Slots } from "./slots.ts";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("Slots", () => {
  it("lets `size` holders in at once and the others in turn, first come first served", async () => {
    const slots = new Slots(2);
    const order: number[] = [];
    let holding = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = Array.from({ length: 5 }, async (_, i) => {
      await slots.take();
      holding++;
      most = Math.max(most, holding);
      order.push(i);
      await new Promise<void>((resolve) => releases.push(resolve));
      holding--;
      slots.give();
    });
    await tick();
    expect(order).toEqual([0, 1]);
    expect(slots.waiting).toBe(3);
    while (releases.length > 0) {
      releases.shift()!();
      await tick();
    }
    await Promise.all(work);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(slots.waiting).toBe(0);
    // All slots are free again.
    await Promise.all([slots.take(), slots.take()]);
  });

  it("refuses a size below one", () => {
    expect(() => new Slots(0)).toThrow(RangeError);
  });
});
