import { Link, useOutletContext } from "react-router";
import type { AdminContext } from "./layout.tsx";
import { postTeaser } from "../../../common/post-format.ts";
import { serviceTypeName } from "../../../common/enquiry-fields.ts";
import { sourceName } from "../../../common/lead-source.ts";
import { messages } from "../../../common/messages.ts";
import type { Video } from "../../../common/schemas/video.ts";
import { SourcesTable, WeeklyEnquiriesChart } from "../../components/admin/enquiry-stats.tsx";
import { Pager, usePageInRange, usePaging, withoutItem } from "../../components/admin/pager.tsx";
import {
  ActionsCell,
  adminButton,
  adminButtonDanger,
  adminLinkButton,
  Blank,
  Cell,
  DataTable,
  failure,
  focusById,
  LoadState,
  PageTitle,
  Panel,
  Row,
  TableStatus,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { useDeleteAction } from "../../components/admin/use-delete-action.ts";
import { VideoTable } from "../../components/admin/video-table.tsx";
import { SetupCard } from "../../components/admin/setup-card.tsx";
import { api } from "../../lib/admin-api.ts";
import { deleteBlog, listBlogs, type AdminBlog as Blog } from "../../lib/admin/blogs.ts";
import { getEnquiryStats, listEnquiries } from "../../lib/admin/enquiries.ts";
import { getDueLeads } from "../../lib/admin/leads.ts";
import { LEAD_STAGE_LABELS } from "../../../common/schemas/leads.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { getRevenue } from "../../lib/admin/payments.ts";
import { formatNaira } from "../../../common/payments.ts";

export const meta = adminMeta("Dashboard");

const scheduledTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** Draft, Scheduled for <date and time, the browser's zone>, or Published. */
function PostStatus({ blog }: { blog: Blog }) {
  if (blog.status === "draft") {
    return <span className="rounded bg-slate-100 px-2 py-0.5 font-semibold text-ink">Draft</span>;
  }
  if (blog.status === "scheduled" && blog.publishedAt) {
    return (
      <span className="inline-block rounded bg-amber-50 px-2 py-0.5 font-semibold text-amber-900">
        Scheduled for{" "}
        <time dateTime={blog.publishedAt}>{scheduledTime.format(new Date(blog.publishedAt))}</time>
      </span>
    );
  }
  return (
    <span className="rounded bg-green-50 px-2 py-0.5 font-semibold text-green-800">Published</span>
  );
}

/** A page of every post (the dashboard's only paged list, so its page is the address's). */
function BlogsTable() {
  const paging = usePaging();
  const { page, pageSize } = paging;
  const blogs = useApiData(() => listBlogs({ page, pageSize }), [page, pageSize]);
  const list = blogs.data?.items ?? [];
  const { reload, setData } = blogs;
  usePageInRange(paging, blogs.loading ? undefined : blogs.data?.total);
  const remove = useDeleteAction<Blog>({
    question: messages.confirmDeleteBlog,
    remove: (blog) => deleteBlog(blog._id),
    onRemoved: (blog) => {
      // Gone at once; then the same page again, so the next post moves up into it (emptied,
      // the page before it is shown: usePageInRange).
      setData((current) => withoutItem(current, blog._id));
      reload();
      focusById("blogs-title");
    },
    removed: "Blog deleted.",
    failed: "Could not delete the blog. Please try again.",
  });

  return (
    <Panel title="Blogs" id="blogs-title">
      {list.length > 0 && failure("blogs", blogs) && (
        <LoadState loading={false} error={failure("blogs", blogs)} empty={false} emptyText="" />
      )}
      <DataTable
        label="Blogs"
        columns={["Title", "Content", "Background", "Image", ""]}
        placeholder={
          <TableStatus
            loading={blogs.loading}
            error={failure("blogs", blogs)}
            emptyText="No blogs yet. Create the first one."
          />
        }
      >
        {list.map((blog) => (
          <Row key={blog._id}>
            <Cell label="Title" className="font-semibold text-navy">
              {/* The spec's five columns stay: the workflow state sits under the title, in
                  one block, since a cell lays its children side by side on a phone. */}
              <div className="min-w-0 break-words">
                {blog.title}
                <span className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-normal">
                  <PostStatus blog={blog} />
                  {blog.authorName && <span className="text-muted">by {blog.authorName}</span>}
                </span>
              </div>
            </Cell>
            <Cell label="Content" className="text-muted md:max-w-xs">
              {postTeaser(blog.content, 10)}
            </Cell>
            <Cell label="Background">
              <span className="flex items-center gap-2">
                <span
                  className="inline-block size-5 shrink-0 rounded ring-1 ring-slate-400"
                  style={{ backgroundColor: blog.bg }}
                  aria-hidden="true"
                />
                <code>{blog.bg}</code>
              </span>
            </Cell>
            <Cell label="Image">
              {blog.image ? (
                <img
                  src={blog.imageVariants[0]?.url ?? blog.image}
                  alt=""
                  width={80}
                  height={48}
                  loading="lazy"
                  className="h-12 w-20 rounded object-cover ring-1 ring-slate-200"
                />
              ) : (
                <span className="text-muted">No image</span>
              )}
            </Cell>
            <ActionsCell>
              <Link to={`/admin/edit/${blog._id}`} className={adminLinkButton}>
                Edit<span className="sr-only"> {blog.title}</span>
              </Link>
              <button
                type="button"
                className={adminButtonDanger}
                onClick={() => void remove.run(blog)}
              >
                Delete<span className="sr-only"> {blog.title}</span>
              </button>
            </ActionsCell>
          </Row>
        ))}
      </DataTable>
      <Pager
        label="Blog pages"
        page={page}
        pageSize={pageSize}
        total={blogs.data?.total ?? 0}
        onPage={paging.goTo}
        onPageSize={paging.setPageSize}
      />
    </Panel>
  );
}

function ContactsTable() {
  const contacts = useApiData(() => listEnquiries({ page: 1, pageSize: 20 }), []);
  const list = contacts.data?.items ?? [];
  return (
    <Panel
      title="Contacts"
      id="contacts-title"
      actions={
        <Link to="/admin/enquiries" className="font-semibold text-brand underline">
          Open the inbox{contacts.data ? ` (${contacts.data.total})` : ""}
        </Link>
      }
    >
      {list.length > 0 && failure("enquiries", contacts) && (
        <LoadState
          loading={false}
          error={failure("enquiries", contacts)}
          empty={false}
          emptyText=""
        />
      )}
      <DataTable
        label="Contacts"
        columns={["Company Name", "Name", "Email", "Phone Number", "Options", "Service Type"]}
        placeholder={
          <TableStatus
            loading={contacts.loading}
            error={failure("enquiries", contacts)}
            emptyText="No enquiries yet."
          />
        }
      >
        {list.map((enquiry) => (
          <Row key={enquiry._id} className={enquiry.status === "new" ? "bg-brand-50" : ""}>
            <Cell label="Company Name">{enquiry.companyName || <Blank />}</Cell>
            <Cell label="Name">
              <Link
                to={`/admin/enquiries/${enquiry._id}`}
                className="font-semibold text-brand underline"
              >
                {enquiry.name}
                {enquiry.status === "new" && <span className="sr-only"> (unread)</span>}
              </Link>
            </Cell>
            <Cell label="Email" className="break-all">
              {enquiry.email}
            </Cell>
            <Cell label="Phone Number" className="whitespace-nowrap">
              {enquiry.phoneNumber || <Blank />}
            </Cell>
            <Cell label="Options">
              {enquiry.options.length > 0 ? (
                <ul className="list-disc pl-4">
                  {enquiry.options.map((option) => (
                    <li key={option}>{option}</li>
                  ))}
                </ul>
              ) : (
                <Blank />
              )}
            </Cell>
            <Cell label="Service Type">{serviceTypeName(enquiry.serviceType)}</Cell>
          </Row>
        ))}
      </DataTable>
    </Panel>
  );
}

/** Enquiries per week by service and the top sources, counted by the server. */
function EnquiryStatsPanels() {
  const stats = useApiData(getEnquiryStats, []);
  const error = failure("enquiry figures", stats);
  const data = stats.data;
  return (
    <div className="grid grid-cols-1 gap-x-6 xl:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)]">
      <Panel title="Enquiries per week" id="enquiries-chart-title">
        {data ? (
          <>
            {data.total === 0 && (
              <p className="mb-3 text-muted">No enquiries in the last 12 weeks.</p>
            )}
            <WeeklyEnquiriesChart stats={data} />
          </>
        ) : (
          <LoadState loading={stats.loading} error={error} empty emptyText="" />
        )}
      </Panel>
      <Panel title="Top sources" id="sources-title">
        <p className="mb-3 text-sm text-muted">
          Last 12 weeks: the campaign (utm_source), else the site that sent the visitor. Visits and
          conversion per source are on{" "}
          <Link to="/admin/traffic" className="font-semibold text-brand underline">
            Traffic
          </Link>
          .
        </p>
        <SourcesTable
          stats={data}
          placeholder={
            <TableStatus
              loading={stats.loading}
              error={error}
              emptyText="No enquiries in the last 12 weeks."
            />
          }
        />
      </Panel>
    </div>
  );
}

/** Money received by month (the last 12, Lagos time) and by the lead's source (issue 49). */
function RevenuePanels() {
  const revenue = useApiData(getRevenue, []);
  const data = revenue.data;
  const error = failure("revenue", revenue);
  const top = Math.max(1, ...(data?.months.map((month) => month.amount) ?? [0]));
  return (
    <div className="grid grid-cols-1 gap-x-6 xl:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)]">
      <Panel title="Revenue by month" id="revenue-title">
        {data ? (
          <>
            <p className="mb-3 text-sm text-muted">
              Last 12 months: {formatNaira(data.total)} (card payments less refunds, and transfers
              recorded on invoices)
              {data.testMode ? ". Test mode: card payments are test payments." : "."}
            </p>
            <DataTable label="Revenue by month" columns={["Month", "Received", "Payments"]}>
              {data.months.map((month) => (
                <Row key={month.month}>
                  <Cell label="Month" className="whitespace-nowrap">
                    {month.month}
                  </Cell>
                  <Cell label="Received">
                    <span className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="inline-block h-3 rounded bg-brand"
                        style={{ width: `${Math.round((month.amount / top) * 8)}rem` }}
                      />
                      {formatNaira(month.amount)}
                    </span>
                  </Cell>
                  <Cell label="Payments">{month.payments}</Cell>
                </Row>
              ))}
            </DataTable>
          </>
        ) : (
          <LoadState loading={revenue.loading} error={error} empty emptyText="" />
        )}
      </Panel>
      <Panel title="Revenue by lead source" id="revenue-sources-title">
        <DataTable
          label="Revenue by lead source"
          columns={["Source", "Received", "Payments"]}
          placeholder={
            <TableStatus
              loading={revenue.loading}
              error={error}
              emptyText="No payments in the last 12 months."
            />
          }
        >
          {(data?.sources ?? []).map((source) => (
            <Row key={source.source}>
              <Cell label="Source">
                {source.source ? sourceName(source.source) : "Direct or unknown"}
              </Cell>
              <Cell label="Received" className="whitespace-nowrap">
                {formatNaira(source.amount)}
              </Cell>
              <Cell label="Payments">{source.payments}</Cell>
            </Row>
          ))}
        </DataTable>
      </Panel>
    </div>
  );
}

function VideosPanel() {
  const videos = useApiData(() => api<Video[]>("/video"), []);
  return (
    <Panel title="Videos" id="videos-title">
      <VideoTable
        headingId="videos-title"
        videos={videos.data}
        loading={videos.loading}
        error={videos.failed ? (videos.error ?? messages.videosFetchFailed) : undefined}
        onDeleted={(publicId) =>
          videos.setData((current) => (current ?? []).filter((v) => v.public_id !== publicId))
        }
      />
    </Panel>
  );
}

/** The open leads to follow up today or before (issue 52), soonest first. */
function DueTodayPanel() {
  const due = useApiData(() => getDueLeads(), []);
  const leads = due.data?.leads ?? [];
  return (
    <Panel
      title="Due today"
      id="due-today-title"
      actions={
        <Link to="/admin/pipeline" className="font-semibold text-brand underline">
          Open the pipeline
        </Link>
      }
    >
      <DataTable
        label="Leads to follow up today"
        columns={["Lead", "Owner", "Follow up", "Stage"]}
        placeholder={
          <TableStatus
            loading={due.loading}
            error={failure("leads to follow up", due)}
            emptyText="Nothing to follow up today."
          />
        }
      >
        {leads.map((lead) => (
          <Row key={lead.enquiryId}>
            <Cell label="Lead">
              <Link to={`/admin/enquiries/${lead.enquiryId}`} className="text-brand underline">
                {lead.name}
              </Link>
            </Cell>
            <Cell label="Owner">{lead.ownerName ?? <Blank />}</Cell>
            <Cell label="Follow up">
              {lead.followUpOn}
              {lead.followUpOn && due.data && lead.followUpOn < due.data.day ? " (overdue)" : ""}
            </Cell>
            <Cell label="Stage">{LEAD_STAGE_LABELS[lead.stage]}</Cell>
          </Row>
        ))}
      </DataTable>
    </Panel>
  );
}

export default function Dashboard() {
  // An author sees their own posts only: no enquiries, leads, money or videos (0051).
  const author = useOutletContext<AdminContext | undefined>()?.me?.role === "author";
  if (author) {
    return (
      <>
        <PageTitle
          actions={
            <Link to="/admin/create" className={adminButton}>
              Create new Blog
            </Link>
          }
        >
          ADMIN DASHBOARD
        </PageTitle>
        <BlogsTable />
      </>
    );
  }
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/create" className={adminButton}>
            Create new Blog
          </Link>
        }
      >
        ADMIN DASHBOARD
      </PageTitle>
      <SetupCard />
      <DueTodayPanel />
      <EnquiryStatsPanels />
      <RevenuePanels />
      <BlogsTable />
      <ContactsTable />
      <VideosPanel />
    </>
  );
}
