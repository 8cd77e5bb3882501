/**
 * The V8 settings the server is started with (`npm start`, the systemd unit of
 * docs/deploy.md, the tests' and benchmarks' server processes). They belong on node's
 * command line: V8 reads them when it sets up the heap (v8.setFlagsFromString later does not
 * resize it), and node refuses the minimum in NODE_OPTIONS.
 *
 * The young generation is held at two semi-spaces of 16 MB. Every answer leaves a few KB of
 * short-lived objects. On its own, V8 starts it at 1 MB and grows it to 128 MB under load:
 * - some starts of the same build kept it small and collected it far too often;
 * - a process that had been under heavy load kept it large, beyond what the CPU's caches hold.
 * Either way, cheap answers cost up to a quarter more (docs/decisions/0020).
 *
 * No allocation-site pretenuring: when the objects made at one place in the code survive a
 * scavenge, V8 starts making them in the old generation, which only a full mark-compact
 * clears. Early in a long export (the rows of a batch outlive a scavenge or two) it did so
 * for the rows and the CSV text: the heap filled with 220 MB of dead rows between two
 * mark-compacts, and the export of 1,000,000 enquiries grew the server by 215 MB. Without
 * it, by 35 MB (`--trace-gc`, 2026-11-27). Answers made of short-lived objects lose nothing:
 * `npm run bench -- --only load` gave the same ratios with and without it.
 */
export const NODE_FLAGS = [
  "--min-semi-space-size=16",
  "--max-semi-space-size=16",
  "--no-allocation-site-pretenuring",
] as const;
