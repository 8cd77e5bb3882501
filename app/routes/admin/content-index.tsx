import { Link } from "react-router";
import {
  listContentTypeNames,
  listContentTypes,
  singleContentTypeNames,
  singleContentTypes,
} from "../../../common/schemas/content.ts";
import { failure, LoadState, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { getAllContent } from "../../lib/admin/content.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Site content");

const card =
  "flex h-full flex-col gap-1 rounded-xl p-4 ring-1 ring-slate-200 transition-colors hover:bg-brand-50 hover:ring-brand/40";

const settingNotes = {
  contact: "Phone, WhatsApp, e-mail, address, office hours and social links",
  policy: "The date of the privacy policy",
} as const;

/** Every editable part of the site: one card per type with its item count and page. */
export default function ContentIndex() {
  const content = useApiData(getAllContent, []);
  const counts = content.data;

  return (
    <>
      <PageTitle>Site content</PageTitle>
      <p className="-mt-3 mb-6 max-w-2xl text-muted">
        What the public pages show. A change is on the site at the next page load.
      </p>
      <Panel title="Lists" id="content-lists-title">
        <LoadState
          loading={content.loading}
          error={failure("site content", content)}
          empty={false}
          emptyText=""
        />
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {listContentTypeNames.map((type) => {
            const info = listContentTypes[type];
            const count = counts?.[type].length;
            return (
              <li key={type}>
                <div className={`${card} relative`}>
                  <h3 className="font-bold text-navy">
                    <Link
                      to={`/admin/content/${type}`}
                      className="after:absolute after:inset-0 after:rounded-xl focus:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand"
                    >
                      {info.label}
                    </Link>
                  </h3>
                  <p className="text-sm font-semibold text-ink">
                    {count === undefined
                      ? content.loading
                        ? "Counting…"
                        : "Not counted"
                      : `${count} ${count === 1 ? "item" : "items"}`}
                  </p>
                  <p className="text-sm text-muted">Shown on {info.shownOn}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Panel>
      <Panel title="Settings" id="content-settings-title">
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {singleContentTypeNames.map((type) => (
            <li key={type}>
              <div className={`${card} relative`}>
                <h3 className="font-bold text-navy">
                  <Link
                    to={`/admin/settings/${type}`}
                    className="after:absolute after:inset-0 after:rounded-xl focus:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand"
                  >
                    {singleContentTypes[type].label}
                  </Link>
                </h3>
                <p className="text-sm text-muted">{settingNotes[type]}</p>
              </div>
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}
