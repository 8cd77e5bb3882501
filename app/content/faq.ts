/** FAQ item (spec §3): the three questions of the contact page. */
export interface FaqItem {
  question: string;
  answer: string;
}

export const faq: readonly FaqItem[] = [
  {
    question: "What services do you offer?",
    answer:
      "Social media marketing and management, digital marketing (SEO, email marketing, pay-per-click and analytics), video content creation, ads campaign management, branding and graphic design, and page revamps. Each can be booked alone or combined in a package.",
  },
  {
    question: "How do I choose the right service for my business?",
    answer:
      "Book a free consultation. We look at your goals, your audience and your budget, then recommend the service or package that fits, with a clear price in naira before any work starts.",
  },
  {
    question: "Do you work with businesses in different industries?",
    answer:
      "Yes. We work with food and hospitality, fashion and beauty, real estate, technology, health and professional service firms, from new small businesses to established brands.",
  },
];
