import { newsletterWebPath } from "../../../common/newsletter.ts";
import type { Inline, PostBlock } from "../../../common/post-blocks.ts";
import { parsePost } from "../../../common/post-format.ts";
import { postHtml, type PostHtmlStyles } from "../../../app/lib/post-html.ts";
import { escapeMarkup } from "../../../common/markup.ts";

// The newsletter's mail (issue 32, decision 0036): one HTML part that holds up in Gmail,
// Outlook and dark mode, and a plain-text part, rendered once per send (`prepareIssue`) and
// then per recipient (`issueMail`: the recipient's own unsubscribe link and headers).
//
// Mail clients drop or rewrite style sheets and Outlook lays out with Word: so a table 600
// px wide, every style inline, sizes in attributes too, every address absolute, every text
// escaped. The one <style> is an optional dark-mode touch for clients that honour it; the
// mail reads the same without it (dark text on white, the clients that invert do so).
// Outlook on Windows takes `width:100%` over a table's width attribute: a fixed 600 px
// table in its conditional comments holds the column for it alone.

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
    /** The cover (absolute address of the original, which every client can show). */
    cover?: { src: string; alt: string; width: number; height: number };
  };
}

/** Who sends it: the site identity's name and colours, the contact settings' address. */
export interface IssueBrand {
  origin: string;
  name: string;
  primaryColour: string;
  accentColour: string;
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

const WIDTH = 600;
const PAD = 32;
/** Where the recipient's unsubscribe address goes; no text of a send can contain it. */
const UNSUBSCRIBE = "\u0000unsubscribe\u0000";
const FONT = "font-family:Arial,Helvetica,sans-serif";
const TEXT = "#1f2937";
const MUTED = "#6b7280";

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
  const blocks = parsePost(body);
  const bodyHtml = postHtml(blocks, origin, bodyStyles(brand), WIDTH - 2 * PAD);
  const post = content.post;
  const link = (href: string, text: string, colour = MUTED) =>
    `<a href="${escapeMarkup(href)}" style="color:${colour};text-decoration:underline">${escapeMarkup(text)}</a>`;
  const cover = post?.cover
    ? `<tr><td style="padding:0"><img src="${escapeMarkup(post.cover.src)}" alt="${escapeMarkup(post.cover.alt)}" width="${WIDTH}" height="${Math.round((post.cover.height * WIDTH) / post.cover.width)}" style="display:block;width:100%;max-width:${WIDTH}px;height:auto;border:0"></td></tr>`
    : "";
  const title = post
    ? `<h1 style="${FONT};font-size:28px;line-height:34px;font-weight:bold;color:${TEXT};margin:0 0 20px">${escapeMarkup(post.title)}</h1>`
    : "";
  const readOn = post
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 0"><tr><td bgcolor="${escapeMarkup(brand.primaryColour)}" style="background:${escapeMarkup(brand.primaryColour)};border-radius:4px"><a href="${escapeMarkup(post.url)}" style="${FONT};display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">Read on the website</a></td></tr></table>`
    : "";
  const address = brand.postalAddress ? `<br>${escapeMarkup(brand.postalAddress)}` : "";
  // Shown by the inbox beside the subject, hidden in the mail; the spaces keep the inbox
  // from filling the rest of the line with the mail's first words.
  const preheader = content.previewText
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:#ffffff;opacity:0">${escapeMarkup(oneLine(content.previewText))}${"&#8199;&#847; ".repeat(40)}</div>`
    : "";
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeMarkup(subject)}</title>
<style>
@media (prefers-color-scheme: dark) {
  .nl-page { background: #111827 !important; }
  .nl-card { background: #1f2937 !important; }
  .nl-card h1, .nl-card h2, .nl-card p, .nl-card li { color: #f3f4f6 !important; }
  .nl-card a { color: #93c5fd !important; }
  .nl-card .nl-button a { color: #ffffff !important; }
  .nl-foot, .nl-foot a { color: #9ca3af !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
${preheader}
<table role="presentation" class="nl-page" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f3f4f6" style="background:#f3f4f6">
<tr><td align="center" style="padding:16px 8px">
<!--[if mso]><table role="presentation" width="${WIDTH}" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="${WIDTH}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${WIDTH}px">
<tr><td class="nl-foot" align="right" style="${FONT};font-size:12px;line-height:18px;color:${MUTED};padding:0 0 8px">${link(webUrl, "View in the browser")}</td></tr>
<tr><td bgcolor="${escapeMarkup(brand.primaryColour)}" style="background:${escapeMarkup(brand.primaryColour)};padding:20px ${PAD}px;${FONT};font-size:20px;line-height:26px;font-weight:bold;color:#ffffff;border-top:4px solid ${escapeMarkup(brand.accentColour)}">${escapeMarkup(brand.name)}</td></tr>
</table>
<table role="presentation" class="nl-card" width="${WIDTH}" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:${WIDTH}px;background:#ffffff">
${cover}
<tr><td style="padding:${PAD}px ${PAD}px 24px">
${title}${bodyHtml}
${post ? `<div class="nl-button">${readOn}</div>` : ""}
</td></tr>
</table>
<table role="presentation" width="${WIDTH}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${WIDTH}px">
<tr><td class="nl-foot" style="${FONT};font-size:12px;line-height:18px;color:${MUTED};padding:20px ${PAD}px;text-align:center">
You receive this because you subscribed to the newsletter of ${escapeMarkup(brand.name)}.<br>
${link(UNSUBSCRIBE, "Unsubscribe")} &middot; ${link(webUrl, "View in the browser")}
<br><br><strong style="font-weight:bold">${escapeMarkup(brand.name)}</strong>${address}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
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
