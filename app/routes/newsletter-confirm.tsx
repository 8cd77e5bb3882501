import { data } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { linkPageHeaders, NewsletterLinkPage } from "../components/newsletter/link-page.tsx";
import { newsletterMessages as m } from "../lib/newsletter-messages.ts";
import { identityFrom, pageTitle } from "../lib/seo.ts";
import type { Route } from "./+types/newsletter-confirm";
import { personalIslandsPage } from "../islands/switch.ts";

/** "ready": the link works (GET); "confirmed": it just did (POST); "gone": bad, used or expired. */
type ConfirmState = "ready" | "confirmed" | "gone";

// /newsletter/confirm/{token}: the double opt-in link. Opening it only shows the button
// (mail scanners open links); the button's POST confirms. A link that does not work says the
// same whether it was never valid, used or expired, so no text tells who is on the list.
export async function loader({ params, context }: Route.LoaderArgs) {
  const ready = await context.get(siteServicesContext).newsletter.confirmable(params.token);
  return data<{ state: ConfirmState }>(
    { state: ready ? "ready" : "gone" },
    { status: ready ? 200 : 404 },
  );
}

export async function action({ params, context }: Route.ActionArgs) {
  const confirmed = await context.get(siteServicesContext).newsletter.confirm(params.token);
  return data<{ state: ConfirmState }>(
    { state: confirmed ? "confirmed" : "gone" },
    { status: confirmed ? 200 : 404 },
  );
}

export const headers = linkPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(m.confirmHeading, identityFrom(matches)) },
  { name: "robots", content: "noindex" },
];

/** No React in the browser: its links into the site are document loads (decision 0053). */
export const handle = personalIslandsPage;

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "ready") {
    return (
      <NewsletterLinkPage title={m.confirmHeading} text={m.confirmText} button={m.confirmButton} />
    );
  }
  return (
    <NewsletterLinkPage
      title={state === "confirmed" ? "Subscription confirmed" : "Link not working"}
      text={state === "confirmed" ? m.confirmed : m.confirmLinkGone}
    />
  );
}
