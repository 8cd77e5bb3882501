import { describe, expect, it } from "vitest";
import type { Video } from "../../common/schemas/video.ts";
import { builtInPortfolio, PORTFOLIO_SIZE, portfolioItems } from "./portfolio-copy.ts";

let count = 0;
function video(fields: Partial<Video> = {}): Video {
  count += 1;
  return {
    _id: `id-${count}`,
    url: `/media/videos/portfolio-${count}.mp4`,
    public_id: `portfolio-${count}`,
    youtubeURL: null,
    mimeType: "video/mp4",
    size: 1000,
    date: "2025-01-01T10:00:00.000Z",
    title: `Video ${count}`,
    poster: null,
    position: count,
    visible: true,
    ...fields,
  };
}

const CHANNEL = "https://www.youtube.com/@agency";

describe("the home page's portfolio", () => {
  it("shows the six samples without a link while there are no videos and no channel", () => {
    const items = portfolioItems([], "");
    expect(items).toHaveLength(PORTFOLIO_SIZE);
    expect(items.map((item) => item.title)).toEqual(builtInPortfolio.map((item) => item.title));
    for (const item of items) {
      expect(item.href).toBeUndefined();
      expect(item.sample).toBe(true);
    }
    // Never youtube.com's home page.
    expect(JSON.stringify(items)).not.toContain('https://www.youtube.com/"');
  });

  it("links the samples to the agency's YouTube channel when the settings name one", () => {
    const items = portfolioItems([], `  ${CHANNEL} `);
    expect(items.map((item) => item.href)).toEqual(Array(PORTFOLIO_SIZE).fill(CHANNEL));
  });

  it("pads one video with five samples: never a lone card", () => {
    const one = video({ title: "Launch reel" });
    const items = portfolioItems([one], CHANNEL);
    expect(items).toHaveLength(PORTFOLIO_SIZE);
    expect(items[0]).toMatchObject({ title: "Launch reel", href: one.url });
    expect(items[0]!.sample).toBeUndefined();
    // The samples after the video's own place: no picture twice.
    expect(items.slice(1).map((item) => item.title)).toEqual(
      builtInPortfolio.slice(1).map((item) => item.title),
    );
    const pictures = items.map((item) => item.image.src);
    expect(new Set(pictures).size).toBe(PORTFOLIO_SIZE);
  });

  it("shows only visible videos, in the given order, at most six", () => {
    const videos = Array.from({ length: 9 }, (_, index) => video({ visible: index % 3 !== 1 }));
    const items = portfolioItems(videos, "");
    expect(items.map((item) => item.title)).toEqual(
      videos
        .filter((item) => item.visible)
        .slice(0, 6)
        .map((item) => item.title),
    );
    expect(items.every((item) => !item.sample)).toBe(true);
  });

  it("uses the poster of this site, else the built-in picture of its place, never YouTube's", () => {
    const poster = {
      src: "/media/content/abc.png",
      alt: "A chef plating jollof rice",
      variants: [{ width: 480, url: "/media/content/abc-480.webp" }],
    };
    const withPoster = video({ poster, youtubeURL: "https://youtu.be/dQw4w9WgXcQ" });
    const onYouTube = video({ youtubeURL: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" });
    const plain = video({ title: "" });
    const foreign = video({ poster: { ...poster, src: "https://evil.example/a.png" } });
    const items = portfolioItems([withPoster, onYouTube, plain, foreign], "");
    expect(items[0]).toMatchObject({
      image: poster,
      href: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    // A YouTube video without a poster: our own picture; YouTube only behind the play link.
    expect(items[1]).toEqual({
      title: onYouTube.title,
      image: { src: "/images/portfolio/video-2.svg", alt: "", variants: [] },
      href: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    });
    // No title: a numbered one; no poster and no YouTube link: the file and a built-in picture.
    expect(items[2]).toMatchObject({
      title: "Portfolio video 3",
      image: { src: "/images/portfolio/video-3.svg", alt: "" },
      href: plain.url,
    });
    expect(items[3]!.image.src).toBe("/images/portfolio/video-4.svg");
    expect(items).toHaveLength(PORTFOLIO_SIZE);
  });

  it("shows only pictures of this site's own origin, whatever the videos hold", () => {
    const items = portfolioItems(
      [
        video({ youtubeURL: "https://youtu.be/dQw4w9WgXcQ" }),
        video({ youtubeURL: "https://www.youtube.com/shorts/aqz-KE-bpKQ" }),
        video({
          poster: {
            src: "/media/content/p.webp",
            alt: "A still",
            variants: [
              { width: 480, url: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" },
              { width: 960, url: "//cdn.example/p-960.webp" },
              { width: 320, url: "/media/content/p-320.webp" },
            ],
          },
        }),
      ],
      CHANNEL,
    );
    const urls = items.flatMap((item) => [
      item.image.src,
      ...item.image.variants.map((variant) => variant.url),
    ]);
    expect(urls.length).toBeGreaterThan(PORTFOLIO_SIZE);
    for (const url of urls) expect(url).toMatch(/^\/(?!\/)/);
    expect(items[2]!.image.variants).toEqual([{ width: 320, url: "/media/content/p-320.webp" }]);
  });

  it("shows samples only when every video is hidden", () => {
    const items = portfolioItems([video({ visible: false }), video({ visible: false })], "");
    expect(items.every((item) => item.sample)).toBe(true);
    expect(items).toHaveLength(PORTFOLIO_SIZE);
  });
});
