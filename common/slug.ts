/** A post's readable address part: lower-case ASCII letters and digits joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 80;

/**
 * The slug a title makes: accents dropped ("Ọ́jà" → "oja"), every run of other characters a
 * hyphen, at most 80 characters cut at a hyphen when it can be; "post" when nothing is left.
 */
export function slugify(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!base) return "post";
  if (base.length <= MAX_SLUG_LENGTH) return base;
  const cut = base.slice(0, MAX_SLUG_LENGTH);
  const hyphen = cut.lastIndexOf("-");
  return (hyphen > 20 ? cut.slice(0, hyphen) : cut).replace(/-+$/g, "");
}

/** `slug`, or `slug-2`, `slug-3`… : the first that `taken` does not hold. */
export function uniqueSlug(slug: string, taken: (candidate: string) => boolean): string {
  if (!taken(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${slug.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/g, "")}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}
