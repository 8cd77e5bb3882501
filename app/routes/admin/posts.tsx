import { Link } from "react-router";
import { formatDateTime } from "../../../common/format.ts";
import { BLOG_STATUSES, blogStatusNames, type BlogStatus } from "../../../common/schemas/blog.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import { FilterBar, FilterSelect } from "../../components/admin/filter-bar.tsx";
import { Pager, usePageInRange, usePaging } from "../../components/admin/pager.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import {
  adminButton,
  adminInput,
  Blank,
  Cell,
  DataTable,
  failure,
  LabelledField,
  LoadState,
  PageTitle,
  Panel,
  Row,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { listBlogs, listTags, type AdminBlog } from "../../lib/admin/blogs.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Posts");

/** The filters of the list, kept in the address as they are in the API's query. */
const FILTERS = ["q", "status", "tag"] as const;

const statusName = (status: string) =>
  Object.hasOwn(blogStatusNames, status) ? blogStatusNames[status as BlogStatus] : status;

/** The posts waiting for review: the filter's link, with how many there are (decision 0051). */
function ReviewFilter({ current }: { current: boolean }) {
  const waiting = useApiData(
    () => listBlogs({ filter: "status=review", page: 1, pageSize: 1 }),
    [],
  );
  const count = waiting.data?.total;
  return (
    <p className="mb-4">
      <Link
        to={current ? "/admin/posts" : "/admin/posts?status=review"}
        aria-current={current ? "page" : undefined}
        className={`inline-flex items-center gap-2 rounded-lg px-4 py-2.5 font-semibold ring-1 ${
          current
            ? "bg-navy text-white ring-navy"
            : "bg-white text-navy ring-slate-300 hover:bg-slate-50"
        }`}
      >
        {blogStatusNames.review}
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold ${
            count ? "bg-accent text-navy" : "bg-slate-100 text-ink"
          }`}
        >
          {count ?? "…"}
          <span className="sr-only"> {count === 1 ? "post" : "posts"}</span>
        </span>
      </Link>
    </p>
  );
}

/** When a post went or goes public, in the site's time zone; a draft has no time. */
function PublicationTime({ blog }: { blog: AdminBlog }) {
  if (blog.status === "draft" || !blog.publishedAt) return <Blank />;
  return <time dateTime={blog.publishedAt}>{formatDateTime(blog.publishedAt)}</time>;
}

/** What the filters in use are, in words, for the empty state. */
function describeFilters(params: URLSearchParams, tagName: (slug: string) => string): string {
  const parts: string[] = [];
  const q = params.get("q");
  const status = params.get("status");
  const tag = params.get("tag");
  if (q) parts.push(`“${q}”`);
  if (status) parts.push(`status ${statusName(status)}`);
  if (tag) parts.push(`tag ${tagName(tag)}`);
  return parts.join(", ");
}

/** Every post, whatever its status: search, filters by status and tag, pages. */
export default function Posts() {
  const paging = usePaging();
  const { params, page, pageSize, goTo, setPageSize } = paging;
  const filter = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filter.set(name, value);
  }
  const filterQuery = filter.toString();
  const list = useApiData(
    () => listBlogs({ filter: filterQuery, page, pageSize }),
    [filterQuery, page, pageSize],
  );
  const tags = useApiData(listTags, []);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  usePageInRange(paging, list.loading ? undefined : list.data?.total);
  const tagName = (slug: string) => tags.data?.find((tag) => tag.slug === slug)?.name ?? slug;

  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/create" className={adminButton}>
            New post
          </Link>
        }
      >
        Posts
      </PageTitle>
      <ReviewFilter current={params.get("status") === "review"} />
      <FilterBar label="Filter posts" clearTo="/admin/posts" showClear={filterQuery !== ""}>
        <LabelledField label="Search" className="min-w-0 flex-[2_1_16rem]">
          {(id) => (
            <input
              id={id}
              type="search"
              name="q"
              defaultValue={params.get("q") ?? ""}
              key={params.get("q") ?? ""}
              maxLength={200}
              placeholder="Words of the title or text"
              className={`${adminInput} mt-1`}
            />
          )}
        </LabelledField>
        <FilterSelect
          label="Status"
          name="status"
          value={params.get("status") ?? ""}
          // The "Waiting for review" link changes the status without a new page.
          remountKey={params.get("status") ?? ""}
          className="min-w-0 flex-[1_1_10rem]"
          options={[["", "All"], ...BLOG_STATUSES.map((s) => [s, statusName(s)] as const)]}
        />
        <FilterSelect
          label="Tag"
          name="tag"
          value={params.get("tag") ?? ""}
          remountKey={String(tags.data?.length ?? 0)}
          className="min-w-0 flex-[1_1_10rem]"
          options={[["", "All"], ...(tags.data ?? []).map((tag) => [tag.slug, tag.name] as const)]}
        />
        <input type="hidden" name="pageSize" value={pageSize} />
      </FilterBar>
      <Panel>
        <p className="mb-3 text-sm text-muted" aria-live="polite">
          {list.loading ? "Loading…" : `${total} post${total === 1 ? "" : "s"}`}
          {` · times in ${AGENCY_TIME_ZONE_NAME}`}
        </p>
        <LoadState
          loading={list.loading}
          error={failure("posts", list)}
          empty={items.length === 0}
          emptyText={filterQuery ? `No posts match ${describeFilters(filter, tagName)}.` : ""}
        />
        {!list.loading && !failure("posts", list) && items.length === 0 && !filterQuery && (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-muted">
            No posts yet.{" "}
            <Link to="/admin/create" className="font-semibold text-brand underline">
              Write your first post.
            </Link>
          </p>
        )}
        {items.length > 0 && (
          <DataTable label="Posts" columns={["Title", "Status", "Author", "Published", "Tags"]}>
            {items.map((blog) => (
              <Row key={blog._id}>
                <Cell label="Title" className="font-semibold">
                  <Link
                    to={`/admin/edit/${blog._id}`}
                    className="min-w-0 break-words text-brand underline"
                  >
                    {blog.title}
                  </Link>
                </Cell>
                <Cell label="Status">
                  <StatusBadge status={blog.status} />
                </Cell>
                <Cell label="Author">{blog.authorName ?? <Blank />}</Cell>
                <Cell label="Published" className="whitespace-nowrap">
                  <PublicationTime blog={blog} />
                </Cell>
                <Cell label="Tags">
                  {blog.tags.length > 0 ? (
                    <span className="flex min-w-0 flex-wrap gap-1">
                      {blog.tags.map((tag) => (
                        <Link
                          key={tag.slug}
                          to={`/admin/posts?tag=${encodeURIComponent(tag.slug)}`}
                          className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-ink hover:bg-slate-200"
                        >
                          {tag.name}
                        </Link>
                      ))}
                    </span>
                  ) : (
                    <Blank />
                  )}
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          onPage={goTo}
          onPageSize={setPageSize}
        />
      </Panel>
    </>
  );
}
