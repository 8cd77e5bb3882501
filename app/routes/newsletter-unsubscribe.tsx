import { data } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import { linkPageHeaders, NewsletterLinkPage } from "../components/newsletter/link-page.tsx";
import { newsletterMessages as m } from "../lib/newsletter-messages.ts";
import { identityFrom, pageTitle } from "../lib/seo.ts";
import type { Route } from "./+types/newsletter-unsubscribe";
import { personalIslandsPage } from "../islands/switch.ts";

/** "ready": a valid link (GET); "done": unsubscribed (POST); "invalid": not a link of ours. */
type UnsubscribeState = "ready" | "done" | "invalid";

// /newsletter/unsubscribe/{token}: the link in every newsletter and its List-Unsubscribe
// header. Opening it shows one button; a POST to it unsubscribes at once, which is also
// RFC 8058's one-click (a mail client posts `List-Unsubscribe=One-Click`, form-encoded,
// without cookies): the body is not read, the signed token is the whole authority. A valid
// link answers the same success whether the address was subscribed, had left or was erased.
export function loader({ params, context }: Route.LoaderArgs) {
  const valid = context.get(siteServicesContext).newsletter.unsubscribeLinkValid(params.token);
  return data<{ state: UnsubscribeState }>(
    { state: valid ? "ready" : "invalid" },
    { status: valid ? 200 : 404 },
  );
}

export async function action({ params, context }: Route.ActionArgs) {
  const done = await context.get(siteServicesContext).newsletter.unsubscribe(params.token);
  return data<{ state: UnsubscribeState }>(
    { state: done ? "done" : "invalid" },
    { status: done ? 200 : 404 },
  );
}

export const headers = linkPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(m.unsubscribeHeading, identityFrom(matches)) },
  { name: "robots", content: "noindex" },
];

/** No React in the browser: its links into the site are document loads (decision 0053). */
export const handle = personalIslandsPage;

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "ready") {
    return (
      <NewsletterLinkPage
        title={m.unsubscribeHeading}
        text={m.unsubscribeText}
        button={m.unsubscribeButton}
      />
    );
  }
  return (
    <NewsletterLinkPage
      title={state === "done" ? "Unsubscribed" : "Link not valid"}
      text={state === "done" ? m.unsubscribed : m.unsubscribeLinkInvalid}
    />
  );
}
