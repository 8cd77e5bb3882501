import { expect, test } from "./fixtures.ts";
import { adminApi, pngBytes, stamp } from "./fixtures/admin.ts";

// A post written with every kind of formatting (decision 0032), read on its public page: the
// blocks, the inline formatting, an uploaded picture inside the text and a YouTube line that
// loads nothing from YouTube before its click.

test("a post's formatting, inline picture and video on its public page", async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(page.request);
  const uploaded = await api.multipart("/api/admin/media", {
    image: { name: "team.png", mimeType: "image/png", buffer: await pngBytes(1200, 600) },
  });
  expect(uploaded.status()).toBe(201);
  const { src } = (await uploaded.json()) as { src: string };
  const title = `Formatted post ${stamp()}`;
  const created = await api.multipart("/api/blogs", {
    title,
    bg: "#ffffff",
    content: [
      "# A **strong** heading",
      "Read [our guide](https://example.com/guide), with **bold** and *italic* words.",
      "* A bullet",
      "1. First step\n2. Second step",
      "> Quoted words",
      `![Our team at work](${src})`,
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    ].join("\n"),
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { _id: string };
  try {
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    page.on("request", (sent) => {
      if (new URL(sent.url()).origin !== origin) foreign.push(sent.url());
    });
    await page.goto(`/blog/${post._id}`);
    const body = page.locator("article .space-y-5");
    await expect(body.getByRole("heading", { name: "A strong heading" })).toBeVisible();
    await expect(body.locator("h2 strong")).toHaveText("strong");
    const link = body.getByRole("link", { name: "our guide" });
    await expect(link).toHaveAttribute("href", "https://example.com/guide");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(body.locator("p strong")).toHaveText("bold");
    await expect(body.locator("p em")).toHaveText("italic");
    await expect(body.locator("ul > li")).toHaveText(["A bullet"]);
    await expect(body.locator("ol > li")).toHaveText(["First step", "Second step"]);
    await expect(body.locator("blockquote")).toHaveText("Quoted words");
    const picture = body.getByRole("img", { name: "Our team at work" });
    await expect(picture).toHaveAttribute("srcset", /-480\.webp 480w, .*-960\.webp 960w/);
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const play = body.getByRole("link", { name: "Play the video on YouTube (opens in a new tab)" });
    await expect(play).toHaveAttribute("href", "https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    await page.waitForLoadState("networkidle");
    expect(foreign).toEqual([]);
  } finally {
    expect((await api.delete(`/api/blogs/${post._id}`)).ok()).toBe(true);
  }
});
