import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { cleanText } from "../../../common/schemas/blog.ts";
import { youtubeId, youtubeWatchUrl } from "../../../common/youtube.ts";
import { expandShortcodes } from "./shortcodes.ts";

// A WordPress (or Ghost) post's HTML turned into the post format (decision 0032): one block a
// line, `#` headings, `*` bullets, `1.` numbered items, `>` quotes, pictures and YouTube
// addresses alone on their lines, **bold**, _italic_ and [links](…) inside. The HTML is read
// by htmlparser2 (classic editor content, block editor content with its `<!-- wp:… -->`
// comments, and the shortcodes made elements by shortcodes.ts); what the format cannot hold
// (tables, code, frames, forms, scripts, media files, shortcodes of plugins) is kept as far
// as its words go and named in `notes`, so the import's report lists it.

/** A line of the converted post, before its pictures are fetched. */
export type ConvertedLine =
  | { kind: "text"; text: string; heading?: boolean }
  /** A picture: fetched and shown, or (when it cannot be) a link or nothing, as reported. */
  | { kind: "picture"; url: string; alt: string; attachmentId?: string }
  /** `[gallery]`: the pictures of these attachments, or of the post's own when none are named. */
  | { kind: "gallery"; ids: string[] };

export interface Converted {
  lines: ConvertedLine[];
  /** What could not be kept as it was, each with how often: the report's notes. */
  notes: Map<string, number>;
}

export interface ConvertOptions {
  /** The old site's address: relative links and pictures are read against it. */
  siteUrl?: string;
  /**
   * Classic editor content (no block comments): blank lines are paragraphs and line breaks
   * are breaks, as WordPress's wpautop reads them. Found by itself when not given.
   */
  classic?: boolean;
}

const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "aside",
  "address",
  "center",
  "details",
  "summary",
  "dl",
  "dt",
  "dd",
  "figure",
  "figcaption",
  "nav",
  "wp-shortcode",
  "wp-caption",
  "wp-caption-text",
]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** Elements whose content is never words of the post. */
const DROPPED: Record<string, string> = {
  script: "a script (not kept)",
  noscript: "",
  style: "",
  template: "",
  head: "",
  form: "a form (not kept)",
  select: "",
  textarea: "",
  button: "",
  input: "",
  svg: "a drawing (SVG, not kept)",
  canvas: "a drawing (canvas, not kept)",
  math: "a formula (not kept)",
  map: "",
};

type Token =
  | { t: "text"; text: string }
  | { t: "open"; mark: "strong" | "em" }
  | { t: "open"; mark: "a"; href: string }
  | { t: "close" };

