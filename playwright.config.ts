import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium.ts";

const browser = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
};
const SLOW_CPU = /slow-cpu\.spec\.ts$/;

// The global setup builds the site, starts it on a free port with a fresh database and
// puts the address into E2E_BASE_URL; workers read it when they load this file again.
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace (actions, DOM snapshots, console, network) and a
    // screenshot; the trace's film strip is left out: encoding frames of every page all the
    // time costs CPU the two cores need for the browser and the server.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    viewport: { width: 1280, height: 800 },
  },
  projects: [
    { name: "chromium", use: browser, testIgnore: SLOW_CPU },
    // The check of long tasks on a throttled CPU runs alone, after every other test: beside
    // another test, on two cores, it would measure the machine (docs/decisions/0039).
    { name: "slow-cpu", use: browser, testMatch: SLOW_CPU, dependencies: ["chromium"] },
  ],
});
