import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Long work on the one thread, in slices (issue 46: a CSV import held every request for
 * 11.8 s). Call `breathe()` often: once `sliceMs` of work has gone by since the last break,
 * it waits for the event loop's next turn, so the requests that arrived meanwhile are
 * answered before the work goes on; otherwise it returns at once.
 */
export function timeSlices(sliceMs = 10) {
  let started = performance.now();
  return {
    async breathe(): Promise<void> {
      if (performance.now() - started < sliceMs) return;
      await nextTurn();
      started = performance.now();
    },
    /** A break now, whatever the time (between two database transactions). */
    async rest(): Promise<void> {
      await nextTurn();
      started = performance.now();
    },
  };
}
