import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { listContentTypes, type ListContentTypeName } from "../../../common/schemas/content.ts";
import { ContentNotFound, PreviewLink, rowButton } from "../../components/admin/content-links.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  ActionsCell,
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  adminLinkButton,
  Cell,
  DataTable,
  failure,
  focusById,
  PageTitle,
  Panel,
  Row,
  TableStatus,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { useDeleteAction } from "../../components/admin/use-delete-action.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  capitalised,
  deleteContent,
  groupedInOrder,
  groupFieldOf,
  groupOf,
  imageFieldOf,
  imageOf,
  isPriced,
  listContent,
  listTypeOf,
  previewOf,
  priceText,
  pricedOf,
  reorderContent,
  titleOf,
  type ContentItem,
} from "../../lib/admin/content.ts";
import { listPrices } from "../../lib/admin/prices.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { useResolvedFields } from "../../lib/admin/content-choices.ts";
import type { Route } from "./+types/content-list";

export const meta = ({ params }: Route.MetaArgs) => {
  const type = listTypeOf(params.type);
  return adminMeta(type ? listContentTypes[type].label : "Not found")();
};

export default function ContentList() {
  const type = listTypeOf(useParams().type);
  if (!type) return <ContentNotFound />;
  return <ContentListOf key={type} type={type} />;
}

