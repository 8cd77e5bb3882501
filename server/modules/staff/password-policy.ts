import { newPasswordSchema, passwordMessages } from "../../../common/schemas/auth.ts";

// The one rule for a new staff password (issue 46, ASVS 5.0 V6.2), used wherever a password
// is set: accepting an invitation, a reset by link or on the command line, changing it on My
// account, the first owner of a fresh install. Length (12 to 1,024) and "not only spaces"
// are the shared schema's, which the forms check too; this adds what needs a list or the
// account:
//
// - the list of common and breached passwords of @zxcvbn-ts/language-common (MIT): the
//   49,233 passwords used most often in the 10 million leaked credentials that Mark Burnett
//   published (xato.net, 2015), lower-cased; checked as typed, without spaces, without the numbers
//   and signs around it ("Password2024!"), with common letter swaps undone ("P@ssw0rd"),
//   and as a word repeated ("passwordpassword");
// - a password that only repeats a few characters ("aaaaaaaaaaaa", "abcabcabcabc"), or runs
//   along the keyboard or the alphabet ("qwertyuiopasdf", "abcdefghijkl");
// - the account's own e-mail address and the name before its @, alone or with numbers and
//   signs only ("ada.obi2024!");
// - the agency's name as the Site identity screen stores it, or a word of it, alone or with
//   numbers and signs only (a context word, V6.2.11).
//
// The list loads on first use (about 0.1 s, 12 MB), not at start.

export interface PasswordContext {
  /** The account's e-mail address (the new account's, for an invitation or the CLI). */
  email: string;
  /** The agency's stored name (the Site identity screen). */
  agencyName: string;
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** The list, as a set, loaded once. */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"] as string[]),
  );
  return commonPasswords;
}

/** Letters swapped for look-alikes; "1" may stand for "i" or "l". */
const SWAPS: [RegExp, string][] = [
  [/@|4/g, "a"],
  [/0/g, "o"],
  [/3/g, "e"],
  [/\$|5/g, "s"],
  [/7|\+/g, "t"],
  [/!/g, "i"],
];
const unswapped = (value: string) => {
  const base = SWAPS.reduce((text, [from, to]) => text.replace(from, to), value);
  return [base.replace(/1/g, "i"), base.replace(/1/g, "l")];
};

/** Numbers, signs and spaces at either end: what people add to a word to pass a rule. */
const core = (value: string) => value.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");

/** The shortest piece that the value is a repetition of (the value itself when none). */
function repeatedUnit(value: string): string {
  for (let size = 1; size <= value.length / 2; size++) {
    if (value.length % size !== 0) continue;
    const unit = value.slice(0, size);
    if (unit.repeat(value.length / size) === value) return unit;
  }
  return value;
}

/** Keys side by side on a keyboard, and the alphabet and the digits in order. */
const RUNS = [
  "1234567890qwertyuiopasdfghjklzxcvbnm",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p",
  "abcdefghijklmnopqrstuvwxyz",
  "012345678901234567890123456789",
];

/** Whether the value is a run of keys or letters in order (either way), signs left out. */
function isRun(value: string): boolean {
  const compact = value.replace(/[^\p{L}\p{N}]/gu, "");
  if (compact.length < 8) return false;
  return RUNS.some((run) => run.includes(compact) || [...run].reverse().join("").includes(compact));
}

/**
 * Whether `value` is made of `words` (each of 3 letters or more), with nothing but numbers
 * and signs besides: "adaobi2024!" of ["ada.obi", "ada", "obi"], "ZenithGrowth25" of the
 * agency's words.
 */
function isMadeOf(value: string, words: string[]): boolean {
  const compactWords = words
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((word) => (word.match(/\p{L}/gu) ?? []).length >= 3)
    .sort((a, b) => b.length - a.length);
  let rest = value.replace(/[^\p{L}\p{N}]/gu, "");
  const whole = rest;
  for (const word of compactWords) rest = rest.split(word).join("");
  return rest !== whole && !/\p{L}/u.test(rest);
}

/** A name's words worth refusing: the whole of it, and its parts of 3 letters or more. */
const wordsOf = (name: string) => [name, ...name.split(/[^\p{L}\p{N}]+/u)];

/** The forms of a password to look up in the list. */
function variants(lower: string): string[] {
  const forms = new Set<string>();
  for (const form of [lower, lower.replace(/\s+/g, "")]) {
    for (const plain of [form, ...unswapped(form)]) {
      forms.add(plain);
      forms.add(core(plain));
      forms.add(repeatedUnit(plain));
      forms.add(repeatedUnit(core(plain)));
    }
  }
  return [...forms].filter((form) => form.length >= 4);
}

/**
 * Why `password` may not be a new password of the account, in the words the forms show
 * beside the field; undefined when it may.
 */
export async function passwordProblem(
  password: string,
  context: PasswordContext,
): Promise<string | undefined> {
  const shape = newPasswordSchema.safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message ?? passwordMessages.tooShort;
  const lower = password.normalize("NFKC").toLowerCase().trim();

  if (repeatedUnit(lower.replace(/\s+/g, "")).length <= 3) return passwordMessages.repeated;

  const email = context.email.trim().toLowerCase();
  const local = email.split("@")[0] ?? "";
  if (lower === email || lower === local) return passwordMessages.email;
  if (isMadeOf(lower, [email, ...wordsOf(local)])) return passwordMessages.email;

  const agency = context.agencyName.normalize("NFKC").toLowerCase().trim();
  if (isMadeOf(lower, wordsOf(agency))) return passwordMessages.agency;

  if (isRun(lower)) return passwordMessages.common;
  const list = await loadCommonPasswords();
  if (variants(lower).some((form) => list.has(form))) return passwordMessages.common;
  return undefined;
}