/** Markdown's marks written as the characters they are. */
const escapeText = (text: string) => text.replace(/[\\*_[\]`]/g, "\\$&");

/** An address as a link may name it: spaces and parentheses escaped. */
const linkTarget = (href: string) =>
  href.replace(/ /g, "%20").replace(/\(/g, "%28").replace(/\)/g, "%29");

/** A line whose first characters would make it a heading, quote or numbered item otherwise. */
function escapeLineStart(line: string): string {
  if (/^[#>]/.test(line)) return `\\${line}`;
  const numbered = /^(\d{1,9})\.(\s)/.exec(line);
  if (numbered) return `${numbered[1]}\\.${line.slice(numbered[1]!.length + 1)}`;
  return line;
}

/** One line's inline tokens as the post format's text (marks kept tight around their words). */
function serialize(tokens: readonly Token[]): string {
  let out = "";
  let space = false;
  const stack: { close: string; emitted: boolean; mark: string; href?: string }[] = [];
  const emitOpens = () => {
    for (const entry of stack) {
      if (entry.emitted) continue;
      const atStart = out.trim() === "";
      if (entry.mark === "strong") entry.close = atStart ? "__" : "**";
      else if (entry.mark === "em") entry.close = atStart ? "_" : "*";
      else entry.close = `](${linkTarget(entry.href!)})`;
      out += entry.mark === "a" ? "[" : entry.close;
      entry.emitted = true;
    }
  };
  for (const token of tokens) {
    if (token.t === "text") {
      const text = token.text.replace(/\s+/g, " ");
      if (text.trim() === "") {
        if (out !== "") space = true;
        continue;
      }
      if (/^\s/.test(text) && out !== "") space = true;
      if (space && out !== "" && !out.endsWith(" ")) out += " ";
      space = false;
      emitOpens();
      out += text.trim();
      if (/\s$/.test(text)) space = true;
    } else if (token.t === "open") {
      // Bold inside bold (or a link inside a link) adds nothing.
      if (stack.some((entry) => entry.mark === token.mark)) {
        stack.push({ close: "", emitted: true, mark: "nested" });
        continue;
      }
      if (space && out !== "" && !out.endsWith(" ")) out += " ";
      space = false;
      stack.push({
        close: "",
        emitted: false,
        mark: token.mark,
        href: token.mark === "a" ? token.href : undefined,
      });
    } else {
      const entry = stack.pop();
      if (!entry || !entry.emitted || entry.mark === "nested") continue;
      out = out.trimEnd();
      out += entry.close;
    }
  }
  for (const entry of stack.reverse()) {
    if (entry.emitted && entry.mark !== "nested") out = out.trimEnd() + entry.close;
  }
  return out.trim();
}

/** The class names of an element. */
const classesOf = (element: Element) => (element.attribs.class ?? "").split(/\s+/);

class Converter {
  readonly lines: ConvertedLine[] = [];
  readonly notes = new Map<string, number>();
  #tokens: Token[] = [];
  /** Marks open across a line break: closed at the break and opened again after it. */
  #open: Token[] = [];
  #prefix: () => string = () => "";
  #heading = false;
  #quote = 0;
  readonly #base: URL | undefined;
  readonly #classic: boolean;

  constructor(base: URL | undefined, classic: boolean) {
    this.#base = base;
    this.#classic = classic;
  }

  note(message: string): void {
    if (message) this.notes.set(message, (this.notes.get(message) ?? 0) + 1);
  }

  /** An address of the HTML made absolute; the old site's own pages as paths of this site. */
  address(value: string | undefined): string | undefined {
    const raw = value?.trim();
    if (!raw) return undefined;
    let url: URL;
    try {
      url = new URL(raw, this.#base ?? "http://invalid.invalid/");
    } catch {
      return undefined;
    }
    if (url.hostname === "invalid.invalid") return undefined;
    return url.href;
  }

  /** A link's target: http(s) and mailto kept, the old site's own pages as their paths. */
  linkHref(value: string | undefined): string | undefined {
    const raw = value?.trim();
    if (!raw || raw.startsWith("#")) return undefined;
    if (/^mailto:/i.test(raw)) return raw;
    const href = this.address(raw);
    if (!href) return undefined;
    const url = new URL(href);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    // The old site's pages answer here once its domain points to this site (the import's
    // redirects lead each old address to its new one).
    if (this.#base && url.host === this.#base.host) return `${url.pathname}${url.search}`;
    return url.href;
  }

  #linePrefix(): string {
    return (this.#quote > 0 ? "> " : "") + this.#prefix();
  }

  /** Ends the line being written (if it has words) and starts the next with its marks open. */
  flush(): void {
    const open = this.#open;
    const tokens = [...this.#tokens, ...open.map((): Token => ({ t: "close" }))];
    this.#tokens = [...open];
    const text = cleanText(serialize(tokens));
    if (text === "") return;
    const prefix = this.#linePrefix();
    this.lines.push({
      kind: "text",
      text: prefix ? `${prefix}${text}` : escapeLineStart(text),
      ...(this.#heading && this.#quote === 0 ? { heading: true } : {}),
    });
  }

  /** A block of its own: what came before ends, `body` writes it, and it ends too. */
  block(body: () => void): void {
    this.flush();
    body();
    this.flush();
  }

  /** A line of its own that is not text (a picture, a gallery, a video, a link). */
  own(line: ConvertedLine): void {
    this.flush();
    this.lines.push(line);
  }

  text(text: string): void {
    if (this.#classic && text.includes("\n")) {
      // wpautop: a blank line ends a paragraph, a single line break is a break.
      const parts = text.split(/\n/);
      parts.forEach((part, index) => {
        if (index > 0) this.flush();
        this.#tokens.push({ t: "text", text: escapeText(part) });
      });
      return;
    }
    this.#tokens.push({ t: "text", text: escapeText(text) });
  }

  mark(mark: "strong" | "em", children: ChildNode[]): void {
    const open: Token = { t: "open", mark };
    this.#tokens.push(open);
    this.#open.push(open);
    this.children(children);
    this.#open.pop();
    this.#tokens.push({ t: "close" });
  }

  link(href: string | undefined, children: ChildNode[]): void {
    if (!href) {
      this.children(children);
      return;
    }
    const open: Token = { t: "open", mark: "a", href };
    this.#tokens.push(open);
    this.#open.push(open);
    this.children(children);
    this.#open.pop();
    this.#tokens.push({ t: "close" });
  }

  children(nodes: readonly ChildNode[]): void {
    for (const node of nodes) this.node(node);
  }

  /** A video line for a YouTube address, else a link line to `url` and a note. */
  embed(url: string | undefined, what: string): void {
    const href = url ? this.linkHref(url) : undefined;
    if (!href) {
      this.note(`${what} without an address (not kept)`);
      return;
    }
    const video = /^https?:/.test(href) ? youtubeWatchUrl(href) : undefined;
    if (video) {
      // A video is a line of its own, never part of a list or a quote.
      this.own({ kind: "text", text: video });
      return;
    }
    const host = /^https?:/.test(href) ? new URL(href).hostname : "this site";
    this.note(`${what} from ${host} (kept as a link)`);
    this.own({
      kind: "text",
      text: `${this.#linePrefix()}[${escapeText(href)}](${linkTarget(href)})`,
    });
  }

  picture(element: Element): void {
    const src = this.address(element.attribs.src ?? element.attribs["data-src"]);
    if (!src) {
      this.note("a picture without an address (not kept)");
      return;
    }
    const id =
      /(?:^|\s)wp-image-(\d+)(?:\s|$)/.exec(element.attribs.class ?? "")?.[1] ??
      (/^\d+$/.test(element.attribs["data-id"] ?? "") ? element.attribs["data-id"] : undefined);
    this.own({
      kind: "picture",
      url: src,
      alt: cleanText(element.attribs.alt ?? "")
        .replace(/\s+/g, " ")
        .trim(),
      ...(id ? { attachmentId: id } : {}),
    });
  }

  list(element: Element, ordered: boolean): void {
    this.flush();
    if (/gallery/.test(element.attribs.class ?? "")) {
      // The block editor's gallery is a list of figures: pictures, not bullets.
      for (const item of element.children) this.block(() => this.node(item));
      return;
    }
    const outer = this.#prefix;
    const nested = outer() !== "";
    if (nested) this.note("a list inside a list (flattened)");
    let number = ordered ? Number.parseInt(element.attribs.start ?? "1", 10) || 1 : 0;
    for (const item of element.children) {
      if (item.type !== "tag" || item.name !== "li") {
        // Text between the items is none of them.
        if (item.type === "tag") this.node(item);
        continue;
      }
      const marker = ordered ? `${number++}. ` : "* ";
      this.#prefix = () => marker;
      this.children(item.children);
      this.flush();
    }
    this.#prefix = outer;
  }

  table(element: Element): void {
    this.note("a table (kept as its text, a row a line)");
    this.flush();
    const rows: Element[] = [];
    const collect = (nodes: readonly ChildNode[]) => {
      for (const node of nodes) {
        if (node.type !== "tag") continue;
        if (node.name === "tr") rows.push(node);
        else if (node.name !== "table") collect(node.children);
      }
    };
    collect(element.children);
    for (const row of rows) {
      const cells = row.children
        .filter((cell): cell is Element => cell.type === "tag" && /^t[dh]$/.test(cell.name))
        .map((cell) => textOf(cell).replace(/\s+/g, " ").trim())
        .filter((cell) => cell !== "");
      if (cells.length > 0) this.text(cells.join(" · "));
      this.flush();
    }
  }

  node(node: ChildNode): void {
    if (node.type === "text") {
      this.text(node.data);
      return;
    }
    if (node.type === "cdata") {
      this.children(node.children);
      return;
    }
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") return;
    const element = node as Element;
    const name = element.name.toLowerCase();
    if (name in DROPPED) {
      this.note(DROPPED[name]!);
      return;
    }
    if (HEADINGS.has(name)) {
      this.block(() => {
        const outer = this.#prefix;
        this.#prefix = () => "# ";
        this.#heading = true;
        this.children(element.children);
        this.flush();
        this.#heading = false;
        this.#prefix = outer;
      });
      return;
    }
    switch (name) {
      case "br":
        this.flush();
        return;
      case "hr":
        this.flush();
        this.note("a horizontal line (not kept)");
        return;
      case "img":
        this.picture(element);
        return;
      case "strong":
      case "b":
        this.mark("strong", element.children);
        return;
      case "em":
      case "i":
        this.mark("em", element.children);
        return;
      case "a":
        this.link(this.linkHref(element.attribs.href), element.children);
        return;
      case "ul":
      case "ol":
        this.list(element, name === "ol");
        return;
      case "li":
        if (/gallery/.test(element.attribs.class ?? "")) {
          this.block(() => this.children(element.children));
          return;
        }
        // An item outside a list: a bullet all the same.
        this.block(() => {
          const outer = this.#prefix;
          this.#prefix = () => "* ";
          this.children(element.children);
          this.flush();
          this.#prefix = outer;
        });
        return;
      case "blockquote":
        this.block(() => {
          this.#quote++;
          this.children(element.children);
          this.flush();
          this.#quote--;
        });
        return;
      case "pre":
        this.note("a block of code (kept as plain text)");
        this.block(() => {
          for (const line of textOf(element).split(/\r?\n/)) {
            this.#tokens.push({ t: "text", text: escapeText(line) });
            this.flush();
          }
        });
        return;
      case "table":
        this.table(element);
        return;
      case "iframe":
        this.embed(element.attribs.src, "an embedded frame");
        return;
      case "video":
      case "audio": {
        const source =
          element.attribs.src ??
          element.children
            .filter((child): child is Element => child.type === "tag" && child.name === "source")
            .map((child) => child.attribs.src)
            .find(Boolean);
        this.embed(source, name === "video" ? "a video file" : "a sound file");
        return;
      }
      case "object":
      case "embed":
        this.embed(element.attribs.data ?? element.attribs.src, "an embedded object");
        return;
      case "wp-gallery":
        this.own({
          kind: "gallery",
          ids: (element.attribs.ids ?? "")
            .split(",")
            .map((id) => id.trim())
            .filter((id) => /^\d+$/.test(id)),
        });
        return;
      case "wp-embed":
        this.embed(element.attribs.url, "an embed");
        return;
      case "wp-media":
        this.embed(element.attribs.src, `a [${element.attribs.kind ?? "media"}] file`);
        return;
      case "wp-shortcode":
        this.note(`the shortcode [${element.attribs.name ?? ""}] (its words were kept)`);
        this.block(() => this.children(element.children));
        return;
      default:
        break;
    }
    const classes = classesOf(element);
    if (name === "figure" && classes.includes("wp-block-embed")) {
      // The block editor's embed: its address is the wrapper's text.
      const url = textOf(element).trim().split(/\s+/)[0];
      this.embed(url, "an embed");
      return;
    }
    if (classes.includes("wp-block-cover") && /url\(/.test(element.attribs.style ?? "")) {
      this.note("a cover block's background picture (not kept)");
    }
    if (name === "figure") {
      // A figure (a picture and its caption) inside a gallery's list is no bullet.
      this.block(() => {
        const outer = this.#prefix;
        this.#prefix = () => "";
        this.children(element.children);
        this.flush();
        this.#prefix = outer;
      });
      return;
    }
    if (BLOCKS.has(name)) {
      this.block(() => this.children(element.children));
      return;
    }
    this.children(element.children);
  }

  /** A paragraph that is one address alone: a video when it is YouTube's, else a link. */
  bareAddresses(): void {
    for (const [index, line] of this.lines.entries()) {
      if (line.kind !== "text" || line.heading) continue;
      const raw = line.text.replace(/\\(.)/g, "$1");
      if (!/^https?:\/\/\S+$/.test(raw)) continue;
      const video = youtubeId(raw) ? youtubeWatchUrl(raw) : undefined;
      this.lines[index] = { kind: "text", text: video ?? `[${line.text}](${linkTarget(raw)})` };
    }
  }
}

