import { Link } from "react-router";
import { formatDate } from "../../../common/format.ts";
import {
  adminButton,
  adminLinkButton,
  ActionsCell,
  Cell,
  DataTable,
  failure,
  LoadState,
  PageTitle,
  Panel,
  Row,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { listPages, newPagePath, pageEditPath } from "../../lib/admin/pages.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { staffPagePath } from "../../lib/feeds.ts";

export const meta = adminMeta("Pages");

const statusStyle = {
  published: "bg-green-50 text-success ring-success/30",
  draft: "bg-slate-100 text-slate-700 ring-slate-300",
} as const;

/** The pages staff made (Terms of Service, Careers…): title, address, status, last change. */
export default function Pages() {
  const pages = useApiData(listPages, []);
  const list = pages.data ?? [];
  return (
    <>
      <PageTitle
        actions={
          <Link to={newPagePath} className={adminButton}>
            New page
          </Link>
        }
      >
        Pages
      </PageTitle>
      <Panel title="Your pages" id="pages-title">
        <p className="mb-4 text-sm text-muted">
          Simple pages such as Terms of Service or Careers, at their own address. A page with the
          address <code>terms</code>, once published, is the footer’s Terms of Service link; any
          page can go into a menu on the{" "}
          <Link to="/admin/navigation" className="font-semibold text-brand underline">
            Navigation
          </Link>{" "}
          screen.
        </p>
        <LoadState
          loading={pages.loading}
          error={failure("pages", pages)}
          empty={list.length === 0}
          emptyText="No pages yet. Make the first with New page."
        />
        {list.length > 0 && (
          <DataTable label="Pages" columns={["Title", "Address", "Status", "Updated", ""]}>
            {list.map((page) => (
              <Row key={page.id}>
                <Cell label="Title" className="font-semibold">
                  {page.title}
                </Cell>
                <Cell label="Address" className="break-all">
                  {staffPagePath(page.slug)}
                </Cell>
                <Cell label="Status">
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold capitalize ring-1 ${statusStyle[page.status]}`}
                  >
                    {page.status}
                  </span>
                </Cell>
                <Cell label="Updated" className="whitespace-nowrap">
                  {formatDate(page.updatedAt)}
                </Cell>
                <ActionsCell>
                  <Link to={pageEditPath(page.id)} className={adminLinkButton}>
                    Edit<span className="sr-only"> {page.title}</span>
                  </Link>
                </ActionsCell>
              </Row>
            ))}
          </DataTable>
        )}
      </Panel>
    </>
  );
}