function ContentListOf({ type }: { type: ListContentTypeName }) {
  const info = listContentTypes[type];
  const { notify } = useFeedback();
  const base = useId();
  const headingId = `${base}-title`;
  const list = useApiData(() => listContent(type), [type]);
  const priced = isPriced(info.fields);
  const prices = useApiData(() => (priced ? listPrices() : Promise.resolve([])), [priced]);
  const amounts = useMemo(
    () => Object.fromEntries((prices.data ?? []).map((price) => [price.key, price.amount])),
    [prices.data],
  );
  const imageField = imageFieldOf(info.fields);
  // A grouped type (service blocks, by page) shows its groups in order, or one group alone
  // (?page=ads); an item moves within its group.
  const { fields } = useResolvedFields(type);
  const groupField = groupFieldOf(type, fields);
  const [searchParams, setSearchParams] = useSearchParams();
  const choices = groupField?.choices ?? [];
  const wantedGroup = groupField ? (searchParams.get(groupField.name) ?? "") : "";
  const group = choices.some((choice) => choice.value === wantedGroup) ? wantedGroup : "";
  const groupLabel = (value: string) =>
    choices.find((choice) => choice.value === value)?.label ?? value;
  const items = groupedInOrder(list.data ?? [], groupField);
  const shown =
    groupField && group ? items.filter((item) => groupOf(item, groupField) === group) : items;
  const sameGroup = (a: ContentItem | undefined, b: ContentItem | undefined) =>
    a !== undefined &&
    b !== undefined &&
    (!groupField || groupOf(a, groupField) === groupOf(b, groupField));
  const [announcement, setAnnouncement] = useState("");

  // Reordering: the screen moves at once; the new order is saved in the background, one
  // request at a time, always the latest order. A refused save puts back the order the
  // server last confirmed.
  const confirmed = useRef<ContentItem[] | null>(null);
  const wanted = useRef<string[] | null>(null);
  const saving = useRef(false);
  const focusAfterMove = useRef<{ id: string; direction: "up" | "down" } | null>(null);

  const moveButtonId = (direction: "up" | "down", id: string) => `${base}-${direction}-${id}`;

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const same = document.getElementById(moveButtonId(target.direction, target.id));
    // At the top (or bottom) that button is disabled: the other one of the row takes focus.
    const other = document.getElementById(
      moveButtonId(target.direction === "up" ? "down" : "up", target.id),
    );
    if (same instanceof HTMLButtonElement && !same.disabled) same.focus();
    else other?.focus();
    // moveButtonId only reads `base`, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  async function saveOrder() {
    if (saving.current) return;
    saving.current = true;
    try {
      while (wanted.current) {
        const ids = wanted.current;
        wanted.current = null;
        try {
          confirmed.current = await reorderContent(type, ids);
        } catch (problem) {
          wanted.current = null;
          const back = confirmed.current;
          if (back) list.setData(() => back);
          setAnnouncement("The new order was not saved; the list is back as it was.");
          notify(problemText(problem, "Could not save the new order. Please try again."), "error");
        }
      }
    } finally {
      saving.current = false;
    }
  }

  /** Swaps the shown item at `index` with its neighbour in the same group. */
  function move(index: number, direction: "up" | "down") {
    const item = shown[index];
    const neighbour = shown[direction === "up" ? index - 1 : index + 1];
    if (!item || !neighbour || !sameGroup(item, neighbour)) return;
    // Nothing waits to be saved: the screen shows what the server holds.
    if (!saving.current && !wanted.current) confirmed.current = items;
    const next = [...items];
    const from = next.indexOf(item);
    const to = next.indexOf(neighbour);
    next[from] = neighbour;
    next[to] = item;
    list.setData(() => next);
    focusAfterMove.current = { id: item._id, direction };
    const inGroup = groupField
      ? next.filter((entry) => groupOf(entry, groupField) === groupOf(item, groupField))
      : next;
    const where = groupField ? ` on ${groupLabel(groupOf(item, groupField))}` : "";
    setAnnouncement(
      `${titleOf(type, item)} moved to position ${inGroup.indexOf(item) + 1} of ${inGroup.length}${where}.`,
    );
    wanted.current = next.map((entry) => entry._id);
    void saveOrder();
  }

  const remover = useDeleteAction<ContentItem>({
    question: (item) => `Delete “${titleOf(type, item)}”?`,
    remove: (item) => deleteContent(type, item._id),
    onRemoved: (item) => {
      list.setData((current) => (current ?? []).filter((entry) => entry._id !== item._id));
      focusById(headingId);
    },
    removed: `${capitalised(info.singular)} deleted.`,
    failed: `Could not delete the ${info.singular}. Please try again.`,
  });

  const columns = ["#", capitalised(info.singular)];
  if (groupField && !group) columns.push(groupField.label);
  if (imageField) columns.push("Picture");
  if (priced) columns.push("Price");
  columns.push("");

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/content" className="font-semibold text-brand underline">
          Site content
        </Link>
      </p>
      <PageTitle
        actions={
          <>
            <Link
              to={`/admin/content/${type}/new${groupField && group ? `?${new URLSearchParams({ [groupField.name]: group })}` : ""}`}
              className={adminButton}
            >
              Add {info.singular}
            </Link>
            <PreviewLink
              href={
                groupField && group ? previewOf(type, { [groupField.name]: group }) : info.preview
              }
              className={adminButtonSecondary}
            />
          </>
        }
      >
        {info.label}
      </PageTitle>
      <Panel title={`Shown on ${info.shownOn}`} id={headingId}>
        <p className="-mt-2 mb-4 text-sm text-muted">
          In their order on the site. Move up and Move down change it at once
          {groupField ? `, within the ${groupField.label.toLowerCase()}` : ""}.
        </p>
        {groupField && (
          <div className="mb-4">
            <label htmlFor={`${base}-group`} className={adminLabel}>
              Show the {info.singular}s of
            </label>
            <select
              id={`${base}-group`}
              value={group}
              onChange={(event) => {
                const next = new URLSearchParams(searchParams);
                if (event.target.value) next.set(groupField.name, event.target.value);
                else next.delete(groupField.name);
                setSearchParams(next, { replace: true });
              }}
              className={`${adminInput} mt-1 max-w-md`}
            >
              <option value="">Every {groupField.label.toLowerCase()}</option>
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label} (
                  {items.filter((item) => groupOf(item, groupField) === choice.value).length})
                </option>
              ))}
            </select>
          </div>
        )}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <DataTable
          label={info.label}
          columns={columns}
          placeholder={
            <TableStatus
              loading={list.loading}
              error={failure(`${info.singular}s`, list)}
              emptyText={`No ${info.singular}s yet. Add the first one.`}
            />
          }
        >
          {shown.map((item, index) => {
            const title = titleOf(type, item);
            const groupValue = groupField ? groupOf(item, groupField) : "";
            // The position within its group (the number the page shows it at).
            const position = groupField
              ? shown
                  .slice(0, index + 1)
                  .filter((entry) => groupOf(entry, groupField) === groupValue).length
              : index + 1;
            const image = imageOf(item, imageField);
            const price = priced ? pricedOf(item) : undefined;
            return (
              <Row key={item._id}>
                <Cell label="#" className="w-10 text-muted tabular-nums">
                  {position}
                </Cell>
                <Cell label={capitalised(info.singular)} className="font-semibold break-words">
                  {title}
                </Cell>
                {groupField && !group && (
                  <Cell label={groupField.label}>{groupLabel(groupValue)}</Cell>
                )}
                {imageField && (
                  <Cell label="Picture">
                    {image && (
                      <img
                        src={image.variants[0]?.url ?? image.src}
                        alt=""
                        loading="lazy"
                        className="h-12 w-16 rounded bg-slate-100 object-contain ring-1 ring-slate-200"
                      />
                    )}
                  </Cell>
                )}
                {priced && (
                  <Cell label="Price" className="whitespace-nowrap">
                    {price ? priceText(price, amounts) : ""}
                  </Cell>
                )}
                <ActionsCell>
                  {/* One line from 1024 px: the title wraps instead of the buttons. */}
                  <div className="flex flex-wrap gap-2 lg:flex-nowrap">
                    <button
                      type="button"
                      id={moveButtonId("up", item._id)}
                      disabled={!sameGroup(item, shown[index - 1])}
                      onClick={() => move(index, "up")}
                      className={rowButton}
                    >
                      <span aria-hidden="true">↑</span> Move up
                      <span className="sr-only"> {title}</span>
                    </button>
                    <button
                      type="button"
                      id={moveButtonId("down", item._id)}
                      disabled={!sameGroup(item, shown[index + 1])}
                      onClick={() => move(index, "down")}
                      className={rowButton}
                    >
                      <span aria-hidden="true">↓</span> Move down
                      <span className="sr-only"> {title}</span>
                    </button>
                    <Link to={`/admin/content/${type}/${item._id}`} className={adminLinkButton}>
                      Edit<span className="sr-only"> {title}</span>
                    </Link>
                    <button
                      type="button"
                      disabled={remover.pending === item}
                      onClick={() => void remover.run(item)}
                      className={adminButtonDanger}
                    >
                      Delete<span className="sr-only"> {title}</span>
                    </button>
                  </div>
                </ActionsCell>
              </Row>
            );
          })}
        </DataTable>
      </Panel>
    </>
  );
}
