/** A portfolio item on the site (spec §3): an image and a video link. */
export interface PortfolioItem {
  title: string;
  image: string;
  /** Where the play button goes (a new tab). */
  href: string;
}

/** Shown while no video has been uploaded in the back office. */
export const builtInPortfolio: readonly PortfolioItem[] = [
  "Product launch reel",
  "Restaurant promo",
  "Real estate walkthrough",
  "Skincare explainer",
  "Fashion lookbook",
  "Fitness challenge",
].map((title, index) => ({
  title,
  image: `/images/portfolio/video-${index + 1}.svg`,
  href: "https://www.youtube.com/",
}));
