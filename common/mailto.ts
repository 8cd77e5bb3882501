// Every mailto: link of the product (the inbox's Reply, the contact details on the pages).
// No zod here: the public pages' components use it.

/** Percent-encodes one side of an address: nothing in it reads as mailto: syntax. */
const encoded = (part: string) => encodeURIComponent(part);

/**
 * A `mailto:` link to one address (RFC 6068), with an optional subject and body. The local
 * part and the domain are percent-encoded on either side of the last `@`, so an address
 * stored before the e-mail rule refused `?`, `&`, `,` and `%` (issue 46) still opens a mail
 * to that one address, `a@b.c?bcc=x@y.z` included: never a second recipient or a header.
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}) {
  const at = address.lastIndexOf("@");
  const to =
    at < 0
      ? encoded(address)
      : `${encoded(address.slice(0, at))}@${encoded(address.slice(at + 1))}`;
  const query = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encoded(value)}`)
    .join("&");
  return `mailto:${to}${query ? `?${query}` : ""}`;
}
