/** One Time Offers (spec §9): fixed naira amounts, or a range. */
export interface OneTimeOffer {
  name: string;
  amount: number;
  /** Upper end for an offer priced as a range. */
  upTo?: number;
}

export const oneTimeOffers: readonly OneTimeOffer[] = [
  { name: "Explainer Video Content", amount: 30000 },
  { name: "Voiceover", amount: 10000 },
  { name: "Branding", amount: 100000, upTo: 300000 },
  { name: "Content Strategy", amount: 25000 },
  { name: "Content Calendar", amount: 15000 },
  { name: "Landing Page Creation", amount: 10000 },
  { name: "Fixing Restricted and Disabled Ad Account", amount: 20000 },
  { name: "Sales Funnel", amount: 150000 },
  { name: "Business Consultation", amount: 30000 },
  { name: "Targeting", amount: 20000 },
  { name: "Prepaid Ad Account", amount: 15000 },
  { name: "Fixing Suspended and Disabled Instagram Account", amount: 150000 },
  { name: "Running Sponsored Ads", amount: 30000 },
  { name: "Page Revamp", amount: 30000 },
];
