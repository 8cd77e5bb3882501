import { useCallback, useEffect, useId } from "react";
import { useSearchParams } from "react-router";
import type { ListPage } from "../../../common/schemas/common.ts";
import { adminButtonSecondary } from "./ui.tsx";

/** The page sizes a paged back-office list offers; the first is the default. */
export const PAGE_SIZES: readonly number[] = [25, 50, 100];

/** How many pages `total` items make: at least one, so an empty list is "Page 1 of 1". */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * The page and page size of a paged list, kept in the address (?page=&pageSize=) so a reload,
 * the Back button or a shared link shows the same page; the other search params are kept.
 */
export function usePaging() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const asked = Number(params.get("pageSize"));
  const pageSize = PAGE_SIZES.includes(asked) ? asked : PAGE_SIZES[0]!;

  const goTo = useCallback(
    (target: number, options?: { replace?: boolean }) => {
      const next = new URLSearchParams(params);
      next.set("page", String(target));
      setParams(next, options);
    },
    [params, setParams],
  );
  const setPageSize = useCallback(
    (size: number) => {
      const next = new URLSearchParams(params);
      next.set("pageSize", String(size));
      next.set("page", "1");
      setParams(next);
    },
    [params, setParams],
  );
  return { params, page, pageSize, goTo, setPageSize };
}

/**
 * Moves a page past the end to the last page, in place of the address: after the last item
 * of the last page is deleted, or from an old link, the screen shows items, not "none yet".
 * `total` is the loaded list's count, undefined while it loads (a stale count would misjudge).
 */
export function usePageInRange(paging: ReturnType<typeof usePaging>, total: number | undefined) {
  const { page, pageSize, goTo } = paging;
  const last = total === undefined ? undefined : pageCount(total, pageSize);
  useEffect(() => {
    if (last !== undefined && page > last) goTo(last, { replace: true });
  }, [last, page, goTo]);
}

/** A loaded page without the item just deleted, counted one fewer, until it is read again. */
export function withoutItem<T extends { _id: string }>(
  list: ListPage<T> | undefined,
  id: string,
): ListPage<T> {
  const items = list?.items.filter((item) => item._id !== id) ?? [];
  return { items, total: (list?.total ?? 0) - ((list?.items.length ?? 0) - items.length) };
}

/** Previous / "Page X of Y" / Next, and the "Per page" choice, under a paged list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
  label = "Pages",
}: {
  page: number;
  pageSize: number;
  /** How many items the whole list has. */
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The navigation's name; a screen with other lists names whose pages these are. */
  label?: string;
}) {
  const pageSizeId = useId();
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={adminButtonSecondary}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <span className="text-sm text-muted">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <button
          type="button"
          className={adminButtonSecondary}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={pageSizeId} className="text-sm font-semibold">
          Per page
        </label>
        <select
          id={pageSizeId}
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className="rounded-lg border border-slate-300 px-2 py-1.5"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
