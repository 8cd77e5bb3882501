import { escapeMarkup } from "../../common/markup.ts";

// The frame of the site's HTML mails (the newsletter, the weekly traffic report): a column
// 600 px wide on a grey page, a band in the site identity's primary colour with its name, a
// white card, and small print under it. Mail clients drop or rewrite style sheets and Outlook
// lays out with Word: so tables, every style inline, sizes in attributes too. The one <style>
// is an optional dark-mode touch for clients that honour it; the mail reads the same without
// it (dark text on white, the clients that invert do so). Outlook on Windows takes
// `width:100%` over a table's width attribute: a fixed 600 px table in its conditional
// comments holds the column for it alone.

/** Who sends it: the site identity's name and colours. */
export interface MailBrand {
  name: string;
  primaryColour: string;
  accentColour: string;
}

export const MAIL_WIDTH = 600;
export const MAIL_PAD = 32;
export const MAIL_FONT = "font-family:Arial,Helvetica,sans-serif";
export const MAIL_TEXT = "#1f2937";
export const MAIL_MUTED = "#6b7280";

/** A link in the small print (or another `colour`), its address and words escaped. */
export function mailLink(href: string, text: string, colour = MAIL_MUTED): string {
  return `<a href="${escapeMarkup(href)}" style="color:${colour};text-decoration:underline">${escapeMarkup(text)}</a>`;
}

/** A button in the brand's colour (a table: Outlook draws no padding on a link). */
export function mailButton(brand: MailBrand, href: string, text: string): string {
  const colour = escapeMarkup(brand.primaryColour);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 0"><tr><td bgcolor="${colour}" style="background:${colour};border-radius:4px"><a href="${escapeMarkup(href)}" style="${MAIL_FONT};display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeMarkup(text)}</a></td></tr></table>`;
}

/**
 * A whole HTML mail. `title` is text (escaped here); `preheader` text the inbox shows beside
 * the subject; `above` markup over the band (right-aligned small print), `card` the rows
 * (`<tr>…</tr>`) of the white card, `footer` the small print's markup.
 */
export function mailDocument(parts: {
  title: string;
  brand: MailBrand;
  preheader?: string;
  above?: string;
  card: string;
  footer: string;
}): string {
  const { brand } = parts;
  const primary = escapeMarkup(brand.primaryColour);
  // Shown by the inbox beside the subject, hidden in the mail; the spaces keep the inbox
  // from filling the rest of the line with the mail's first words.
  const preheader = parts.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:#ffffff;opacity:0">${escapeMarkup(parts.preheader)}${"&#8199;&#847; ".repeat(40)}</div>`
    : "";
  const above = parts.above
    ? `<tr><td class="nl-foot" align="right" style="${MAIL_FONT};font-size:12px;line-height:18px;color:${MAIL_MUTED};padding:0 0 8px">${parts.above}</td></tr>\n`
    : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeMarkup(parts.title)}</title>
<style>
@media (prefers-color-scheme: dark) {
  .nl-page { background: #111827 !important; }
  .nl-card { background: #1f2937 !important; }
  .nl-card h1, .nl-card h2, .nl-card p, .nl-card li, .nl-card td { color: #f3f4f6 !important; }
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
<!--[if mso]><table role="presentation" width="${MAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="${MAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${MAIL_WIDTH}px">
${above}<tr><td bgcolor="${primary}" style="background:${primary};padding:20px ${MAIL_PAD}px;${MAIL_FONT};font-size:20px;line-height:26px;font-weight:bold;color:#ffffff;border-top:4px solid ${escapeMarkup(brand.accentColour)}">${escapeMarkup(brand.name)}</td></tr>
</table>
<table role="presentation" class="nl-card" width="${MAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:${MAIL_WIDTH}px;background:#ffffff">
${parts.card}
</table>
<table role="presentation" width="${MAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${MAIL_WIDTH}px">
<tr><td class="nl-foot" style="${MAIL_FONT};font-size:12px;line-height:18px;color:${MAIL_MUTED};padding:20px ${MAIL_PAD}px;text-align:center">
${parts.footer}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}
