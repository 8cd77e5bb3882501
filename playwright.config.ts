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
    // Here a failed test keeps its trace (actions, DOM snapshots, console, network) and a
    // screenshot; the trace's film strip is left out: encoding frames of every page all the
    // time costs CPU the two cores need for the browser and the server. In CI no trace is
    // recorded: nobody can open one there (a run keeps only what it printed), and recording
    // every test's DOM at every step cost 10 % of the run (110 -> 100 s on five specs).
    // A test that fails in CI is run again here, with its trace.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
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
