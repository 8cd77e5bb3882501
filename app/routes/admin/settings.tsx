import { Link, Navigate, useParams } from "react-router";
import { useMemo } from "react";
import { searchPages } from "../../../common/content/page-words.ts";
import {
  singleContentTypes,
  type ContentField,
  type SingleContentTypeName,
} from "../../../common/schemas/content.ts";
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
import {
  getSetting,
  listContent,
  saveSetting,
  singleTypeOf,
  toFormValues,
} from "../../lib/admin/content.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { useIdentity } from "../../lib/identity.ts";
import { derivedDescription } from "../../lib/search-descriptions.ts";
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
  "contact-page": "The words and picture of Contact Us; the details are Contact details'",
  "team-page": "The words and picture of Our Team; the people have their own screen",
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

/**
 * The Search and sharing form's fields, each blank description showing the text its page
 * uses then (derived from the stored identity and the contact details), as its placeholder
 * and in its hint.
 */
function useSearchFields(on: boolean): readonly ContentField[] | undefined {
  const identity = useIdentity();
  const contact = useApiData(() => (on ? getSetting("contact") : Promise.resolve(null)), [on]);
  const services = useApiData(() => (on ? listContent("services") : Promise.resolve(null)), [on]);
  return useMemo(() => {
    if (!on) return undefined;
    return singleContentTypes.search.fields.map((field) => {
      const page = searchPages.find((item) => field.name === `${item.key}Description`);
      if (!page) return field;
      const text = derivedDescription(
        page.key,
        identity,
        contact.data ?? undefined,
        services.data ?? undefined,
      );
      return {
        ...field,
        placeholder: text,
        hint: `One or two sentences for search results and shared links. Blank: “${text}”`,
      };
    });
  }, [on, identity, contact.data, services.data]);
}

function SettingEditor({ type }: { type: SingleContentTypeName }) {
  const info = singleContentTypes[type];
  const searchFields = useSearchFields(type === "search");
  const fields = searchFields ?? info.fields;
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
            fields={fields}
            schema={info.schema}
            initial={toFormValues(fields, setting.data)}
            onSave={save}
          />
        )}
      </Panel>
    </>
  );
}
