import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium.ts";

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
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
});
