import { Link, useParams } from "react-router";
import { singleContentTypes, type SingleContentTypeName } from "../../../common/schemas/content.ts";
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
import { getSetting, saveSetting, singleTypeOf, toFormValues } from "../../lib/admin/content.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ params, matches }) => {
  const type = singleTypeOf(params.type);
  return adminMeta(type ? singleContentTypes[type].label : "Not found")({ matches });
};

/** The contact details (/admin/settings/contact) or the policy's date (…/policy). */
export default function Settings() {
  const type = singleTypeOf(useParams().type);
  if (!type) return <ContentNotFound what="setting" />;
  return <SettingEditor key={type} type={type} />;
}

function SettingEditor({ type }: { type: SingleContentTypeName }) {
  const info = singleContentTypes[type];
  const { notify } = useFeedback();
  const setting = useApiData(() => getSetting(type), [type]);

  async function save(data: unknown) {
    const saved = await saveSetting(type, data);
    setting.setData(() => saved);
    notify(`${info.label} saved.`);
  }

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/content" className="font-semibold text-brand underline">
          Site content
        </Link>
      </p>
      <PageTitle actions={<PreviewLink href={info.preview} className={adminButtonSecondary} />}>
        {info.label}
      </PageTitle>
      <Panel
        title={
          type === "contact"
            ? "Shown in the footer and on Contact Us"
            : "Shown on the privacy policy"
        }
        id="setting-title"
      >
        <LoadState
          loading={setting.loading}
          error={failure(info.label.toLowerCase(), setting)}
          empty={!setting.data}
          emptyText=""
        />
        {setting.data && (
          <ContentForm
            fields={info.fields}
            schema={info.schema}
            initial={toFormValues(info.fields, setting.data)}
            onSave={save}
          />
        )}
      </Panel>
    </>
  );
}
