/** Slides of the home page's image carousel. */
export interface Slide {
  src: string;
  alt: string;
}

export const carouselSlides: readonly Slide[] = [
  "Campaign launch: reach 1.2 million people in 30 days",
  "Content day: a month of posts shot in one day",
  "Brand refresh: new logo, new look, new customers",
  "Ads that sell: four times return on ad spend",
  "Community: replies within the hour, every day",
].map((alt, index) => ({ src: `/images/carousel/slide-${index + 1}.svg`, alt }));
