import { mp4Bytes } from "../factories/images.ts";
import { adminToken, expect, test } from "./fixtures.ts";
import { publicPaths } from "./public-paths.ts";

// No public page asks another host for anything (issue 9): no visitor's address goes to a
// third party (YouTube, a font or analytics host) before they choose to go there. YouTube is
// reached only when a visitor presses a video's play link, which opens it in a new tab.

/** Every address a page loads or would load from its markup: scripts, styles, pictures… */
function resourceUrls(): string[] {
  const urls: string[] = [];
  const add = (value: string | null | undefined) => {
    if (value) urls.push(new URL(value, document.baseURI).href);
  };
  const addSet = (value: string | null) =>
    value?.split(",").forEach((candidate) => add(candidate.trim().split(/\s+/)[0]));
  document.querySelectorAll("img").forEach((img) => {
    add(img.getAttribute("src"));
    addSet(img.getAttribute("srcset"));
  });
  document.querySelectorAll("source").forEach((source) => {
    add(source.getAttribute("src"));
    addSet(source.getAttribute("srcset"));
  });
  document.querySelectorAll("script[src]").forEach((script) => add(script.getAttribute("src")));
  document.querySelectorAll("link[href]").forEach((link) => {
    // Links to other pages (canonical, alternate) are addresses, not loads.
    const rel = link.getAttribute("rel") ?? "";
    if (!/\b(canonical|alternate|author|license|me)\b/.test(rel)) add(link.getAttribute("href"));
  });
  document
    .querySelectorAll("iframe, embed, video, audio, object")
    .forEach((element) =>
      ["src", "data", "poster"].forEach((attribute) => add(element.getAttribute(attribute))),
    );
  return urls.filter((url) => /^https?:/.test(url));
}

test("no public page requests anything from a host other than the site's own", async ({
  page,
  request,
  baseURL,
  portfolioToItself: _,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  // A YouTube video without a poster, first in the portfolio: its picture was YouTube's.
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const response = await request.post("/api/video", {
    headers: auth,
    multipart: {
      video: { name: "reel.mp4", mimeType: "video/mp4", buffer: mp4Bytes() },
      youtubeURL: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
      title: "Third-party check reel",
    },
  });
  expect(response.status()).toBe(201);
  const video = (await response.json()) as { public_id: string };
  try {
    const posts = (await (await request.get("/api/blogs")).json()) as { _id: string }[];
    expect(posts.length).toBeGreaterThan(0);
    const paths = [...publicPaths, `/blog/${posts[0]!._id}`];

    // A page without the fixture's wait for hydration: the load, then a quiet network.
    const bare = await page.context().newPage();
    const foreign: string[] = [];
    bare.on("request", (sent) => {
      const url = new URL(sent.url());
      if (/^https?:$/.test(url.protocol) && url.origin !== origin) {
        foreign.push(`${new URL(bare.url()).pathname} → ${sent.url()}`);
      }
    });
    for (const path of paths) {
      expect((await bare.goto(path))?.status(), path).toBe(200);
      // Lazy pictures load only near the window: bring the whole page in.
      await bare.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await bare.waitForLoadState("networkidle");
      for (const url of await bare.evaluate(resourceUrls)) {
        if (new URL(url).origin !== origin) foreign.push(`${path} (markup) → ${url}`);
      }
    }
    expect(foreign).toEqual([]);
    // The home page does show the YouTube video, with a play link to YouTube (not a load).
    await bare.goto("/");
    await expect(
      bare.getByRole("link", { name: "Play Third-party check reel (opens in a new tab)" }),
    ).toHaveAttribute("href", "https://www.youtube.com/watch?v=aqz-KE-bpKQ");
  } finally {
    await request.delete("/api/video/", { headers: auth, data: { public_id: video.public_id } });
  }
});
