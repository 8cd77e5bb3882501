import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { formatDate } from "../../../common/format.ts";
import type { Subscriber } from "../../../common/schemas/newsletter.ts";
import { ExportButton } from "../../components/admin/export-button.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
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
import { api, problemText } from "../../lib/admin-api.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Subscribers");

export default function Subscribers() {
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  const { confirm, notify } = useFeedback();
  const searchId = useId();
  const query = q ? `?q=${encodeURIComponent(q)}` : "";
  const subscribers = useApiData(() => api<Subscriber[]>(`/newsletter${query}`), [query]);
  const list = subscribers.data ?? [];

  async function remove(subscriber: Subscriber) {
    if (!(await confirm(`Remove ${subscriber.email} from the newsletter?`, "Remove"))) return;
    try {
      await api(`/newsletter/${subscriber._id}`, { method: "DELETE" });
      subscribers.setData((current) => (current ?? []).filter((s) => s._id !== subscriber._id));
      focusById("subscribers-title");
      notify("Subscriber removed.");
    } catch (problem) {
      notify(problemText(problem, "Could not remove the subscriber. Please try again."), "error");
    }
  }

  return (
    <>
      <PageTitle actions={<ExportButton path={`/newsletter/export.csv${query}`} />}>
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
                    onClick={() => remove(subscriber)}
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
