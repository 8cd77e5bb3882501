/** The price keys the public pages read (kept free of zod for the browser bundle). */
export const PRICE_KEYS = {
  takeOff: "take-off",
  empowerMe: "empower-me",
  growMe: "grow-me",
  brandMe: "brand-me",
  videoVoice: "video-voice",
} as const;
