import type { Video } from "../../common/schemas/video.ts";
import { youtubeWatchUrl } from "../../common/youtube.ts";

/** How many videos the home page's portfolio block shows (spec: 6 video thumbnails). */
export const PORTFOLIO_SIZE = 6;

/**
 * A picture of the block: always a file of this site's own origin (an uploaded poster or a
 * built-in picture), never another host's, so a visit sends nothing to a third party.
 */
export interface PortfolioImage {
  src: string;
  /** "" when the caption already says everything (a built-in picture). */
  alt: string;
  variants: { width: number; url: string }[];
}

/** A portfolio item on the site (spec §3): an image and a video link. */
export interface PortfolioItem {
  title: string;
  image: PortfolioImage;
  /** Where the play button goes (a new tab); none: the item has no play button. */
  href?: string;
  /** A built-in sample (its link, if any, is the agency's YouTube channel). */
  sample?: boolean;
}

const builtInImage = (index: number): PortfolioImage => ({
  src: `/images/portfolio/video-${(index % PORTFOLIO_SIZE) + 1}.svg`,
  alt: "",
  variants: [],
});

/** Shown where the agency has not uploaded (or shown) six videos yet. */
export const builtInPortfolio: readonly Omit<PortfolioItem, "href">[] = [
  "Product launch reel",
  "Restaurant promo",
  "Real estate walkthrough",
  "Skincare explainer",
  "Fashion lookbook",
  "Fitness challenge",
].map((title, index) => ({ title, image: builtInImage(index), sample: true }));

/**
 * The home page's portfolio: the first six visible videos in the back office's order, each
 * with its title and poster (else the built-in picture of its place: YouTube's thumbnail is
 * never hotlinked, as it would tell Google of every visitor before any click), then the
 * built-in samples until there are six, so the band is never one lone card. A sample links to
 * the agency's YouTube channel when the contact settings name one, else it has no link.
 * YouTube is only reached when the visitor presses play.
 */
export function portfolioItems(
  videos: readonly Video[],
  youtubeChannel: string,
  /** False once staff removed the sample content: no built-in sample fills the band. */
  samples = true,
): PortfolioItem[] {
  const shown = videos.filter((video) => video.visible).slice(0, PORTFOLIO_SIZE);
  const items: PortfolioItem[] = shown.map((video, index) => ({
    title: video.title || `Portfolio video ${index + 1}`,
    image: posterOf(video) ?? builtInImage(index),
    href: (video.youtubeURL && youtubeWatchUrl(video.youtubeURL)) || video.url,
  }));
  const channel = youtubeChannel.trim();
  // The samples after the uploads' own places, so no picture is shown twice.
  for (const sample of samples ? builtInPortfolio.slice(items.length) : []) {
    items.push(channel ? { ...sample, href: channel } : { ...sample });
  }
  return items;
}

/** A poster uploaded to this site; anything else (another host) is not shown. */
function posterOf(video: Video): PortfolioImage | undefined {
  const { poster } = video;
  if (!poster || !isOwnPath(poster.src)) return undefined;
  return {
    src: poster.src,
    alt: poster.alt,
    variants: poster.variants.filter((variant) => isOwnPath(variant.url)),
  };
}

/** A path on this site's own origin ("/media/…"), not "//host/…" or "https://…". */
const isOwnPath = (url: string) => url.startsWith("/") && !url.startsWith("//");
