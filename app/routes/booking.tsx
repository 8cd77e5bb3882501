import { data, Form, useNavigation } from "react-router";
import { slotsByDay, slotWords } from "../../common/booking.ts";
import { siteServicesContext } from "../../common/load-context.ts";
import { linkPageHeaders, NewsletterLinkPage } from "../components/newsletter/link-page.tsx";
import { SlotPicker } from "../components/forms/fields.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { identityFrom, pageTitle } from "../lib/seo.ts";
import type { Route } from "./+types/booking";

// /booking/{token}: a visitor's link to reschedule or to cancel their consultation
// (decision 0052). Opening it changes nothing (mail scanners open links); the page's form
// posts to itself, so it works without JavaScript. A link that does not work says so the
// same way whether it was never valid, used, or its consultation has begun.

const GONE =
  "This link does not work any more: each link works once, until the consultation starts.";

type Done = { done: "cancelled" | "moved"; startsAt: string } | { error: string };

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await context.get(siteServicesContext).bookings.link(params.token);
  if (!link) return data({ link: null }, { status: 404 });
  return {
    link: {
      purpose: link.purpose,
      startsAt: link.booking.startsAt,
      days: slotsByDay(link.slots),
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { bookings } = context.get(siteServicesContext);
  const form = await request.formData().catch(() => new FormData());
  try {
    if (form.get("intent") === "cancel") {
      const booking = await bookings.cancel(params.token);
      return { done: "cancelled", startsAt: booking.startsAt } satisfies Done;
    }
    const booking = await bookings.reschedule(params.token, String(form.get("slot") ?? ""));
    return { done: "moved", startsAt: booking.startsAt } satisfies Done;
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 400 || status === 404 || status === 409) {
      return data<Done>({ error: status === 404 ? GONE : (error as Error).message }, { status });
    }
    throw error;
  }
}

export const headers = linkPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Your consultation", identityFrom(matches)) },
  { name: "robots", content: "noindex" },
];

export default function BookingLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData as Done | undefined;
  if (result && "done" in result) {
    return (
      <NewsletterLinkPage
        title={result.done === "cancelled" ? "Consultation cancelled" : "Consultation moved"}
        text={
          result.done === "cancelled"
            ? `Your consultation of ${slotWords(result.startsAt)} is cancelled.`
            : `Your consultation is now on ${slotWords(result.startsAt)}.`
        }
      />
    );
  }
  const { link } = loaderData;
  if (!link) return <NewsletterLinkPage title="Link not working" text={GONE} />;
  const error = result && "error" in result ? result.error : undefined;
  const when = slotWords(link.startsAt);
  const button =
    "rounded-full bg-accent px-7 py-3 font-bold text-navy transition-colors hover:bg-accent-soft disabled:cursor-wait disabled:opacity-70";
  return (
    <PageHero
      title={link.purpose === "cancel" ? "Cancel your consultation" : "Choose another time"}
      subtitle={<span>Your free consultation is booked for {when}.</span>}
    >
      <Form
        method="post"
        className="mx-auto mt-8 max-w-xl rounded-3xl bg-white p-6 text-left text-ink shadow-2xl"
      >
        <div role="alert">{error && <p className="mb-4 font-semibold text-danger">{error}</p>}</div>
        {link.purpose === "cancel" ? (
          <button type="submit" name="intent" value="cancel" disabled={busy} className={button}>
            Cancel the consultation
          </button>
        ) : link.days.length > 0 ? (
          <>
            <SlotPicker legend="New time" days={link.days} />
            <button
              type="submit"
              name="intent"
              value="reschedule"
              disabled={busy}
              className={`${button} mt-6`}
            >
              Move the consultation
            </button>
          </>
        ) : (
          <p>There are no other free times in the next two weeks.</p>
        )}
      </Form>
    </PageHero>
  );
}
