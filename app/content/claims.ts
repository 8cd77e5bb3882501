/** The three claims shown on the site (spec §1). */
export const claims = [
  { value: "200+", label: "Projects Completed" },
  { value: "150+", label: "Satisfied Clients" },
  { value: "5+", label: "Years of Experience" },
] as const;
