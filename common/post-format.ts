import { Lexer, type Token } from "marked";
import { teaser } from "./format.ts";
import { blockText, type Inline, type PostBlock } from "./post-blocks.ts";
import { postImage } from "./post-media.ts";
import { sitePath } from "./site-path.ts";
import { youtubeId, youtubeWatchUrl } from "./youtube.ts";

// The post format (spec §2, decision 0032): every point is read line by line, and each line
// is one block — Markdown's joining of neighbouring lines into one paragraph never applies.
//
//   # text          a heading
//   * text          a bullet (neighbouring bullets form one list)
//   1. text         a numbered item (neighbours form one list, numbered from the first)
//   > text          a quote line (neighbours form one quote)
//   ![alt](src)     alone on its line: a picture uploaded for posts (common/post-media.ts)
//   a YouTube URL   alone on its line: the video, behind a play button
//   any other line  a paragraph
//
// Inside headings, bullets, numbered items, quotes and paragraphs: **bold** (or __bold__),
// *italic* (or _italic_) and [links](https://…) (http, https, mailto or a path of this
// site). Marked's inline lexer reads them; what it finds beyond that subset (raw HTML, code,
// a picture inside a line, a link to javascript:, data: or anything else) stays the text it
// was written as. Nothing here is HTML: the blocks are data, rendered by React (BlogBlocks)
// or escaped into the RSS feed (app/lib/feeds.ts).
//
// Kept free of zod and of the server: the back office's preview parses in the browser. The
// public pages parse in their loaders, so marked is not in their scripts: what they need of
// the blocks is in post-blocks.ts, which does not import this file.

const LEXER_OPTIONS = { gfm: false, breaks: false, pedantic: false } as const;

const NUMBERED = /^(\d{1,9})\.\s+(\S.*)$/;
const QUOTE = /^>\s*(\S.*)$/;
const IMAGE_LINE = /^!\[([^\]]*)\]\(\s*(\S+)\s*\)$/;
const URL_LINE = /^https?:\/\/\S+$/;

/**
 * Where a link may lead: http, https and mailto addresses, and this site's own paths (not
 * `//host`, nor `/\host`: see sitePath). Anything else (javascript:, data:, vbscript:, file:,
 * a relative word) is none.
 */
export function safeLink(href: string): { href: string; external: boolean } | undefined {
  const value = href.trim();
  if (value.startsWith("/")) {
    const path = sitePath(value);
    return path === undefined ? undefined : { href: path, external: false };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol === "mailto:") return { href: url.href, external: false };
  if (url.protocol === "http:" || url.protocol === "https:") {
    return { href: url.href, external: true };
  }
  return undefined;
}

/** Appends inline nodes, joining neighbouring strings into one (one text node, as before). */
function push(into: Inline[], nodes: readonly Inline[]): Inline[] {
  for (const node of nodes) {
    const last = into.at(-1);
    if (typeof node === "string" && typeof last === "string") into[into.length - 1] = last + node;
    else if (node !== "") into.push(node);
  }
  return into;
}

function inlineOf(tokens: readonly Token[]): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "text":
      case "escape":
        push(out, [token.text]);
        break;
      case "strong":
      case "em":
        push(out, [{ tag: token.type, children: inlineOf(token.tokens ?? []) }]);
        break;
      case "link": {
        const link = safeLink(token.href);
        if (link) push(out, [{ tag: "a", ...link, children: inlineOf(token.tokens ?? []) }]);
        else push(out, [token.raw]);
        break;
      }
      default:
        // Raw HTML, code, a picture inside a line, a hard break: the text as it was written.
        push(out, [token.raw]);
    }
  }
  return out;
}

/** The inline formatting of one line's text. */
export function parseInline(text: string): Inline[] {
  return inlineOf(Lexer.lexInline(text, LEXER_OPTIONS));
}

/** Every line of the points, trimmed, empty ones left out. */
export function postLines(points: readonly string[]): string[] {
  return points
    .flatMap((point) => point.split(/\r\n|\r|\n/))
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The blocks of a post's points (or of a page's or a policy section's body). */
export function parsePost(points: readonly string[]): PostBlock[] {
  const blocks: PostBlock[] = [];
  for (const text of postLines(points)) {
    const last = blocks.at(-1);
    let match: RegExpExecArray | null;
    if (text.startsWith("#")) {
      blocks.push({ kind: "heading", text: parseInline(text.replace(/^#+\s*/, "")) });
    } else if (text.startsWith("*")) {
      const item = parseInline(text.replace(/^\*+\s*/, ""));
      if (last?.kind === "list") last.items.push(item);
      else blocks.push({ kind: "list", items: [item] });
    } else if ((match = NUMBERED.exec(text))) {
      const item = parseInline(match[2]!);
      if (last?.kind === "ordered") last.items.push(item);
      else blocks.push({ kind: "ordered", start: Number(match[1]), items: [item] });
    } else if ((match = QUOTE.exec(text))) {
      const line = parseInline(match[1]!);
      if (last?.kind === "quote") last.lines.push(line);
      else blocks.push({ kind: "quote", lines: [line] });
    } else if ((match = IMAGE_LINE.exec(text)) && postImage(match[2]!)) {
      blocks.push({ kind: "image", alt: match[1]!.trim(), image: postImage(match[2]!)! });
    } else if (URL_LINE.test(text) && youtubeId(text)) {
      blocks.push({ kind: "video", id: youtubeId(text)!, url: youtubeWatchUrl(text)! });
    } else {
      blocks.push({ kind: "paragraph", text: parseInline(text) });
    }
  }
  return blocks;
}

/** A post's text without its Markdown, one line per line of text. */
export function postPlainText(points: readonly string[]): string {
  return parsePost(points).flatMap(blockText).join("\n");
}

/**
 * The first `words` words of a post's text without its Markdown (an excerpt, a feed's
 * description). Only the lines it needs are parsed: lists of many posts call it per post.
 */
export function postTeaser(points: readonly string[], words: number): string {
  const texts: string[] = [];
  let count = 0;
  for (const line of postLines(points)) {
    const text = parsePost([line]).flatMap(blockText).join(" ");
    texts.push(text);
    count += text.split(/\s+/).length;
    if (count > words) break;
  }
  return teaser(texts, words);
}
