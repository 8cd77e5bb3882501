import type { Inline, PostBlock } from "../../common/post-blocks.ts";
import { escapeMarkup } from "../../common/markup.ts";

// A post's blocks as HTML text, for readers that get the post elsewhere than on its page
// (the RSS feed's content:encoded, the newsletter's mail). Every text and address is escaped
// here; addresses of this site are made absolute with `origin`. Mail clients drop style
// sheets, so the newsletter gives each tag its inline `style`; the feed gives none.

/** The tags a post's HTML is made of. */
export type PostHtmlTag =
  "h2" | "p" | "ul" | "ol" | "li" | "blockquote" | "a" | "img" | "strong" | "em";
/** An inline style per tag (the newsletter); none: plain tags. */
export type PostHtmlStyles = Partial<Record<PostHtmlTag, string>>;

const absolute = (href: string, origin: string) =>
  href.startsWith("/") ? `${origin}${href}` : href;

/** The opening of `tag` with its style, if any (`attributes` already escaped). */
const open = (tag: PostHtmlTag, styles: PostHtmlStyles, attributes = "") =>
  `<${tag}${attributes}${styles[tag] ? ` style="${escapeMarkup(styles[tag])}"` : ""}>`;

function inlineHtml(nodes: readonly Inline[], origin: string, styles: PostHtmlStyles): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return escapeMarkup(node);
      const inner = inlineHtml(node.children, origin, styles);
      if (node.tag !== "a") return `${open(node.tag, styles)}${inner}</${node.tag}>`;
      return `${open("a", styles, ` href="${escapeMarkup(absolute(node.href, origin))}"`)}${inner}</a>`;
    })
    .join("");
}

const items = (
  tag: "ul" | "ol",
  list: readonly Inline[][],
  origin: string,
  styles: PostHtmlStyles,
  start = 1,
) =>
  `${open(tag, styles, start === 1 ? "" : ` start="${start}"`)}${list
    .map((item) => `${open("li", styles)}${inlineHtml(item, origin, styles)}</li>`)
    .join("")}</${tag}>`;

/**
 * The HTML of a post's blocks, with absolute addresses; `styles` puts an inline style on
 * each tag (a picture is then at most `maxImageWidth` wide, scaled down).
 */
export function postHtml(
  blocks: readonly PostBlock[],
  origin: string,
  styles: PostHtmlStyles = {},
  maxImageWidth = Infinity,
): string {
  const inline = (nodes: readonly Inline[]) => inlineHtml(nodes, origin, styles);
  return blocks
    .map((block) => {
      switch (block.kind) {
        case "heading":
          return `${open("h2", styles)}${inline(block.text)}</h2>`;
        case "paragraph":
          return `${open("p", styles)}${inline(block.text)}</p>`;
        case "list":
          return items("ul", block.items, origin, styles);
        case "ordered":
          return items("ol", block.items, origin, styles, block.start);
        case "quote":
          return `${open("blockquote", styles)}${block.lines.map((line) => `${open("p", styles)}${inline(line)}</p>`).join("")}</blockquote>`;
        case "image": {
          const { image } = block;
          const width = Math.min(image.width, maxImageWidth);
          const height = Math.round((image.height * width) / image.width);
          return (
            open("p", styles) +
            open(
              "img",
              styles,
              ` src="${escapeMarkup(absolute(image.src, origin))}" alt="${escapeMarkup(block.alt)}"` +
                ` width="${width}" height="${height}"`,
            ) +
            "</p>"
          );
        }
        case "video":
          return `${open("p", styles)}${open("a", styles, ` href="${escapeMarkup(block.url)}"`)}Watch the video on YouTube</a></p>`;
      }
    })
    .join("\n");
}
