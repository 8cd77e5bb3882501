import type { Inline, PostBlock } from "../../common/post-blocks.ts";

// A post's blocks as HTML text, for readers that get the post elsewhere than on its page
// (the RSS feed's content:encoded). Every text and address is escaped here; addresses of
// this site are made absolute with `origin`.

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const absolute = (href: string, origin: string) =>
  href.startsWith("/") ? `${origin}${href}` : href;

function inlineHtml(nodes: readonly Inline[], origin: string): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return escapeHtml(node);
      const inner = inlineHtml(node.children, origin);
      if (node.tag !== "a") return `<${node.tag}>${inner}</${node.tag}>`;
      return `<a href="${escapeHtml(absolute(node.href, origin))}">${inner}</a>`;
    })
    .join("");
}

const items = (tag: "ul" | "ol", list: readonly Inline[][], origin: string, start = 1) =>
  `<${tag}${start === 1 ? "" : ` start="${start}"`}>${list
    .map((item) => `<li>${inlineHtml(item, origin)}</li>`)
    .join("")}</${tag}>`;

/** The HTML of a post's blocks, with absolute addresses. */
export function postHtml(blocks: readonly PostBlock[], origin: string): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case "heading":
          return `<h2>${inlineHtml(block.text, origin)}</h2>`;
        case "paragraph":
          return `<p>${inlineHtml(block.text, origin)}</p>`;
        case "list":
          return items("ul", block.items, origin);
        case "ordered":
          return items("ol", block.items, origin, block.start);
        case "quote":
          return `<blockquote>${block.lines.map((line) => `<p>${inlineHtml(line, origin)}</p>`).join("")}</blockquote>`;
        case "image": {
          const { image } = block;
          return (
            `<p><img src="${escapeHtml(absolute(image.src, origin))}" alt="${escapeHtml(block.alt)}"` +
            ` width="${image.width}" height="${image.height}"></p>`
          );
        }
        case "video":
          return `<p><a href="${escapeHtml(block.url)}">Watch the video on YouTube</a></p>`;
      }
    })
    .join("\n");
}
