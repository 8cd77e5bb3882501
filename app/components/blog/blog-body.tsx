import type { ReactNode } from "react";
import { parsePost } from "../../../common/post-format.ts";
import { BlogBlocks } from "./blog-blocks.tsx";

/**
 * The body of a post from its points, parsed here (the back office's preview, which carries
 * the parser). The public pages parse in their loaders and render BlogBlocks.
 */
export function BlogBody({ content }: { content: readonly string[] }): ReactNode {
  return <BlogBlocks blocks={parsePost(content)} />;
}
