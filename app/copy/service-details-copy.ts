import type { ServiceSlug } from "./service-pages-copy.ts";

// What only a service's own page shows: kept apart from the service catalogue so that the
// menus and cards on every page do not carry it to the browser.

export interface ServiceBlock {
  title: string;
  text: string;
}

export interface ServiceDetails {
  /** The opening paragraph of the service page. */
  intro: string;
  /** The page's feature blocks; their titles are the enquiry form's options. */
  blocks: ServiceBlock[];
}

export const serviceDetails: Record<ServiceSlug, ServiceDetails> = {
  "social-media": {
    intro:
      "Reach the people most likely to buy from you, on the platforms where they already spend their day.",
    blocks: [
      {
        title: "Social Media Advertising",
        text: "Targeted ads on Instagram, Facebook, TikTok and X, with creatives and copy made for each audience.",
      },
      {
        title: "Account Management",
        text: "We run your accounts day to day so your brand shows up consistently and on time.",
      },
      {
        title: "Paid Promotions",
        text: "Boosted posts and influencer promotions planned around your launches, sales and seasons.",
      },
      {
        title: "Performance Tracking",
        text: "Clear monthly numbers: reach, engagement, messages, leads and cost per result.",
      },
    ],
  },
  "social-media-management": {
    intro:
      "Hand over the daily work of your pages to a team that plans, posts, replies and reports, on a monthly package that fits your business.",
    blocks: [
      {
        title: "Account Management",
        text: "A dedicated account manager who knows your brand, your offers and your customers.",
      },
      {
        title: "Community Management",
        text: "Comments and messages answered quickly and in your brand's voice, every day.",
      },
      {
        title: "Content Scheduling and Posting",
        text: "A content calendar agreed with you, then posts and stories published at the best times.",
      },
      {
        title: "Performance Analysis & Reporting",
        text: "Monthly reports and a review call on what worked, what did not and what comes next.",
      },
    ],
  },
  "digital-marketing": {
    intro:
      "Grow beyond social media with search, e-mail and paid traffic that bring steady, measurable visitors to your business.",
    blocks: [
      {
        title: "Search Engine Optimisation (SEO)",
        text: "Pages and content that rank on Google for the searches your customers make.",
      },
      {
        title: "Email Marketing",
        text: "Newsletters and automated e-mails that bring customers back and turn leads into sales.",
      },
      {
        title: "Pay-Per-Click Advertising",
        text: "Google and display campaigns where you pay only when someone clicks.",
      },
      {
        title: "Analytics",
        text: "Tracking set up properly, so every decision is based on real numbers.",
      },
    ],
  },
  "video-creation": {
    intro:
      "Short, scripted videos that show what you sell and why it is worth the price, ready for reels, stories and ads.",
    blocks: [
      {
        title: "Explainer Videos",
        text: "30 seconds to a minute that answer the questions customers ask in your DMs.",
      },
      {
        title: "Reels and Short-Form Content",
        text: "Vertical videos made for Instagram, TikTok and YouTube Shorts.",
      },
      {
        title: "Voiceovers",
        text: "Clear, friendly voiceovers in English or Pidgin for your videos and adverts.",
      },
    ],
  },
  ads: {
    intro:
      "Ad campaigns planned, targeted and watched closely, so your budget goes to the audiences that buy.",
    blocks: [
      {
        title: "Campaign Strategy",
        text: "Goals, audiences, budgets and timelines agreed before a single naira is spent.",
      },
      {
        title: "Audience Targeting",
        text: "Interests, locations, lookalikes and retargeting that reach the right people.",
      },
      {
        title: "Ad Creatives",
        text: "Images, videos and copy designed to stop the scroll and get the click.",
      },
      {
        title: "Budget Optimisation",
        text: "Daily checks that move money from weak ads to the ones that work.",
      },
      { title: "Reporting", text: "Weekly updates with cost per result and clear next steps." },
    ],
  },
  branding: {
    intro:
      "Logos, identities and graphics that make your business recognisable at a glance, everywhere it appears.",
    blocks: [
      {
        title: "Logo Design",
        text: "A logo that works on a phone screen, a signboard and everything in between.",
      },
      {
        title: "Brand Identity",
        text: "Colours, typefaces and a voice that make every post and flyer look like you.",
      },
      {
        title: "Social Media Graphics",
        text: "Post and story designs, templates and highlight covers for your pages.",
      },
      {
        title: "Print and Packaging",
        text: "Flyers, banners, labels and packaging ready for the printer.",
      },
    ],
  },
  "page-revamp": {
    intro:
      "Turn a tired social media page into one that looks professional and makes visitors want to follow and buy.",
    blocks: [
      {
        title: "Social Media Page Optimization",
        text: "A clear bio, a profile picture that works, highlights, links and contact buttons set up right.",
      },
      {
        title: "Content and Visual Updates",
        text: "A fresh grid style, new cover images and content that shows your best work first.",
      },
    ],
  },
};
