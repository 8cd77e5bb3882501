import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { listContentTypes, type ListContentTypeName } from "../../../common/schemas/content.ts";
import { ContentForm } from "../../components/admin/content-form.tsx";
import { ContentNotFound, PreviewLink } from "../../components/admin/content-links.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButtonSecondary,
  failure,
  LoadState,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { ApiError } from "../../lib/admin-api.ts";
import {
  capitalised,
  createContent,
  getContent,
  groupFieldOf,
  groupOf,
  isPriced,
  listTypeOf,
  previewOf,
  titleOf,
  toFormValues,
  updateContent,
} from "../../lib/admin/content.ts";
import { listPrices } from "../../lib/admin/prices.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { useResolvedFields } from "../../lib/admin/content-choices.ts";
import type { Route } from "./+types/content-edit";

export const meta = ({ params }: Route.MetaArgs) => {
  const type = listTypeOf(params.type);
  if (!type) return adminMeta("Not found")();
  const { singular } = listContentTypes[type];
  return adminMeta(params.id ? `Edit ${singular}` : `Add ${singular}`)();
};

/** Adds (/admin/content/:type/new) or edits (/admin/content/:type/:id) one item. */
export default function ContentEdit() {
  const params = useParams();
  const type = listTypeOf(params.type);
  if (!type) return <ContentNotFound />;
  return <ContentEditor key={`${type}/${params.id ?? ""}`} type={type} id={params.id} />;
}

function ContentEditor({ type, id }: { type: ListContentTypeName; id?: string }) {
  const info = listContentTypes[type];
  const navigate = useNavigate();
  const { notify } = useFeedback();
  // A 404 is an answer here (null: no such item), not a failure to load.
  const item = useApiData(
    () =>
      id
        ? getContent(type, id).catch((problem: unknown) => {
            if (problem instanceof ApiError && problem.status === 404) return null;
            throw problem;
          })
        : Promise.resolve(undefined),
    [type, id],
  );
  const priced = isPriced(info.fields);
  const prices = useApiData(() => (priced ? listPrices() : Promise.resolve([])), [priced]);
  // A grouped type (service blocks, by page): a new item starts in the group the list showed
  // (?page=ads), and the list shows the item's group again.
  const [searchParams] = useSearchParams();
  const resolved = useResolvedFields(type);
  const groupField = groupFieldOf(type, resolved.fields);
  const wanted = groupField?.choices?.find(
    (choice) => choice.value === searchParams.get(groupField.name),
  )?.value;
  const group = groupField && wanted ? { [groupField.name]: wanted } : undefined;
  const listOf = (shown: object | undefined) => {
    const value = groupField && shown ? groupOf(shown, groupField) : "";
    const query =
      groupField && value ? `?${new URLSearchParams({ [groupField.name]: value })}` : "";
    return `/admin/content/${type}${query}`;
  };
  const listPath = listOf(item.data ?? group);
  if (item.data === null) return <ContentNotFound what={info.singular} />;

  async function save(data: unknown) {
    if (id) await updateContent(type, id, data);
    else await createContent(type, data);
    notify(`${capitalised(info.singular)} saved.`);
    navigate(listOf(data as object));
  }

  const heading = id ? `Edit ${info.singular}` : `Add ${info.singular}`;
  const ready = !item.loading && !item.failed && !resolved.loading;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/content" className="font-semibold text-brand underline">
          Site content
        </Link>
        <span aria-hidden="true" className="px-2 text-muted">
          /
        </span>
        <Link to={listPath} className="font-semibold text-brand underline">
          {info.label}
        </Link>
      </p>
      <PageTitle>{heading}</PageTitle>
      <Panel
        title={
          item.data
            ? titleOf(type, item.data)
            : id
              ? capitalised(info.singular)
              : `New ${info.singular}`
        }
        id="content-item-title"
      >
        <LoadState
          loading={item.loading}
          error={item.failed ? failure(info.singular, item) : undefined}
          empty={!ready}
          emptyText=""
        />
        {ready && (
          <ContentForm
            fields={resolved.fields}
            schema={info.schema}
            initial={toFormValues(
              resolved.fields,
              item.data ?? { ...("newItem" in info ? info.newItem : {}), ...group },
            )}
            prices={priced && prices.data ? prices.data : undefined}
            pricesFailed={prices.failed}
            onSave={save}
            actions={
              <>
                <Link to={listPath} className={adminButtonSecondary}>
                  Cancel
                </Link>
                <PreviewLink
                  href={previewOf(type, item.data ?? group)}
                  className={adminButtonSecondary}
                />
              </>
            }
          />
        )}
      </Panel>
    </>
  );
}