/** The words of an element and everything inside it. */
export function textOf(node: ChildNode | Element): string {
  if (node.type === "text") return node.data;
  if ("children" in node) return node.children.map(textOf).join("");
  return "";
}

/** The words of an HTML fragment (an excerpt), without its tags, on one line. */
export function plainText(html: string): string {
  const document = parseDocument(html, { decodeEntities: true });
  return cleanText(document.children.map(textOf).join(" ")).replace(/\s+/g, " ").trim();
}

/** Whether content was written with the classic editor (no block comments). */
const isClassic = (html: string) => !/<!--\s*wp:/.test(html);

/** A post's HTML as lines of the post format, with the notes of what could not be kept. */
export function convertWordPressHtml(html: string, options: ConvertOptions = {}): Converted {
  let base: URL | undefined;
  try {
    base = options.siteUrl ? new URL(options.siteUrl) : undefined;
  } catch {
    base = undefined;
  }
  const classic = options.classic ?? isClassic(html);
  // WordPress's own comments (<!--more-->, block delimiters) carry no words.
  const document = parseDocument(expandShortcodes(html), {
    decodeEntities: true,
    lowerCaseTags: true,
  });
  const converter = new Converter(base, classic);
  converter.children(document.children);
  converter.flush();
  converter.bareAddresses();
  return { lines: converter.lines, notes: converter.notes };
}
