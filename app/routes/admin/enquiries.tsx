import { Link } from "react-router";
import { ENQUIRY_STATUSES, serviceTypeName } from "../../../common/enquiry-fields.ts";
import { formatDateTime } from "../../../common/format.ts";
import { ExportButton } from "../../components/admin/export-button.tsx";
import { FilterBar, FilterSelect } from "../../components/admin/filter-bar.tsx";
import { Pager, usePaging } from "../../components/admin/pager.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import {
  adminInput,
  LabelledField,
  failure,
  Blank,
  Cell,
  DataTable,
  LoadState,
  PageTitle,
  Panel,
  Row,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { getContactCounts } from "../../lib/admin/contacts.ts";
import { exportEnquiries, getEnquirySummary, listEnquiries } from "../../lib/admin/enquiries.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Enquiries");

const FILTERS = ["q", "status", "serviceType", "from", "to"] as const;

export default function Enquiries() {
  const { params, page, pageSize, goTo, setPageSize } = usePaging();

  const filter = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filter.set(name, value);
  }
  const filterQuery = filter.toString();
  const list = useApiData(
    () => listEnquiries({ filter: filterQuery, page, pageSize }),
    [filterQuery, page, pageSize],
  );
  const summary = useApiData(getEnquirySummary, []);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // How many enquiries each listed person has (issue 52): one call for the page's ids.
  const pageIds = items.map((enquiry) => enquiry._id).join(",");
  const people = useApiData(() => getContactCounts(pageIds ? pageIds.split(",") : []), [pageIds]);

  return (
    <>
      <PageTitle actions={<ExportButton download={() => exportEnquiries(filterQuery)} />}>
        Enquiries
      </PageTitle>
      <FilterBar label="Filter enquiries" clearTo="/admin/enquiries" actionsOnOwnLine>
        <LabelledField label="Search" className="min-w-0 flex-[2_1_18rem]">
          {(id) => (
            <input
              id={id}
              type="search"
              name="q"
              defaultValue={params.get("q") ?? ""}
              key={params.get("q") ?? ""}
              placeholder="Name, e-mail, company, message or campaign"
              className={`${adminInput} mt-1`}
            />
          )}
        </LabelledField>
        <FilterSelect
          label="Status"
          name="status"
          value={params.get("status") ?? ""}
          className="min-w-0 flex-[1_1_12rem]"
          options={[
            ["", "Inbox (not spam)"],
            ...ENQUIRY_STATUSES.map(
              (status) => [status, status[0]!.toUpperCase() + status.slice(1)] as const,
            ),
            ["all", "All, with spam"],
          ]}
        />
        <FilterSelect
          label="Service type"
          name="serviceType"
          value={params.get("serviceType") ?? ""}
          className="min-w-0 flex-[1_1_14rem]"
          options={[
            ["", "All"],
            ...(summary.data?.serviceTypes ?? []).map(
              (type) => [type, serviceTypeName(type)] as const,
            ),
          ]}
        />
        {(["from", "to"] as const).map((name) => (
          <LabelledField
            key={name}
            label={name === "from" ? "From" : "To"}
            className="min-w-0 flex-[1_1_12rem]"
          >
            {(id) => (
              <input
                id={id}
                type="date"
                name={name}
                defaultValue={params.get(name) ?? ""}
                className={`${adminInput} mt-1`}
              />
            )}
          </LabelledField>
        ))}
        <input type="hidden" name="pageSize" value={pageSize} />
      </FilterBar>
      <Panel>
        <p className="mb-3 text-sm text-muted" aria-live="polite">
          {list.loading ? "Loading…" : `${total} enquir${total === 1 ? "y" : "ies"}`}
          {summary.data ? ` · ${summary.data.new} unread` : ""}
        </p>
        <LoadState
          loading={list.loading}
          error={failure("enquiries", list)}
          empty={items.length === 0}
          emptyText={filterQuery ? "No enquiries match these filters." : "No enquiries yet."}
        />
        {items.length > 0 && (
          <DataTable
            label="Enquiries"
            columns={["Date", "Name", "Company", "Email", "Service type", "Status"]}
          >
            {items.map((enquiry) => {
              const unread = enquiry.status === "new";
              return (
                <Row key={enquiry._id} className={unread ? "bg-brand-50 font-semibold" : ""}>
                  <Cell label="Date" className="whitespace-nowrap">
                    {unread && (
                      <span
                        aria-hidden="true"
                        className="mr-2 inline-block size-2 rounded-full bg-accent align-middle"
                      />
                    )}
                    {formatDateTime(enquiry.createdAt)}
                  </Cell>
                  <Cell label="Name">
                    <Link to={`/admin/enquiries/${enquiry._id}`} className="text-brand underline">
                      {enquiry.name}
                      {unread && <span className="sr-only"> (unread)</span>}
                    </Link>
                    {(people.data?.[enquiry._id] ?? 1) > 1 && (
                      <span className="block text-xs font-normal text-muted">
                        {people.data![enquiry._id]} from this person
                      </span>
                    )}
                  </Cell>
                  <Cell label="Company">{enquiry.companyName || <Blank />}</Cell>
                  <Cell label="Email" className="break-all">
                    {enquiry.email}
                  </Cell>
                  <Cell label="Service type">{serviceTypeName(enquiry.serviceType)}</Cell>
                  <Cell label="Status">
                    <StatusBadge status={enquiry.status} />
                  </Cell>
                </Row>
              );
            })}
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
