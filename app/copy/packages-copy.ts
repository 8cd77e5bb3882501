import type { SocialPackage } from "../../common/schemas/content.ts";
import { slugify } from "../../common/slug.ts";

// The packages themselves (names, features, price keys) are content in the database; these
// are the texts and rules around them.

export const PACKAGE_NOTE = "Monthly, advert charge not included";

/** Contract options of the package enquiry form (spec §3). */
export const contractOptions = [
  "Pay-as-You-Go",
  "3 Months Contract",
  "6 Months Contract",
  "12 Months Contract",
] as const;

/** Where "Choose Package" leads: the package enquiry form of the Social Media Management page. */
export const PACKAGE_FORM_ANCHOR = "package-enquiry";

/**
 * A package's key in its address (`?package=`): its price key ("grow-me"), or for a package
 * with a fixed amount its name as a slug ("STARTER PLUS" → "starter-plus"); decision 0030.
 */
export const packageKey = (pack: Pick<SocialPackage, "name" | "priceKey">) =>
  pack.priceKey || slugify(pack.name);

/**
 * The package a `?package=` parameter names, by its key (the price key, "grow-me") or its
 * name in any case ("GROW ME", "grow me"); undefined for anything else.
 */
export function findPackage<T extends Pick<SocialPackage, "name" | "priceKey">>(
  packages: readonly T[],
  value: string | null | undefined,
): T | undefined {
  const wanted = value
    ?.trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  if (!wanted) return undefined;
  return packages.find(
    (pack) =>
      packageKey(pack) === wanted || pack.name.toLowerCase().replace(/\s+/g, "-") === wanted,
  );
}

/** The address of the package form with `pack` chosen, from any page. */
export const choosePackageHref = (pack: Pick<SocialPackage, "name" | "priceKey">) =>
  `/social-media-management?package=${packageKey(pack)}#${PACKAGE_FORM_ANCHOR}`;
