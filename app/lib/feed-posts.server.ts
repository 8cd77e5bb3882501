import { parsePost } from "../../common/post-format.ts";
import type { FeedPost } from "./feeds.ts";

/**
 * Posts as the RSS feeds read them: each one's points parsed here, on the server, so the
 * Markdown parser stays out of the pages' scripts (decision 0032).
 */
export const feedPosts = <T extends { content: readonly string[] }>(
  items: readonly T[],
): (Omit<T, "content"> & Pick<FeedPost, "body">)[] =>
  items.map(({ content, ...post }) => ({ ...post, body: parsePost(content) }));
