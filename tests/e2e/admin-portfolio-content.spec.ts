import type { Locator, Page } from "@playwright/test";
import { mp4Bytes } from "../factories/images.ts";
import { adminToken, expect, expectNoAxeViolations, signIn, test } from "./fixtures.ts";
import { pngBytes, stamp } from "./fixtures/admin.ts";

// Portfolio videos as site content (issue 12): the back office sets each video's title and
// poster, hides and shows it and puts the videos in order; the home page's block follows.

interface StoredVideo {
  url: string;
  public_id: string;
  title: string;
  visible: boolean;
  poster: { src: string; alt: string } | null;
}

const portfolio = (page: Page) =>
  page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Videos We’ve Made" }) });

/** The titles the home page's block shows, in order. */
async function homeTitles(page: Page): Promise<string[]> {
  await page.goto("/");
  return portfolio(page).locator("figcaption").allTextContents();
}

async function storedVideos(page: Page): Promise<StoredVideo[]> {
  return (await (await page.request.get("/api/video")).json()) as StoredVideo[];
}

const videoFile = (name: string, buffer: Buffer) => ({
  name,
  mimeType: name.endsWith(".webm") ? "video/webm" : "video/mp4",
  buffer,
});

async function uploadThroughForm(
  page: Page,
  title: string,
  data: Buffer,
  name = "reel.mp4",
  youtubeURL = "",
) {
  const form = page.getByRole("region", { name: "Upload a video" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Youtube URL").fill(youtubeURL);
  await form.getByLabel("Video file").setInputFiles(videoFile(name, data));
  await form.getByRole("button", { name: "Upload Video" }).click();
  await expect(page.getByText("Video uploaded successfully!").first()).toBeVisible();
  // The notice of an earlier upload may still be up: wait for this one to be stored.
  let stored: StoredVideo | undefined;
  await expect
    .poll(async () => {
      stored = (await storedVideos(page)).find((video) => video.title === title);
      return stored;
    }, `the upload titled ${title}`)
    .toBeDefined();
  return stored!;
}

const rowOf = (page: Page, video: StoredVideo): Locator =>
  page.getByRole("row").filter({ hasText: video.url });

async function removeVideos(page: Page, videos: StoredVideo[]) {
  const headers = { authorization: `Bearer ${await adminToken(page.request)}` };
  for (const video of videos) {
    await page.request.delete("/api/video/", { headers, data: { public_id: video.public_id } });
  }
}

test("title, poster, visibility and order of the videos change the home page's portfolio", async ({
  page,
  portfolioToItself: _,
}) => {
  // Many steps and four loads of the home page: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const id = stamp();
  const first = `Restaurant promo ${id}`;
  const second = `Fashion lookbook ${id}`;
  const made: StoredVideo[] = [];
  let posterSrc: string | undefined;
  try {
    await signIn(page);
    await page.goto("/admin/portfolio");
    made.push(await uploadThroughForm(page, first, mp4Bytes()));
    made.push(await uploadThroughForm(page, second, mp4Bytes(80 * 1024)));
    const [a, b] = made as [StoredVideo, StoredVideo];
    // New uploads come first: the second above the first, both on the home page.
    let titles = await homeTitles(page);
    expect(titles).toContain(first);
    expect(titles.indexOf(second)).toBeLessThan(titles.indexOf(first));
    expect(titles).toHaveLength(6);

    // The title, edited in the list.
    await page.goto("/admin/portfolio");
    const renamed = `Restaurant promo, Lekki ${id}`;
    const titleBox = rowOf(page, a).getByRole("textbox", { name: /^Title/ });
    await expect(titleBox).toHaveValue(first);
    await titleBox.fill(renamed);
    await titleBox.press("Enter");
    await expect(page.getByText(`Title saved: “${renamed}”.`)).toBeVisible();

    // A poster: the alt text is required, the picture is uploaded with progress.
    const row = rowOf(page, a);
    await row.getByText("Add poster").click();
    await row.getByLabel("Poster image").setInputFiles({
      name: "poster.png",
      mimeType: "image/png",
      buffer: await pngBytes(1280, 720, "#f5a623"),
    });
    await row.getByLabel("Alt text").fill("");
    await row.getByRole("button", { name: "Save poster" }).click();
    await expect(row.getByRole("alert")).toHaveText(
      "Alt text is required: say what the poster shows.",
    );
    await expect(row.getByLabel("Alt text")).toBeFocused();
    await row.getByLabel("Alt text").fill("A chef plating jollof rice");
    await row.getByRole("button", { name: "Save poster" }).click();
    await expect(page.getByText(`Poster saved for “${renamed}”.`)).toBeVisible();
    await expect(row.getByRole("img", { name: "A chef plating jollof rice" })).toBeVisible();
    await expectNoAxeViolations(page);
    const withPoster = (await storedVideos(page)).find((v) => v.public_id === a.public_id)!;
    expect(withPoster.poster?.src).toMatch(/^\/media\/content\/[0-9a-f-]{36}\.png$/);
    posterSrc = withPoster.poster!.src;

    // Hidden: the back office still lists it, the home page does not show it.
    await row.getByRole("checkbox", { name: /^Visible/ }).uncheck();
    await expect(page.getByText(`“${renamed}” is hidden from the site.`)).toBeVisible();
    titles = await homeTitles(page);
    expect(titles).not.toContain(renamed);
    expect(titles).toContain(second);
    expect(titles).toHaveLength(6);

    // Shown again, with its title and poster (own origin).
    await page.goto("/admin/portfolio");
    await rowOf(page, a)
      .getByRole("checkbox", { name: /^Visible/ })
      .check();
    await expect(page.getByText(`“${renamed}” is shown on the site.`)).toBeVisible();
    titles = await homeTitles(page);
    expect(titles.indexOf(second)).toBeLessThan(titles.indexOf(renamed));
    const card = portfolio(page).getByRole("listitem").filter({ hasText: renamed });
    await expect(card.getByRole("img", { name: "A chef plating jollof rice" })).toHaveAttribute(
      "src",
      withPoster.poster!.src,
    );
    await expect(
      card.getByRole("link", { name: `Play ${renamed} (opens in a new tab)` }),
    ).toHaveAttribute("href", a.url);

    // The order, by keyboard: Move down on the second upload; focus stays on the button.
    await page.goto("/admin/portfolio");
    const moveDown = rowOf(page, b).getByRole("button", { name: `Move down video “${second}”` });
    await moveDown.focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByText(/^Moved “Fashion lookbook .*” to position \d+ of \d+\.$/),
    ).toBeAttached();
    await expect(moveDown).toBeFocused();
    await expect
      .poll(async () => {
        const ids = (await storedVideos(page)).map((video) => video.public_id);
        return ids.indexOf(a.public_id) < ids.indexOf(b.public_id);
      })
      .toBe(true);
    // The rows follow: the renamed video now comes before the other.
    const rowTexts = await page.getByRole("row").allTextContents();
    const at = (url: string) => rowTexts.findIndex((text) => text.includes(url));
    expect(at(a.url)).toBeLessThan(at(b.url));
    // And back up, with the Space key; then down again.
    const moveUp = rowOf(page, b).getByRole("button", { name: `Move up video “${second}”` });
    await moveUp.focus();
    await page.keyboard.press("Space");
    await expect(moveUp).toBeFocused();
    await expect
      .poll(async () => {
        const ids = (await storedVideos(page)).map((video) => video.public_id);
        return ids.indexOf(b.public_id) < ids.indexOf(a.public_id);
      })
      .toBe(true);
    await moveDown.focus();
    await page.keyboard.press("Enter");
    await expect(moveDown).toBeFocused();
    await expect
      .poll(async () => {
        const ids = (await storedVideos(page)).map((video) => video.public_id);
        return ids.indexOf(a.public_id) < ids.indexOf(b.public_id);
      })
      .toBe(true);

    titles = await homeTitles(page);
    expect(titles.indexOf(renamed)).toBeLessThan(titles.indexOf(second));
    expect(titles).toHaveLength(6);
  } finally {
    await removeVideos(page, made);
  }
  // The poster went with its video.
  if (posterSrc) expect((await page.request.get(posterSrc)).status()).toBe(404);
});

test("a still of the chosen video is previewed, uploaded as its poster and shown on the home page", async ({
  page,
  portfolioToItself: _,
}) => {
  test.setTimeout(120_000);
  const title = `Product launch reel ${stamp()}`;
  const made: StoredVideo[] = [];
  try {
    await signIn(page);
    await page.goto("/admin/portfolio");
    // A real, decodable WebM: one second of a drawn canvas, recorded by the browser itself.
    const webm = Buffer.from(
      await page.evaluate(async () => {
        const canvas = document.createElement("canvas");
        canvas.width = 320;
        canvas.height = 180;
        const context = canvas.getContext("2d")!;
        const stream = canvas.captureStream(25);
        const recorder = new MediaRecorder(stream, { mimeType: "video/webm" });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        const stopped = new Promise((resolve) => (recorder.onstop = resolve));
        recorder.start(100);
        const started = performance.now();
        await new Promise<void>((resolve) => {
          const frame = () => {
            const t = performance.now() - started;
            context.fillStyle = "#053685";
            context.fillRect(0, 0, 320, 180);
            context.fillStyle = "#f5a623";
            context.fillRect((t / 10) % 320, 60, 60, 60);
            if (t < 1200) requestAnimationFrame(frame);
            else resolve();
          };
          frame();
        });
        recorder.stop();
        await stopped;
        return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
      }),
    );
    const form = page.getByRole("region", { name: "Upload a video" });
    // A file the browser cannot decode: no still, and the staff are told what follows.
    await form.getByLabel("Video file").setInputFiles(videoFile("broken.mp4", mp4Bytes()));
    await expect(form.getByText("No still could be taken from this file")).toBeVisible();
    // The real video: its still is shown before the upload.
    await form.getByLabel("Video file").setInputFiles(videoFile("launch.webm", webm));
    const preview = form.getByRole("img", { name: "Poster taken from the video" });
    await expect(preview).toBeVisible({ timeout: 20_000 });
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    // A YouTube link too: its picture is still this still, never YouTube's thumbnail.
    const youtubeURL = "https://youtu.be/aqz-KE-bpKQ";
    made.push(await uploadThroughForm(page, title, webm, "launch.webm", youtubeURL));
    await expect(preview).toHaveCount(0);
    const row = rowOf(page, made[0]!);
    await expect(row.getByRole("img", { name: title })).toBeVisible({ timeout: 20_000 });
    const stored = (await storedVideos(page)).find((v) => v.public_id === made[0]!.public_id)!;
    expect(stored.poster).toMatchObject({
      alt: title,
      src: expect.stringMatching(/^\/media\/content\/[0-9a-f-]{36}\.webp$/),
    });
    const served = await page.request.get(stored.poster!.src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");

    // The home page shows that poster from this site, and links the play button to YouTube.
    await page.goto("/");
    const card = portfolio(page).getByRole("listitem").filter({ hasText: title });
    const picture = card.getByRole("img", { name: title });
    await expect(picture).toHaveAttribute("src", stored.poster!.src);
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      new RegExp(`^${new URL(page.url()).origin}/media/`),
    );
    await expect(card.getByRole("link")).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    );
  } finally {
    await removeVideos(page, made);
  }
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the video list fits the width and passes axe, the poster form open", async ({ page }) => {
    test.setTimeout(120_000);
    const title = `Fitness challenge ${stamp()}`;
    const made: StoredVideo[] = [];
    try {
      await signIn(page);
      await page.goto("/admin/portfolio");
      made.push(await uploadThroughForm(page, title, mp4Bytes()));
      const row = rowOf(page, made[0]!);
      // Without a poster the staff are told what the home page shows instead.
      await expect(
        row.getByText("Add a poster, or the home page shows a built-in picture."),
      ).toBeVisible();
      await row.getByText("Add poster").click();
      await expect(row.getByLabel("Alt text")).toHaveValue(title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      await expectNoAxeViolations(page);
    } finally {
      await removeVideos(page, made);
    }
  });
});
