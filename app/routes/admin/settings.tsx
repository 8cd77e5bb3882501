import { Link, Navigate, useParams } from "react-router";
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

/** What each setting's form holds, above it. */
const panelTitles: Partial<Record<SingleContentTypeName, string>> = {
  contact: "Shown in the footer and on Contact Us",
  policy: "Shown on the privacy policy",
  "home-page": "The words of the home page; the lists have their own screens",
  "about-page": "The words of About Us; the team and the claims have their own screens",
  "services-page": "The words of Our Services; each service has its own page",
  "blog-page": "The words of the blog's list of articles; blank title: the agency's name",
  banners: "The banners that end About Us, Our Team, Our Services and the home page",
  setup: "Whether the home page shows the built-in sample videos, and the set-up card",
  search: "Each page's search title, description and share image; blank keeps today's",
};

/** A one-record setting: the contact details (/admin/settings/contact), a page's words… */
export default function Settings() {
  const type = singleTypeOf(useParams().type);
  if (!type) return <ContentNotFound what="setting" />;
  // The menus have a screen of their own (decision 0047).
  if (type === "navigation") return <Navigate to="/admin/navigation" replace />;
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
      <Panel title={panelTitles[type] ?? `Shown on ${info.label}`} id="setting-title">
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
