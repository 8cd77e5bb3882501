import { normalizePhone } from "../../../common/schemas/enquiry.ts";

// What makes two enquiries one person (issue 52, item 2, decision 0046 "One contact per
// person"): the same e-mail address whatever its case, or the same phone number however it
// was written (0803…, 803…, +234803… and 234803… are one). The one owner of that rule: the
// insert, the migration that fills the contacts of existing enquiries (0048) and the read of
// an enquiry written by other means all take their keys from here.

/** The fewest national digits a phone number needs to join people (a stray "+2341" does not). */
const MIN_PHONE_DIGITS = 7;

/**
 * An enquiry's contact keys, the e-mail's first: "e:<address in lower case>" and
 * "p:234<national digits>". A key no other person can share is left out (no e-mail, a
 * number too short to tell anyone apart).
 */
export function contactKeys(email: string, phone: string): string[] {
  const keys: string[] = [];
  const address = email.trim().toLowerCase();
  if (address) keys.push(`e:${address}`);
  const number = normalizePhone(phone.trim());
  const digits = number?.replace(/\D/g, "") ?? "";
  if (digits.length >= 3 + MIN_PHONE_DIGITS) keys.push(`p:${digits}`);
  return keys;
}

/**
 * The contact an enquiry with `keys` joins: the one its first known key belongs to (the
 * e-mail's before the phone's), else `fresh`. A new enquiry never moves another enquiry
 * nor joins two contacts into one: that is staff's Merge.
 */
export function chosenContact(
  keys: readonly string[],
  known: ReadonlyMap<string, string>,
  fresh: string,
): string {
  for (const key of keys) {
    const contact = known.get(key);
    if (contact) return contact;
  }
  return fresh;
}
