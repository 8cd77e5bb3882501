/** Texts of the home page's own sections (spec §1, §2 Home page). */

/** The About Us section: badge, heading, cards and picture alt are the spec's, to the letter. */
export const aboutSection = {
  badge: "About Us",
  heading: "Crafting Impactful Stories, Driving Meaningful Results",
  paragraph:
    "We put our clients first. Every campaign starts with your goals, your customers and your budget, and grows into a personalised plan of content, ads and community work that turns attention into sales.",
  cards: [
    { title: "Growth", text: "Every Campaign to Meets Your Unique Needs." },
    { title: "Revenue", text: "Our Mission is to Drive Growth & Improve Revenue." },
  ],
  imageAlt: "Level Up Your Business",
} as const;

/** Badge, title and intro of the home page's other sections. */
export const homeSections = {
  services: {
    badge: "What We Do",
    title: "Our Services",
    intro: "Everything your brand needs to be seen, trusted and chosen online.",
  },
  highlights: { badge: "Highlights", title: "Campaigns in Pictures" },
  feedback: { badge: "Testimonials", title: "Client's Feedback" },
  cta: {
    title: "Ready to grow your brand?",
    text: "Book a free consultation and get a plan with clear prices in naira.",
  },
  enquiry: {
    badge: "Contact",
    title: "Tell Us About Your Project",
    intro: "Send us a message and we will get back to you within one working day.",
  },
} as const;
