// The back office's calls about consultation bookings (decision 0052), each answer checked
// with the shared schemas (common/schemas/booking.ts).
import {
  bookingSchema,
  bookingWeekSchema,
  type BookingWeek,
} from "../../../common/schemas/booking.ts";
import { api } from "../admin-api.ts";

export type { BookingWeek };

/** GET /api/bookings: the week (Monday to Sunday, Lagos time) holding `day`, or this week. */
export async function getBookingWeek(day?: string): Promise<BookingWeek> {
  return bookingWeekSchema.parse(
    await api<unknown>(`/bookings${day ? `?week=${encodeURIComponent(day)}` : ""}`),
  );
}

export async function cancelBooking(id: string) {
  return bookingSchema.parse(
    await api<unknown>(`/bookings/${encodeURIComponent(id)}/cancel`, { method: "POST" }),
  );
}
