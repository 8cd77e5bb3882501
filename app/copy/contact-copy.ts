/** The texts of the contact page (details themselves come from common/site-config.ts). */
export const contactPage = {
  title: "Contact Us",
  intro:
    "Tell us about your business and book a free consultation. We reply within one working day.",
  quickFormTitle: "Book a Consultation",
  detailsBadge: "Get in Touch",
  detailsTitle: "Contact Details",
  followTitle: "Follow Us",
  longFormTitle: "Send Us a Detailed Enquiry",
  longFormIntro: "Tell us which services you are interested in and a little about your business.",
  faqBadge: "FAQ",
  faqTitle: "Frequently Asked Questions",
} as const;
