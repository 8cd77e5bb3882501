/** Debian's Chromium (never a downloaded browser), for the browser tests and the benchmarks. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Headless flags for this network: no sandbox (root), no GPU, and no look-ups of outside
 * hosts, which the network refuses.
 */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
];
