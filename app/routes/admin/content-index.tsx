import { Link } from "react-router";
import {
  listContentTypeNames,
  listContentTypes,
  singleContentTypeNames,
  singleContentTypes,
  type SingleContentTypeName,
} from "../../../common/schemas/content.ts";
import { failure, LoadState, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { getAllContent } from "../../lib/admin/content.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Site content");

const card =
  "flex h-full flex-col gap-1 rounded-xl p-4 ring-1 ring-slate-200 transition-colors hover:bg-brand-50 hover:ring-brand/40";

const settingNotes: Partial<Record<SingleContentTypeName, string>> = {
  contact: "Phone, WhatsApp, e-mail, address, office hours and social links",
  policy: "The date of the privacy policy",
  "home-page": "The hero and every section's badge, heading and paragraph",
  "about-page": "Welcome, Our Mission, Why Choose Us and the team's heading",
  "services-page": "The top of the page and the heading of the service cards",
  "contact-page": "The top of Contact Us, its picture, the forms' headings and labels",
  "team-page": "The top of Our Team, its picture and the team's heading",
  "blog-page": "The blog's heading, intro and newsletter box",
  banners: "Let's Get Started and the home page's Get Started: heading, text, buttons",
  setup: "The dashboard's set-up card and the portfolio's sample videos",
  search: "Each page's title and description in search results, and its share image",
  navigation: "The header's bar and menus, the drawer, the footer's links and the 404 page's",
};

/** The settings that hold the words of the pages, in the order of the site's menus. */
const pageWords: readonly SingleContentTypeName[] = [
  "home-page",
  "about-page",
  "services-page",
  "team-page",
  "contact-page",
  "blog-page",
  "banners",
  "search",
];
/** The settings with a screen of their own (not the generic form): linked there. */
const ownScreens: Partial<Record<SingleContentTypeName, string>> = {
  navigation: "/admin/navigation",
};
const otherSettings = singleContentTypeNames.filter((type) => !pageWords.includes(type));

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
      <Panel title="Page words" id="content-words-title">
        <SettingCards types={pageWords} />
      </Panel>
      <Panel title="Settings" id="content-settings-title">
        <SettingCards types={otherSettings} />
      </Panel>
    </>
  );
}

/** A card per setting: its name (the link to its screen) and what it holds. */
function SettingCards({ types }: { types: readonly SingleContentTypeName[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {types.map((type) => (
        <li key={type}>
          <div className={`${card} relative`}>
            <h3 className="font-bold text-navy">
              <Link
                to={ownScreens[type] ?? `/admin/settings/${type}`}
                className="after:absolute after:inset-0 after:rounded-xl focus:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand"
              >
                {singleContentTypes[type].label}
              </Link>
            </h3>
            {settingNotes[type] && <p className="text-sm text-muted">{settingNotes[type]}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
