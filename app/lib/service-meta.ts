import type { MetaDescriptor } from "react-router";
import { identityFrom, originFrom, pageTitle, seo } from "./seo.ts";

type Matches = Parameters<typeof identityFrom>[0] & Parameters<typeof seo>[0]["matches"];

/** A service page's head: its name, its summary as the description (decision 0048). */
export function serviceMeta(
  service: { name: string; summary: string; path: string } | undefined,
  matches: Matches,
): MetaDescriptor[] {
  if (!service) return [{ title: pageTitle("Page not found", identityFrom(matches)) }];
  return seo({
    title: service.name,
    description: service.summary,
    path: service.path,
    origin: originFrom(matches),
    identity: identityFrom(matches),
    image: undefined,
    matches,
  });
}
