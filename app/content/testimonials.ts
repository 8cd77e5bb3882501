/** Testimonial (spec §3): 9 static entries, a default avatar for most, some with a client logo. */
export interface Testimonial {
  id: number;
  name: string;
  text: string;
  image: string;
}

const DEFAULT_AVATAR = "/images/avatars/default.svg";

export const testimonials: readonly Testimonial[] = [
  {
    id: 1,
    name: "Kola Foods",
    text: "Our Instagram went from a few likes to real orders every day. The team plans, posts and replies faster than we ever could.",
    image: "/images/avatars/client-kola.svg",
  },
  {
    id: 2,
    name: "Adaeze Okafor",
    text: "The explainer video they made for our salon answered every question customers used to ask in the DMs. Bookings doubled.",
    image: DEFAULT_AVATAR,
  },
  {
    id: 3,
    name: "Zuri Beauty",
    text: "Clear monthly reports, honest advice on ad budgets in naira and designs our customers love. We feel like their only client.",
    image: "/images/avatars/client-zuri.svg",
  },
  {
    id: 4,
    name: "Tunde Bakare",
    text: "They fixed our disabled ad account in two days and had our campaign running again before the weekend sale.",
    image: DEFAULT_AVATAR,
  },
  {
    id: 5,
    name: "Ember Tech",
    text: "A brand refresh, a landing page and a launch campaign, all on time. Our app launch beat every target we set.",
    image: "/images/avatars/client-ember.svg",
  },
  {
    id: 6,
    name: "Chioma Nwosu",
    text: "The page revamp made our small boutique look like a big brand. New followers now message us to ask for the catalogue.",
    image: DEFAULT_AVATAR,
  },
  {
    id: 7,
    name: "Ibrahim Musa",
    text: "Content calendar, stories and community replies every day. I finally have time to run my business instead of my phone.",
    image: DEFAULT_AVATAR,
  },
  {
    id: 8,
    name: "Folake Adeyemi",
    text: "Their targeting is spot on: we stopped paying for clicks from people who never buy and our cost per lead dropped by half.",
    image: DEFAULT_AVATAR,
  },
  {
    id: 9,
    name: "Emeka Obi",
    text: "Friendly, quick and creative. The sales funnel they built brings in enquiries while we sleep.",
    image: DEFAULT_AVATAR,
  },
];
