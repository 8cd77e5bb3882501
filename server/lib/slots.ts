/**
 * At most `size` holders at once: `take()` resolves at once while a slot is free, else when
 * one is given back, first come first served. Every `take()` must be followed by one
 * `give()`.
 */
export class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError("Slots need a size of 1 or more");
    this.#free = size;
  }

  /** How many wait for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  take(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}
