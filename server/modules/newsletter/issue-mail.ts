import { newsletterWebPath } from "../../../common/newsletter.ts";
import type { Inline, PostBlock } from "../../../common/post-blocks.ts";
import { parsePost } from "../../../common/post-format.ts";
import { everywhereImage } from "../../../common/share-image.ts";
import { postHtml, type PostHtmlStyles } from "../../../app/lib/post-html.ts";
import { escapeMarkup } from "../../../common/markup.ts";
import {
  MAIL_FONT,
  MAIL_PAD,
  MAIL_TEXT,
  MAIL_WIDTH,
  mailButton,
  mailDocument,
  mailLink,
  type MailBrand,
} from "../../mail/layout.ts";

// The newsletter's mail (issue 32, decision 0036): one HTML part that holds up in Gmail,
// Outlook and dark mode, and a plain-text part, rendered once per send (`prepareIssue`) and
// then per recipient (`issueMail`: the recipient's own unsubscribe link and headers).
// The frame (band, card, small print) is the site's mail layout (server/mail/layout.ts);
// every address is absolute, every text escaped.

/** What a send says: its subject, preview text, body and, for a post, the post. */
export interface IssueContent {
  sendId: string;
  subject: string;
  previewText: string;
  /** The body's points in the post format. */
  body: readonly string[];
  post?: {
    title: string;
    /** Absolute address of the post on the site. */
    url: string;
    /** The cover (absolute address of the original; shown as its JPEG when it is WebP). */
    cover?: { src: string; alt: string; width: number; height: number };
  };
}

/** Who sends it: the site identity's name and colours, the contact settings' address. */
export interface IssueBrand extends MailBrand {
  origin: string;
  /** The postal address in one line ("" when none is set). */
  postalAddress: string;
}

/** The parts of a send's mail that are the same for every recipient. */
export interface PreparedIssue {
  subject: string;
  webUrl: string;
  /** The HTML with UNSUBSCRIBE where each recipient's link goes. */
  html: string;
  /** The text with UNSUBSCRIBE where each recipient's link goes. */
  text: string;
}

const WIDTH = MAIL_WIDTH;
const PAD = MAIL_PAD;
/** Where the recipient's unsubscribe address goes; no text of a send can contain it. */
const UNSUBSCRIBE = "\u0000unsubscribe\u0000";
const FONT = MAIL_FONT;
const TEXT = MAIL_TEXT;

/** No line break and no NUL in a subject or header value. */
const oneLine = (text: string) =>
  noNul(text)
    .replace(/[\r\n]+/g, " ")
    .trim();
/** Text of a send without NUL, so that no text can hold the placeholder. */
const noNul = (text: string) => text.replaceAll("\u0000", "");

