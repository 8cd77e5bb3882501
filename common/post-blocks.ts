import type { PostImage } from "./post-media.ts";

// The blocks of a post as common/post-format.ts reads them from its points (decision 0032),
// and what is read from them. Plain data, free of the parser: the public pages get them
// from their loaders and their scripts import this file only.

/** Inline text: plain strings, bold, italic and links, nested. */
export type Inline =
  | string
  | { tag: "strong" | "em"; children: Inline[] }
  | { tag: "a"; href: string; external: boolean; children: Inline[] };

export type PostBlock =
  | { kind: "heading"; text: Inline[] }
  | { kind: "list"; items: Inline[][] }
  | { kind: "ordered"; start: number; items: Inline[][] }
  | { kind: "quote"; lines: Inline[][] }
  | { kind: "image"; alt: string; image: PostImage }
  | { kind: "video"; id: string; url: string }
  | { kind: "paragraph"; text: Inline[] };

/** The words of inline text, without its formatting (a link is its text, not its address). */
export function inlineText(nodes: readonly Inline[]): string {
  return nodes
    .map((node) => (typeof node === "string" ? node : inlineText(node.children)))
    .join("");
}

/** A block's words: what search and excerpts read (a picture is its alt text, a video none). */
export function blockText(block: PostBlock): string[] {
  switch (block.kind) {
    case "heading":
    case "paragraph":
      return [inlineText(block.text)];
    case "list":
    case "ordered":
      return block.items.map(inlineText);
    case "quote":
      return block.lines.map(inlineText);
    case "image":
      return block.alt ? [block.alt] : [];
    case "video":
      return [];
  }
}

/** Inline text with `change` applied to its strings (a link's address is left as it is). */
function mapInline(nodes: readonly Inline[], change: (text: string) => string): Inline[] {
  return nodes.map((node) =>
    typeof node === "string"
      ? change(node)
      : { ...node, children: mapInline(node.children, change) },
  );
}

/** A block with `change` applied to its text (the policy's placeholders filled in). */
export function mapBlockText(block: PostBlock, change: (text: string) => string): PostBlock {
  switch (block.kind) {
    case "heading":
    case "paragraph":
      return { ...block, text: mapInline(block.text, change) };
    case "list":
    case "ordered":
      return { ...block, items: block.items.map((item) => mapInline(item, change)) };
    case "quote":
      return { ...block, lines: block.lines.map((line) => mapInline(line, change)) };
    case "image":
      return { ...block, alt: change(block.alt) };
    case "video":
      return block;
  }
}
