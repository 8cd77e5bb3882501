// WordPress shortcodes (`[caption …]…[/caption]`, `[gallery ids="…"]`, `[embed]…[/embed]`)
// inside a post's HTML, turned into elements of their own before the HTML is parsed, so the
// converter (wordpress-html.ts) meets them in document order among the other elements.
// WordPress itself reads them with a regular expression over the text of registered names;
// which names the old site registered is not in the export, so a bracket is read as a
// shortcode when its name is a known one, when it carries key=value attributes, or when its
// closing [/name] follows: "[citation needed]" stays text, "[contact-form-7 id=…]" does not.

/** Shortcodes the converter understands; any other one is reported and left out. */
const KNOWN = new Set(["caption", "wp_caption", "gallery", "embed", "audio", "video", "playlist"]);
/** What WordPress allows in a shortcode's name. */
const NAME = /^[A-Za-z0-9_-]+/;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The attributes of a shortcode: key="value", key='value', key=value, or positional values. */
export function shortcodeAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern =
    /([\w-]+)\s*=\s*"([^"]*)"|([\w-]+)\s*=\s*'([^']*)'|([\w-]+)\s*=\s*([^\s'"\]]+)|"([^"]*)"|(\S+)/g;
  let position = 0;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) attributes[match[1].toLowerCase()] = match[2]!;
    else if (match[3] !== undefined) attributes[match[3].toLowerCase()] = match[4]!;
    else if (match[5] !== undefined) attributes[match[5].toLowerCase()] = match[6]!;
    else attributes[String(position++)] = match[7] ?? match[8]!;
  }
  return attributes;
}

interface Opening {
  name: string;
  attributes: Record<string, string>;
  /** Index just past the closing bracket. */
  end: number;
  selfClosing: boolean;
  hasKeyValue: boolean;
}

/** The shortcode opening at `text[start]` ("["), if one is there. */
function openingAt(text: string, start: number): Opening | undefined {
  const name = NAME.exec(text.slice(start + 1, start + 65))?.[0];
  if (!name) return undefined;
  let index = start + 1 + name.length;
  const next = text[index];
  if (next !== "]" && next !== " " && next !== "/" && next !== "\t" && next !== "\n") {
    return undefined;
  }
  // The attributes run to the first "]" outside quotes.
  let quote: string | undefined;
  for (; index < text.length; index++) {
    const character = text[index]!;
    if (quote) {
      if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === "]") break;
    else if (character === "[" || index - start > 2000) return undefined;
  }
  if (index >= text.length) return undefined;
  let inside = text.slice(start + 1 + name.length, index);
  const selfClosing = /\/\s*$/.test(inside);
  if (selfClosing) inside = inside.replace(/\/\s*$/, "");
  return {
    name: name.toLowerCase(),
    attributes: shortcodeAttributes(inside),
    end: index + 1,
    selfClosing,
    hasKeyValue: /[\w-]\s*=/.test(inside),
  };
}

/** Where `[/name]` closes a shortcode opened before `from`, if it does. */
function closingOf(text: string, name: string, from: number): number {
  const pattern = new RegExp(`\\[/${name.replace(/[-]/g, "\\-")}\\]`, "i");
  const match = pattern.exec(text.slice(from));
  return match ? from + match.index : -1;
}

/**
 * The HTML with its shortcodes made elements: `<wp-caption>` (with the caption attribute as
 * `<wp-caption-text>`), `<wp-gallery ids>`, `<wp-embed url>`, `<wp-media kind src>` and, for
 * any other shortcode, `<wp-shortcode name>` around what it enclosed. `[[name]]` is
 * WordPress's way to write a shortcode as text: it becomes `[name]`.
 */
export function expandShortcodes(html: string): string {
  let out = "";
  let index = 0;
  while (index < html.length) {
    const at = html.indexOf("[", index);
    if (at === -1) break;
    out += html.slice(index, at);
    // [[name …]] is the shortcode written as text.
    if (html[at + 1] === "[") {
      const close = html.indexOf("]]", at);
      const inner = close === -1 ? undefined : openingAt(html, at + 1);
      if (inner && close !== -1 && inner.end === close + 1) {
        out += html.slice(at + 1, close + 1);
        index = close + 2;
        continue;
      }
      out += "[";
      index = at + 1;
      continue;
    }
    const opening = openingAt(html, at);
    if (!opening) {
      out += "[";
      index = at + 1;
      continue;
    }
    const closeAt = opening.selfClosing ? -1 : closingOf(html, opening.name, opening.end);
    const known = KNOWN.has(opening.name);
    if (!known && closeAt === -1 && !opening.hasKeyValue) {
      // "[citation needed]": text, not a shortcode.
      out += "[";
      index = at + 1;
      continue;
    }
    const body = closeAt === -1 ? "" : html.slice(opening.end, closeAt);
    const after = closeAt === -1 ? opening.end : closeAt + opening.name.length + 3;
    out += element(opening, body);
    index = after;
  }
  return out + html.slice(index);
}

function element(opening: Opening, body: string): string {
  const { name, attributes } = opening;
  switch (name) {
    case "caption":
    case "wp_caption": {
      const caption = attributes.caption
        ? `<wp-caption-text>${escapeAttribute(attributes.caption)}</wp-caption-text>`
        : "";
      return `<wp-caption>${expandShortcodes(body)}${caption}</wp-caption>`;
    }
    case "gallery":
      return `<wp-gallery ids="${escapeAttribute(attributes.ids ?? attributes.include ?? "")}"></wp-gallery>`;
    case "embed":
      return `<wp-embed url="${escapeAttribute((attributes.src ?? body).trim())}"></wp-embed>`;
    case "audio":
    case "video":
    case "playlist": {
      const src =
        attributes.src ?? attributes.mp4 ?? attributes.mp3 ?? attributes.webm ?? body.trim();
      return `<wp-media kind="${name}" src="${escapeAttribute(src)}"></wp-media>`;
    }
    default:
      return `<wp-shortcode name="${escapeAttribute(name)}">${expandShortcodes(body)}</wp-shortcode>`;
  }
}
