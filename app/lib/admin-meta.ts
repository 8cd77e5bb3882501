import { identityFrom } from "./identity.ts";

type Matches = Parameters<typeof identityFrom>[0];

/** The meta of a back-office screen: its title, and kept out of search engines. */
export const adminMeta =
  (title: string) =>
  ({ matches = [] }: { matches?: Matches } = {}) => [
    { title: `${title} | Admin · ${identityFrom(matches).name}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