/** The body's inline styles: the site's post format, sized for mail. */
function bodyStyles(brand: IssueBrand): PostHtmlStyles {
  return {
    h2: `${FONT};font-size:22px;line-height:28px;font-weight:bold;color:${TEXT};margin:28px 0 12px`,
    p: `${FONT};font-size:16px;line-height:26px;color:${TEXT};margin:0 0 16px`,
    ul: `${FONT};font-size:16px;line-height:26px;color:${TEXT};margin:0 0 16px;padding-left:24px`,
    ol: `${FONT};font-size:16px;line-height:26px;color:${TEXT};margin:0 0 16px;padding-left:24px`,
    li: "margin:0 0 6px",
    blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${brand.accentColour}`,
    a: `color:${brand.primaryColour};text-decoration:underline`,
    img: "display:block;max-width:100%;height:auto;border:0",
    strong: "font-weight:bold",
    em: "font-style:italic",
  };
}

/**
 * The body as the text part shows it: postPlainText's words, with what a reader of text
 * mail needs besides: list marks, quote marks, and each link's address after its words.
 */
function plainText(blocks: readonly PostBlock[], origin: string): string {
  const inline = (nodes: readonly Inline[]): string =>
    nodes
      .map((node) => {
        if (typeof node === "string") return node;
        if (node.tag !== "a") return inline(node.children);
        const href = node.href.startsWith("/") ? `${origin}${node.href}` : node.href;
        const words = inline(node.children);
        return words === href ? href : `${words} (${href.replace(/^mailto:/, "")})`;
      })
      .join("");
  return blocks
    .map((block) => {
      switch (block.kind) {
        case "heading":
          return inline(block.text).toUpperCase();
        case "paragraph":
          return inline(block.text);
        case "list":
          return block.items.map((item) => `* ${inline(item)}`).join("\n");
        case "ordered":
          return block.items.map((item, i) => `${block.start + i}. ${inline(item)}`).join("\n");
        case "quote":
          return block.lines.map((line) => `> ${inline(line)}`).join("\n");
        case "image":
          return block.alt ? `[${block.alt}]` : "";
        case "video":
          return `Watch the video: ${block.url}`;
      }
    })
    .filter(Boolean)
    .join("\n\n");
}

/** The mail of a send with a placeholder for each recipient's unsubscribe link. */
export function prepareIssue(content: IssueContent, brand: IssueBrand): PreparedIssue {
  const { origin } = brand;
  const webUrl = `${origin}${newsletterWebPath(content.sendId)}`;
  const subject = oneLine(content.subject);
  const body = content.body.map(noNul);
  // Pictures as JPEG where they are WebP: Outlook on Windows shows no WebP.
  const blocks = parsePost(body).map((block) =>
    block.kind === "image"
      ? { ...block, image: { ...block.image, src: everywhereImage(block.image.src, origin) } }
      : block,
  );
  const bodyHtml = postHtml(blocks, origin, bodyStyles(brand), WIDTH - 2 * PAD);
  const post = content.post;
  const cover = post?.cover
    ? `<tr><td style="padding:0"><img src="${escapeMarkup(everywhereImage(post.cover.src, origin))}" alt="${escapeMarkup(post.cover.alt)}" width="${WIDTH}" height="${Math.round((post.cover.height * WIDTH) / post.cover.width)}" style="display:block;width:100%;max-width:${WIDTH}px;height:auto;border:0"></td></tr>`
    : "";
  const title = post
    ? `<h1 style="${FONT};font-size:28px;line-height:34px;font-weight:bold;color:${TEXT};margin:0 0 20px">${escapeMarkup(post.title)}</h1>`
    : "";
  const readOn = post ? mailButton(brand, post.url, "Read on the website") : "";
  const address = brand.postalAddress ? `<br>${escapeMarkup(brand.postalAddress)}` : "";
  const html = mailDocument({
    title: subject,
    brand,
    preheader: oneLine(content.previewText),
    above: mailLink(webUrl, "View in the browser"),
    card: `${cover}
<tr><td style="padding:${PAD}px ${PAD}px 24px">
${title}${bodyHtml}
${post ? `<div class="nl-button">${readOn}</div>` : ""}
</td></tr>`,
    footer: `You receive this because you subscribed to the newsletter of ${escapeMarkup(brand.name)}.<br>
${mailLink(UNSUBSCRIBE, "Unsubscribe")} &middot; ${mailLink(webUrl, "View in the browser")}
<br><br><strong style="font-weight:bold">${escapeMarkup(brand.name)}</strong>${address}`,
  });
  const text = [
    ...(content.previewText ? [oneLine(content.previewText), ""] : []),
    `View in the browser: ${webUrl}`,
    "",
    ...(post ? [post.title, "=".repeat(Math.min(post.title.length, 70)), ""] : []),
    plainText(blocks, origin),
    ...(post ? ["", `Read on the website: ${post.url}`] : []),
    "",
    // The signature's separator ("-- "): mail readers dim or fold what follows.
    "-- ",
    brand.name,
    ...(brand.postalAddress ? [brand.postalAddress] : []),
    `Unsubscribe: ${UNSUBSCRIBE}`,
    "",
  ].join("\n");
  return { subject, webUrl, html, text };
}

/** One recipient's mail: the prepared send with their unsubscribe link and headers. */
export function issueMail(issue: PreparedIssue, to: string, unsubscribeUrl: string) {
  const url = oneLine(unsubscribeUrl);
  return {
    to,
    subject: issue.subject,
    html: issue.html.replaceAll(UNSUBSCRIBE, escapeMarkup(url)),
    text: issue.text.replaceAll(UNSUBSCRIBE, url),
    headers: {
      // One click from the inbox (RFC 8058): the page answers the POST by unsubscribing.
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
