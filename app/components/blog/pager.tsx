import { Link } from "react-router";
import { ArrowIcon } from "../ui/icons.tsx";

/**
 * The pages shown in a pager: the first, the last, the current one and its neighbours,
 * with `null` where pages are left out ("…").
 */
export function pagerPages(current: number, count: number): (number | null)[] {
  const shown = [...new Set([1, current - 1, current, current + 1, count])]
    .filter((page) => page >= 1 && page <= count)
    .sort((a, b) => a - b);
  const pages: (number | null)[] = [];
  for (const page of shown) {
    const previous = pages.at(-1);
    if (typeof previous === "number" && page - previous > 1) pages.push(null);
    pages.push(page);
  }
  return pages;
}

const step =
  "inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-2.5 font-bold text-brand shadow-sm ring-1 ring-black/5 hover:bg-brand hover:text-white sm:px-5";
const number =
  "inline-flex size-11 items-center justify-center rounded-full font-bold text-brand hover:bg-white";
const current =
  "inline-flex size-11 items-center justify-center rounded-full bg-brand font-bold text-white";

/**
 * Links to the other pages of a list (plain links: it works without JavaScript): newer and
 * older posts, and the page numbers. `href` makes a page's address.
 */
export function Pager({
  page,
  count,
  href,
}: {
  page: number;
  count: number;
  href: (page: number) => string;
}) {
  if (count <= 1) return null;
  return (
    <nav aria-label="Pages of articles" className="mt-12">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li className="mr-auto sm:mr-4">
            <Link to={href(page - 1)} rel="prev" className={step}>
              <ArrowIcon width={18} className="rotate-180" />
              <span>
                Newer<span className="sr-only sm:not-sr-only">&nbsp;posts</span>
              </span>
            </Link>
          </li>
        )}
        {pagerPages(page, count).map((shown, index) =>
          shown === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="hidden px-1 text-muted sm:block">
              …
            </li>
          ) : (
            <li key={shown} className="hidden sm:block">
              {shown === page ? (
                <span aria-current="page" className={current}>
                  <span className="sr-only">Page </span>
                  {shown}
                </span>
              ) : (
                <Link to={href(shown)} className={number}>
                  <span className="sr-only">Page </span>
                  {shown}
                </Link>
              )}
            </li>
          ),
        )}
        <li className="text-sm font-semibold text-muted sm:hidden">
          Page {page} of {count}
        </li>
        {page < count && (
          <li className="ml-auto sm:ml-4">
            <Link to={href(page + 1)} rel="next" className={step}>
              <span>
                Older<span className="sr-only sm:not-sr-only">&nbsp;posts</span>
              </span>
              <ArrowIcon width={18} />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
