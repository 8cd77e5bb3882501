import type { Page } from "@playwright/test";
import { mp4Bytes } from "../factories/images.ts";
import { expect, signIn, test } from "./fixtures.ts";

// Portfolio videos: a real upload with progress, the spec's messages, delete.

const EIGHT_MB = 8 * 1024 * 1024;

/**
 * Limits the page's uplink to `bytesPerSecond` (Chromium's network emulation), so an upload
 * is seen on its way; the returned function lifts the limit.
 */
async function slowUplink(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const uplink = (uploadThroughput: number) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await uplink(bytesPerSecond);
  return async () => void (await uplink(-1));
}

test("upload an 8 MB video and watch the progress reach 100 %, then delete it", async ({
  page,
  portfolioToItself: _,
}) => {
  await signIn(page);
  await page.goto("/admin/portfolio");
  await expect(page.getByLabel("Video file")).toHaveAttribute("accept", "video/*");
  await page.getByRole("button", { name: "Upload Video" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please select a video file to upload.");

  await page.getByLabel("Youtube URL").fill("https://youtu.be/dQw4w9WgXcQ");
  await page.getByLabel("Video file").setInputFiles({
    name: "reel.mp4",
    mimeType: "video/mp4",
    buffer: mp4Bytes(EIGHT_MB),
  });
  // A slow uplink, so the bar is seen on its way.
  const fullSpeed = await slowUplink(page, 4 * 1024 * 1024);
  const fractions: number[] = [];
  await page.exposeFunction("reportProgress", (value: number) => fractions.push(value));
  await page.evaluate(() => {
    new MutationObserver(() => {
      const bar = document.querySelector("progress");
      if (bar)
        (window as unknown as { reportProgress(v: number): void }).reportProgress(
          bar.value / bar.max,
        );
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await page.getByRole("button", { name: "Upload Video" }).click();
  await expect(page.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await expect(page.getByText(/ of 8\.0 MB$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel upload" })).toBeVisible();
  await expect(page.getByText("Video uploaded successfully!")).toBeVisible({ timeout: 30_000 });
  await fullSpeed();
  await expect(page.getByText("Upload complete: 100%")).toBeVisible();
  await expect(page.getByText("8.0 MB of 8.0 MB")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel upload" })).toHaveCount(0);
  expect(Math.max(...fractions)).toBe(1);
  expect(fractions.some((fraction) => fraction > 0 && fraction < 1)).toBe(true);
  // The form is emptied for the next one.
  await expect(page.getByLabel("Youtube URL")).toHaveValue("");

  const list = (await (await page.request.get("/api/video")).json()) as {
    url: string;
    size: number;
    youtubeURL: string;
  }[];
  const stored = list.find((video) => video.size === EIGHT_MB);
  expect(stored).toMatchObject({ youtubeURL: "https://youtu.be/dQw4w9WgXcQ" });
  const row = page.getByRole("row", { name: new RegExp(stored!.url) });
  await expect(row).toContainText("https://youtu.be/dQw4w9WgXcQ");
  await expect(row).toContainText("8.0 MB");
  await expect((await page.request.get(stored!.url)).status()).toBe(200);

  await row.getByRole("button", { name: /Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this video?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Video deleted successfully!")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(stored!.url) })).toHaveCount(0);
  expect((await page.request.get(stored!.url)).status()).toBe(404);
});

test("a cancelled upload stores nothing; a file that is not a video shows the server's reason", async ({
  page,
  allowConsoleErrors,
}) => {
  await signIn(page);
  await page.goto("/admin/portfolio");
  // Its own size, so a video another test uploads meanwhile is not mistaken for it.
  const size = EIGHT_MB + 4321;
  const storedWithSize = async () =>
    ((await (await page.request.get("/api/video")).json()) as { size: number }[]).filter(
      (video) => video.size === size,
    );
  await page.getByLabel("Video file").setInputFiles({
    name: "big.mp4",
    mimeType: "video/mp4",
    buffer: mp4Bytes(size),
  });
  const fullSpeed = await slowUplink(page, 512 * 1024);
  await page.getByRole("button", { name: "Upload Video" }).click();
  await page.getByRole("button", { name: "Cancel upload" }).click();
  await expect(page.getByText("Upload cancelled. Nothing was saved.")).toBeVisible();
  await fullSpeed();
  await expect(page.getByRole("button", { name: "Upload Video" })).toBeEnabled();
  expect(await storedWithSize()).toEqual([]);

  await page.getByLabel("Video file").setInputFiles({
    name: "notes.mp4",
    mimeType: "video/mp4",
    buffer: Buffer.from("These are plain words, not a video at all.".repeat(50)),
  });
  await page.getByRole("button", { name: "Upload Video" }).click();
  // The server's own reason (415), not the generic fallback.
  await expect(page.getByRole("alert")).toHaveText(
    "The video must be an MP4, WebM or QuickTime (.mov) file.",
  );
  allowConsoleErrors(/status of 415/);
});

test("the video list shows the server's error, or 'Failed to fetch videos.' without an answer", async ({
  page,
  allowConsoleErrors,
}) => {
  await signIn(page);
  await page.route("**/api/video", (route) =>
    route.request().method() === "GET"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: "Storage is offline." }),
        })
      : route.continue(),
  );
  await page.goto("/admin/portfolio");
  const uploaded = page.getByRole("region", { name: "Uploaded videos" });
  await expect(uploaded.getByRole("alert")).toHaveText("Storage is offline.");
  await page.unroute("**/api/video");
  await page.route("**/api/video", (route) => route.abort("connectionrefused"));
  await page.reload();
  await expect(uploaded.getByRole("alert")).toHaveText("Failed to fetch videos.");
  allowConsoleErrors(/Failed to load resource/);
});
