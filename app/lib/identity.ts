import { useContext } from "react";
import { UNSAFE_DataRouterDataContext } from "react-router";
import { identityWith, type SiteIdentity } from "../../common/identity.ts";

// The agency's identity (Site identity screen, issue 29): the root loader reads it from the
// server's cached copy on every page, public and back office alike, so every component and
// every route's `meta` reads the same one without threading it through props.

/** What the root loader sends: only what differs from the defaults (`identityChanges`). */
interface RootIdentity {
  identity?: Partial<SiteIdentity>;
}

interface RouteMatchLike {
  id: string;
  loaderData?: unknown;
}

/**
 * The root loader's identity; the defaults when it did not load (its own error page) or
 * outside a data router (a component rendered on its own, as its unit tests do).
 */
export function useIdentity(): SiteIdentity {
  const state = useContext(UNSAFE_DataRouterDataContext);
  const data = state?.loaderData.root as RootIdentity | undefined;
  return identityWith(data?.identity);
}

/** The identity the root loader read, for a route's `meta` (the defaults when none). */
export function identityFrom(matches: readonly (RouteMatchLike | undefined)[]): SiteIdentity {
  const root = matches.find((match) => match?.id === "root");
  return identityWith((root?.loaderData as RootIdentity | undefined)?.identity);
}
