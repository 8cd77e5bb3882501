/** Team member (spec §3): image, color, position, name. */
export interface TeamMember {
  name: string;
  position: string;
  image: string;
  /** Accent colour of the card. */
  color: string;
  bio: string;
}

export const team: readonly TeamMember[] = [
  {
    name: "Amaka Eze",
    position: "Founder & Creative Director",
    image: "/images/team/amaka.svg",
    color: "#053685",
    bio: "Ten years of building brands for Lagos businesses, from first logo to national campaigns.",
  },
  {
    name: "Tobi Adewale",
    position: "Head of Paid Media",
    image: "/images/team/tobi.svg",
    color: "#DD8D15",
    bio: "Plans and runs Meta and Google ad campaigns with budgets that go to audiences that buy.",
  },
  {
    name: "Ifeoma Nwachukwu",
    position: "Social Media Manager",
    image: "/images/team/ifeoma.svg",
    color: "#021d4a",
    bio: "Keeps content calendars full and communities answered, every day of the week.",
  },
  {
    name: "Segun Bello",
    position: "Video Producer",
    image: "/images/team/segun.svg",
    color: "#0a4fb5",
    bio: "Scripts, shoots and edits the explainer videos and reels that make customers stop scrolling.",
  },
];

/** The texts of the team page (/about/team). */
export const teamPage = {
  title: "Meet Our Team",
  subtitle: "Strategists, creatives and campaign managers who treat your growth as their own.",
  heading: "The People Behind Your Growth",
  intro:
    "One team plans, makes and runs your campaigns, so nothing gets lost between an idea and the results.",
} as const;
