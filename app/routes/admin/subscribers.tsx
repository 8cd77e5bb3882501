import { useId } from "react";
import { Form } from "react-router";
import { formatDate } from "../../../common/format.ts";
import { ExportButton } from "../../components/admin/export-button.tsx";
import { Pager, usePageInRange, usePaging, withoutItem } from "../../components/admin/pager.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminInput,
  failure,
  ActionsCell,
  Cell,
  DataTable,
  focusById,
  LoadState,
  PageTitle,
  Panel,
  Row,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { useDeleteAction } from "../../components/admin/use-delete-action.ts";
import {
  deleteSubscriber,
  exportSubscribers,
  listSubscribers,
  type Subscriber,
} from "../../lib/admin/subscribers.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Subscribers");

export default function Subscribers() {
  const paging = usePaging();
  const { params, page, pageSize } = paging;
  const q = params.get("q") ?? "";
  const searchId = useId();
  const subscribers = useApiData(() => listSubscribers({ q, page, pageSize }), [q, page, pageSize]);
  const list = subscribers.data?.items ?? [];
  const total = subscribers.data?.total ?? 0;
  const { reload, setData } = subscribers;
  usePageInRange(paging, subscribers.loading ? undefined : subscribers.data?.total);
  const remove = useDeleteAction<Subscriber>({
    question: (subscriber) => `Remove ${subscriber.email} from the newsletter?`,
    action: "Remove",
    remove: (subscriber) => deleteSubscriber(subscriber._id),
    onRemoved: (subscriber) => {
      // Gone at once; then the same page again, so the next subscriber moves up into it
      // (emptied, the page before it is shown: usePageInRange).
      setData((current) => withoutItem(current, subscriber._id));
      reload();
      focusById("subscribers-title");
    },
    removed: "Subscriber removed.",
    failed: "Could not remove the subscriber. Please try again.",
  });

  return (
    <>
      <PageTitle actions={<ExportButton download={() => exportSubscribers(q)} />}>
        Subscribers
      </PageTitle>
      <Panel title="Newsletter subscribers" id="subscribers-title">
        <Form method="get" role="search" className="mb-4 flex max-w-xl gap-2">
          <label htmlFor={searchId} className="sr-only">
            Search subscribers
          </label>
          <input
            id={searchId}
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Search e-mail addresses"
            className={adminInput}
          />
          {/* A new search starts at page 1 (the form sends no page) and keeps the page size. */}
          <input type="hidden" name="pageSize" value={pageSize} />
          <button type="submit" className={adminButton}>
            Search
          </button>
        </Form>
        <p className="mb-3 text-sm text-muted" aria-live="polite">
          {subscribers.loading ? "Loading…" : `${total} subscriber${total === 1 ? "" : "s"}`}
        </p>
        <LoadState
          loading={subscribers.loading}
          error={failure("subscribers", subscribers)}
          empty={total === 0}
          emptyText={q ? "No subscribers match." : "No subscribers yet."}
        />
        {list.length > 0 && (
          <DataTable label="Subscribers" columns={["Email", "Subscribed", ""]}>
            {list.map((subscriber) => (
              <Row key={subscriber._id}>
                <Cell label="Email" className="break-all">
                  {subscriber.email}
                </Cell>
                <Cell label="Subscribed" className="whitespace-nowrap">
                  {formatDate(subscriber.date)}
                </Cell>
                <ActionsCell>
                  <button
                    type="button"
                    className={adminButtonDanger}
                    onClick={() => void remove.run(subscriber)}
                  >
                    Remove<span className="sr-only"> {subscriber.email}</span>
                  </button>
                </ActionsCell>
              </Row>
            ))}
          </DataTable>
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          onPage={paging.goTo}
          onPageSize={paging.setPageSize}
        />
      </Panel>
    </>
  );
}
