import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { formatDate } from "../../../common/format.ts";
import { ExportButton } from "../../components/admin/export-button.tsx";
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
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  const searchId = useId();
  const subscribers = useApiData(() => listSubscribers(q), [q]);
  const list = subscribers.data ?? [];
  const { setData } = subscribers;
  const remove = useDeleteAction<Subscriber>({
    question: (subscriber) => `Remove ${subscriber.email} from the newsletter?`,
    action: "Remove",
    remove: (subscriber) => deleteSubscriber(subscriber._id),
    onRemoved: (subscriber) => {
      setData((current) => (current ?? []).filter((s) => s._id !== subscriber._id));
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
          <button type="submit" className={adminButton}>
            Search
          </button>
        </Form>
        <p className="mb-3 text-sm text-muted" aria-live="polite">
          {subscribers.loading
            ? "Loading…"
            : `${list.length} subscriber${list.length === 1 ? "" : "s"}`}
        </p>
        <LoadState
          loading={subscribers.loading}
          error={failure("subscribers", subscribers)}
          empty={list.length === 0}
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
      </Panel>
    </>
  );
}
