/** Text for an XML element or attribute. */
export function xmlEscape(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
