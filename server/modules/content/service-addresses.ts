import { isBuiltInServiceSlug, isReservedPageSlug } from "../../../app/lib/page-slugs.ts";
import { Conflict, Invalid } from "../../errors.ts";

// The services' addresses (issue 47, decision 0048): a service's page is /{slug}, which no
// route of the site, no other service and no page staff made may have; a slug that changes
// leaves a redirect from the old address, and the service's blocks move with it.

/** What the services list needs of the pages staff make and of the redirects. */
export interface ServiceAddressDeps {
  /** Whether a page staff made (draft or published) has the address /{slug}. */
  pageAt(slug: string): Promise<boolean>;
  /** The redirect that starts at a path, if any. */
  redirectAt(path: string): Promise<{ id: string; location: string } | undefined>;
  removeRedirect(id: string): Promise<unknown>;
  addRedirect(from: string, to: string): Promise<unknown>;
}

export const servicePath = (slug: string) => `/${slug}`;

/**
 * Refuses an address a service may not take: a route of the site (400), another service's or
 * a page's (409), or one a redirect starts at (409), unless that redirect leads to this
 * service's current address (a slug changed back: the redirect then goes).
 */
export async function checkServiceAddress(
  deps: ServiceAddressDeps | undefined,
  slug: string,
  otherSlugs: readonly string[],
  currentSlug?: string,
): Promise<void> {
  if (isReservedPageSlug(slug) && !isBuiltInServiceSlug(slug)) {
    throw new Invalid(
      `The address /${slug} is a page of the site already. Choose another address.`,
    );
  }
  if (otherSlugs.includes(slug)) {
    throw new Conflict(`The address /${slug} is used by another service. Choose another address.`);
  }
  if (!deps || slug === currentSlug) return;
  if (await deps.pageAt(slug)) {
    throw new Conflict(`The address /${slug} is used by a page (Pages). Choose another address.`);
  }
  const redirect = await deps.redirectAt(servicePath(slug));
  if (redirect && !(currentSlug && redirect.location === servicePath(currentSlug))) {
    throw new Conflict(
      `The address /${slug} redirects to ${redirect.location} (Redirects). Remove that redirect first, or choose another address.`,
    );
  }
}

/** After a slug changed: the old address redirects to the new one (301). */
export async function moveServiceAddress(
  deps: ServiceAddressDeps | undefined,
  from: string,
  to: string,
): Promise<void> {
  if (!deps) return;
  const back = await deps.redirectAt(servicePath(to));
  if (back) await deps.removeRedirect(back.id);
  const old = await deps.redirectAt(servicePath(from));
  if (old) await deps.removeRedirect(old.id);
  await deps.addRedirect(servicePath(from), servicePath(to));
}
