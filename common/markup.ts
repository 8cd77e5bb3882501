/**
 * Text for an XML or HTML element or attribute: the five characters that could end or open
 * markup (`<`, `>`, `&`, `"`, `'`) as numeric references. The feeds, the sitemap, the mails'
 * HTML and the drawn illustrations all escape with this one function.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
