import { Link, useSearchParams } from "react-router";
import { formatTime, formatWeekday } from "../../../common/format.ts";
import { isCalendarDay } from "../../../common/schemas/enquiry.ts";
import { dayIn, dayStart } from "../../../common/time-zone.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButtonDanger,
  adminLinkButton,
  failure,
  LoadState,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { problemText } from "../../lib/admin-api.ts";
import { cancelBooking, getBookingWeek } from "../../lib/admin/bookings.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Bookings");

/**
 * The week view of consultation bookings (decision 0052): Monday to Sunday, Lagos time, a
 * day per section; each booking links to its lead and can be cancelled (its slot is free
 * again). The week is in the address (`?week=` a day of it), so Previous and Next are links.
 */
export default function Bookings() {
  const [params] = useSearchParams();
  const asked = params.get("week") ?? "";
  const day = isCalendarDay(asked) ? asked : undefined;
  const { notify, confirm } = useFeedback();
  const week = useApiData(() => getBookingWeek(day), [day]);
  const data = week.data;

  async function cancel(id: string, name: string, startsAt: string) {
    const when = `${formatWeekday(startsAt)}, ${formatTime(startsAt)}`;
    const sure = await confirm(
      `Cancel ${name}'s consultation on ${when}?`,
      "Cancel consultation",
      "The time is offered again on the contact page. Tell the visitor yourself.",
      "Keep it",
    );
    if (!sure) return;
    try {
      await cancelBooking(id);
      notify("Consultation cancelled. Its time is free again.");
      week.reload();
    } catch (problem) {
      notify(problemText(problem, "Could not reach the server. Please try again."), "error");
    }
  }

  const weekLabel = data
    ? `${formatWeekday(dayStart(data.week))} – ${formatWeekday(dayStart(data.days[6]!))}`
    : "";
  return (
    <>
      <PageTitle
        actions={
          data && (
            <nav aria-label="Weeks" className="flex flex-wrap gap-2">
              <Link className={adminLinkButton} to={`?week=${data.previous}`}>
                ← Previous week
              </Link>
              <Link className={adminLinkButton} to="?">
                This week
              </Link>
              <Link className={adminLinkButton} to={`?week=${data.next}`}>
                Next week →
              </Link>
            </nav>
          )
        }
      >
        Bookings
      </PageTitle>
      <p className="-mt-4 mb-6 text-muted">
        Free consultations booked on the contact page, in Lagos time.
        {weekLabel && <span className="font-semibold text-ink"> {weekLabel}</span>}
      </p>
      <LoadState
        loading={week.loading}
        error={failure("bookings", week)}
        empty={!data}
        emptyText=""
      />
      {data && data.bookings.length === 0 && (
        <Panel>
          <p className="text-muted">No consultations are booked this week.</p>
        </Panel>
      )}
      {data && data.bookings.length > 0 && (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.days.map((dayOfWeek) => {
            const bookings = data.bookings.filter(
              (booking) => dayIn(booking.startsAt) === dayOfWeek,
            );
            const headingId = `day-${dayOfWeek}`;
            return (
              <section
                key={dayOfWeek}
                aria-labelledby={headingId}
                className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              >
                <h2 id={headingId} className="font-bold text-navy">
                  {formatWeekday(dayStart(dayOfWeek))}
                </h2>
                {bookings.length === 0 ? (
                  <p className="mt-2 text-sm text-muted">Nothing booked.</p>
                ) : (
                  <ul className="mt-3 space-y-3">
                    {bookings.map((booking) => (
                      <li key={booking.id} className="rounded-lg border border-slate-200 p-3">
                        <p className="text-sm font-semibold text-ink">
                          {formatTime(booking.startsAt)} – {formatTime(booking.endsAt)}
                        </p>
                        <p className="mt-1">
                          <Link
                            to={`/admin/enquiries/${booking.enquiryId}`}
                            className="font-semibold text-brand underline-offset-4 hover:underline"
                          >
                            {booking.name}
                          </Link>
                        </p>
                        <p className="text-sm break-all text-muted">
                          {booking.email}
                          {booking.phone && ` · ${booking.phone}`}
                        </p>
                        <button
                          type="button"
                          className={`${adminButtonDanger} mt-2 text-sm`}
                          onClick={() => void cancel(booking.id, booking.name, booking.startsAt)}
                        >
                          Cancel<span className="sr-only"> {booking.name}'s consultation</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
