import { matchRoutes, type RouteObject } from "react-router";

/** A route of a React Router server build, as its `routes` export lists it. */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { action?: unknown };
}

function routeTree(routes: BuildRoute[], parentId?: string): RouteObject[] {
  return routes
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: routeTree(routes, route.id),
          },
    );
}

/**
 * Answers whether a POST to a URL reaches a route that has an action, the way React Router
 * picks the route a submission goes to: the deepest route that adds to the path, or the
 * index route when the URL carries a bare `?index`. Single-fetch URLs (`/contact.data`,
 * `/_.data` for the home page) count as their page.
 */
export function actionMatcher(
  routes: Record<string, BuildRoute | undefined>,
  /**
   * For a route whose action serves only some of the addresses it matches (the `:slug` route
   * takes forms only on a service's page, decision 0048): whether this one takes a POST.
   */
  takesPost?: (routeId: string, params: Record<string, string | undefined>) => Promise<boolean>,
) {
  const list = Object.values(routes).filter((route): route is BuildRoute => route !== undefined);
  const tree = routeTree(list);
  const byId = new Map(list.map((route) => [route.id, route]));
  return async (url: string): Promise<boolean> => {
    let parsed: URL;
    try {
      parsed = new URL(url, "http://localhost");
    } catch {
      return false;
    }
    let pathname = parsed.pathname;
    if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
    else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
    let matches;
    try {
      matches = matchRoutes(tree, pathname);
    } catch {
      return false;
    }
    if (!matches || matches.length === 0) return false;
    const last = matches[matches.length - 1]!;
    const nakedIndex = parsed.searchParams.getAll("index").some((value) => value === "");
    const target =
      last.route.index && nakedIndex
        ? last
        : matches.filter((match, i) => i === 0 || (match.route.path ?? "").length > 0).at(-1);
    const route = byId.get(target?.route.id ?? "");
    if (typeof route?.module.action !== "function") return false;
    return takesPost ? takesPost(route.id, target?.params ?? {}) : true;
  };
}
