import { data, type ActionFunctionArgs } from "react-router";
import { requestInfoContext, siteServicesContext } from "../../common/load-context.ts";
import { messages, tooManyRequests } from "../../common/messages.ts";
import { firstMessage } from "../../common/schemas/common.ts";
import { enquiryInputSchema } from "../../common/schemas/enquiry.ts";
import { subscribeSchema } from "../../common/schemas/newsletter.ts";
import { bookingInputSchema } from "../../common/schemas/booking.ts";
import { ZodError } from "zod";
import {
  ENQUIRY_KINDS,
  enquiryPayload,
  formValues,
  type EnquiryFormKind,
} from "./enquiry-payload.ts";
import { fieldErrors, type FieldErrors, type FormResult } from "./form-result.ts";
import { leadSourceOfRequest } from "./lead-source.server.ts";
import { signupMessage } from "./newsletter-messages.ts";

const unreadableForm = "The form could not be read. Please try again.";

/**
 * Whether a service refused for now (a 503: the database is unavailable,
 * server/db/availability.ts). Read by shape: the app never imports the server's errors.
 * The page's answer gets its Retry-After from the server (server/web/pages.ts).
 */
const isTryAgainLater = (error: unknown) =>
  (error as { statusCode?: unknown } | undefined)?.statusCode === 503;

/**
 * The path of the page whose form was sent, kept with the consent of a sign-up: a `source`
 * field when a form has one, else the page it was posted to (a form posts to its page).
 */
function sourceOf(form: FormData, request: Request): string {
  const given = form.get("source");
  return typeof given === "string" && given ? given : new URL(request.url).pathname;
}

/**
 * The public forms without JavaScript: the browser posts the form to its page, this action
 * validates it with the same schema as the API and stores it through the same services, and
 * the page renders again with the same message (and, on failure, what the visitor typed).
 */
export async function siteFormAction({ request, context }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // A body that is not a readable form (a broken multipart, no body at all).
    return data<FormResult>({ intent: "", ok: false, message: unreadableForm }, { status: 400 });
  }
  const values = formValues(form);
  const intent = String(form.get("intent") ?? "");
  const kind = String(form.get("kind") ?? "");
  const services = context.get(siteServicesContext);
  const fail = (message: string, status = 400, fields?: FieldErrors) =>
    data<FormResult>({ intent, ok: false, message, values, fields }, { status });
  // What the visitor typed comes back with a "try again" message: a 503, never a crash page.
  const failed = (error: unknown) =>
    isTryAgainLater(error) ? fail(messages.tryAgainSoon, 503) : fail(messages.submitError, 500);
  const invalid = (issues: Parameters<typeof fieldErrors>[0]) =>
    fail(firstMessage(issues), 400, fieldErrors(issues));

  // The same per-IP limits as /api/newsletter and /api/contact, on the same counters.
  if (kind === "newsletter" || ENQUIRY_KINDS.includes(kind as EnquiryFormKind)) {
    const { countSubmission } = context.get(requestInfoContext);
    const waitSeconds = await countSubmission(kind === "newsletter" ? "newsletter" : "enquiry");
    if (waitSeconds !== null) return fail(tooManyRequests(waitSeconds), 429);
  }

  if (kind === "newsletter") {
    const parsed = subscribeSchema.safeParse({
      email: form.get("email") ?? "",
      source: sourceOf(form, request),
    });
    if (!parsed.success) return invalid(parsed.error.issues);
    try {
      const { pending } = await services.newsletter.subscribe(parsed.data);
      // The message of the API's status (202: confirm by mail), as the enhanced form shows
      // it; the page itself answers 200, like every other form's success.
      return data<FormResult>({ intent, ok: true, message: signupMessage(pending ? 202 : 201) });
    } catch (error) {
      return failed(error);
    }
  }

  if (!ENQUIRY_KINDS.includes(kind as EnquiryFormKind)) return fail("Unknown form.");
  // The contact page's booking form with a slot (decision 0052): the same check and service
  // as POST /api/bookings; a slot just taken answers 409 and the page offers the free ones.
  if (kind === "quick" && form.has("slot")) {
    const parsed = bookingInputSchema.safeParse({
      ...enquiryPayload("quick", values, leadSourceOfRequest(request, services.origin)),
      slot: form.get("slot"),
    });
    if (!parsed.success) return invalid(parsed.error.issues);
    try {
      // The spec's message, as for every form; the time booked is in the visitor's mail.
      await services.bookings.book(parsed.data);
      return data<FormResult>({ intent, ok: true, message: messages.submitSuccess });
    } catch (error) {
      const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
      if (status === 409 || status === 400) {
        return fail((error as Error).message, status, { slot: (error as Error).message });
      }
      if (error instanceof ZodError) return invalid(error.issues);
      return failed(error);
    }
  }
  const parsed = enquiryInputSchema.safeParse(
    enquiryPayload(kind as EnquiryFormKind, values, leadSourceOfRequest(request, services.origin)),
  );
  if (!parsed.success) return invalid(parsed.error.issues);
  try {
    await services.enquiries.create(parsed.data);
    return data<FormResult>({ intent, ok: true, message: messages.submitSuccess });
  } catch (error) {
    return failed(error);
  }
}
