/** The texts of the team page (/about/team). */
export const teamPage = {
  title: "Meet Our Team",
  subtitle: "Strategists, creatives and campaign managers who treat your growth as their own.",
  heading: "The People Behind Your Growth",
  intro:
    "One team plans, makes and runs your campaigns, so nothing gets lost between an idea and the results.",
} as const;
