import { PRICE_KEYS } from "../../common/price-keys.ts";

/** Rate block (spec §3): title, descs (list), tAndC (text), buttonDisplay. */
export interface RateBlock {
  title: string;
  /** A fixed amount in naira, or the price key read from the database. */
  amount: number | { priceKey: string };
  descs: string[];
  tAndC: string;
  buttonDisplay: string;
}

/** Video Content Creation rates (spec §9). */
export const videoRates: readonly RateBlock[] = [
  {
    title: "40 Seconds Video",
    amount: 30000,
    descs: ["40-second video", "With script", "Background music included"],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Order Now",
  },
  {
    title: "50 Seconds Video",
    amount: 40000,
    descs: ["50-second video", "Background music included"],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Order Now",
  },
  {
    title: "1 Minute Video",
    amount: 60000,
    descs: ["1-minute video", "Background music included"],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Order Now",
  },
  {
    title: "Video Voice Over",
    amount: { priceKey: PRICE_KEYS.videoVoice },
    descs: ["Professional voiceover for your video", "English or Pidgin", "One revision"],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Order Now",
  },
];

/** The two-column offer of Ads Campaign Management (delivery 2-5 days). */
export const adsOffers: readonly RateBlock[] = [
  {
    title: "Running Sponsored Ads",
    amount: 30000,
    descs: [
      "Campaign setup on Instagram and Facebook",
      "Audience targeting and creative review",
      "Weekly performance updates",
    ],
    tAndC: "Advert budget not included. Delivery in 2-5 days.",
    buttonDisplay: "Get Started",
  },
  {
    title: "Fixing Restricted and Disabled Ad Account",
    amount: 20000,
    descs: [
      "Review of the restriction and its cause",
      "Appeal and account recovery",
      "Advice to keep the account healthy",
    ],
    tAndC: "Delivery in 2-5 days.",
    buttonDisplay: "Get Started",
  },
];
