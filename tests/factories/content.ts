import { defaultLists, defaultSingles } from "../../common/content/defaults.ts";
import type { ListContentTypeName, ListItemOf, SiteContent } from "../../common/schemas/content.ts";

/**
 * The seeded items of a content type, as the pages get them (with ids): what every fresh
 * database holds, for tests that render a component or assert what a page shows.
 */
export function defaultItems<T extends ListContentTypeName>(type: T): ListItemOf<T>[] {
  return defaultLists[type].map(
    (item, index) => ({ ...(item as object), _id: `${type}-${index + 1}` }) as ListItemOf<T>,
  );
}

/** Everything a fresh site shows. */
export function defaultContent(): SiteContent {
  const lists = Object.fromEntries(
    (Object.keys(defaultLists) as ListContentTypeName[]).map((type) => [type, defaultItems(type)]),
  );
  return {
    ...(lists as { [T in ListContentTypeName]: ListItemOf<T>[] }),
    ...defaultSingles,
  };
}
