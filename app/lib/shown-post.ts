import { parsePost } from "../../common/post-format.ts";

/**
 * What a post page's loader answers: the post without its points, and their blocks. The
 * parsing happens in the loader, so the post page's scripts carry the blocks' renderer
 * only, not the Markdown parser (decision 0032).
 */
export function showPost<T extends { content: readonly string[] }>(post: T) {
  const { content, ...blog } = post;
  return { blog, body: parsePost(content) };
}
