/** Texts of the About page (spec §2 About page): welcome, mission and why choose us. */

export const aboutHero = {
  title: "About Us",
  subtitle:
    "A Lagos team of marketers, designers and video makers who help Nigerian businesses grow online.",
} as const;

export const welcome =
  "We are a digital marketing and advertising agency in Lagos. Business owners, product brands and professional service firms trust us with their social media, ads, videos and brand, and we treat their growth as our own.";

export const mission =
  "Our mission is to help Nigerian businesses of every size grow with digital marketing that is creative, measurable and honest about what it costs, so that every naira spent on marketing works as hard as the people behind the brand.";

/** Why Choose Us: the four reasons the spec names, each with a line of its own. */
export const reasons = [
  {
    title: "Proven Results",
    text: "More than 200 projects delivered, with reports that show reach, leads and sales, not vanity numbers.",
  },
  {
    title: "Creative Expertise",
    text: "Designers, writers and video producers who make content your customers stop scrolling for.",
  },
  {
    title: "Tailored Solutions",
    text: "No copy-paste plans: every package is shaped around your market, your goals and your budget.",
  },
  {
    title: "Experienced Team",
    text: "Five years of campaigns for food, fashion, beauty, tech, real estate and professional services.",
  },
] as const;
