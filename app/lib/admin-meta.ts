import { site } from "../../common/site-config.ts";

/** The meta of a back-office screen: its title, and kept out of search engines. */
export const adminMeta = (title: string) => () => [
  { title: `${title} | Admin · ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
];
