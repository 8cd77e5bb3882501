import { useEffect, useRef, useState, type FormEvent } from "react";
import { firstMessage, messages } from "../../../common/messages.ts";
import { fieldErrors, type FieldErrors } from "../../lib/form-result.ts";
import type * as Outbox from "../../lib/outbox.ts";
import type { SettledSubmission } from "../../lib/outbox.ts";
import { OUTBOX_SETTLED_EVENT, queuedMessages } from "../../lib/outbox-messages.ts";
import type { StatusMessage } from "./fields.tsx";
import { failureMessage } from "./form-text.ts";
import { useFormResult } from "./use-form-result.ts";

export type SchemaName = "enquiry" | "newsletter";

/**
 * Checks a payload with the shared schema, loaded only when a visitor submits so that zod
 * stays out of the first page load. Answers null when it passes, else the one summary
 * message the form shows (required → e-mail → options first) and each invalid field's own.
 */
export async function validate(
  schema: SchemaName,
  payload: unknown,
): Promise<{ message: string; fields: FieldErrors } | null> {
  const parser = await (schema === "enquiry"
    ? import("../../../common/schemas/enquiry.ts").then((m) => m.enquiryInputSchema)
    : import("../../../common/schemas/newsletter.ts").then((m) => m.subscribeSchema));
  const result = parser.safeParse(payload);
  if (result.success) return null;
  return { message: firstMessage(result.error.issues), fields: fieldErrors(result.error.issues) };
}

/**
 * Submit handling shared by the public forms: validate with the shared schema, post JSON
 * with an Idempotency-Key, show the spec's messages. Each invalid field gets its own
 * message and the first one takes focus. The input is kept on failure and cleared on
 * success. A submission that gets no answer (offline, a dropped connection) is kept in
 * the browser and sent again later with the same key (app/lib/outbox.ts), so it is stored
 * once. Without JavaScript the same form posts to the page and `useFormResult` brings back
 * the action's answer, which this hook shows the same way.
 */
export function useJsonSubmit({
  intent,
  schema,
  url,
  payload,
  successMessage,
}: {
  intent: string;
  schema: SchemaName;
  url: string;
  payload: (form: HTMLFormElement) => unknown;
  successMessage: (answer: { status: number; body: unknown }) => string;
}) {
  const result = useFormResult(intent);
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<StatusMessage | null>(
    result ? { ok: result.ok, message: result.message } : null,
  );
  const [invalid, setInvalid] = useState<FieldErrors>(result?.fields ?? {});
  // Bumped when a check fails, so focus moves to the first invalid field once rendered.
  const [focusRequest, setFocusRequest] = useState(result && !result.ok ? 1 : 0);
  const [busy, setBusy] = useState(false);
  // The key of this form's submission that is kept for later, if any.
  const keptKey = useRef<string | null>(null);
  const successText = useRef(successMessage);
  successText.current = successMessage;

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    // focus() alone leaves a field that is half under the fixed header where it is.
    first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: "center" });
  }, [focusRequest]);

  // A kept submission sent later (online again) updates the form if it is still here.
  useEffect(() => {
    const onSettled = (event: Event) => {
      const settled = (event as CustomEvent<SettledSubmission>).detail;
      if (settled.key !== keptKey.current) return;
      keptKey.current = null;
      setStatus(
        settled.ok
          ? { ok: true, message: successText.current(settled) }
          : { ok: false, message: failureMessage(settled) },
      );
    };
    window.addEventListener(OUTBOX_SETTLED_EVENT, onSettled);
    return () => window.removeEventListener(OUTBOX_SETTLED_EVENT, onSettled);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const body = payload(form);
    // Should the schema fail to load (a flaky connection), the server still checks it all.
    const problem = await validate(schema, body).catch(() => null);
    if (problem) {
      setStatus({ ok: false, message: problem.message });
      setInvalid(problem.fields);
      setFocusRequest((n) => n + 1);
      return;
    }
    // Cleared only now, so the form does not jump while it is checked.
    setStatus(null);
    setInvalid({});
    setBusy(true);
    // The outbox's own chunk (the islands' outbox watcher loads it on every page view).
    let outbox: typeof Outbox;
    try {
      outbox = await import("../../lib/outbox.ts");
    } catch {
      setBusy(false);
      setStatus({ ok: false, message: messages.submitError });
      return;
    }
    const submitted = await outbox.submitOrKeep({ url, payload: body, intent });
    setBusy(false);
    if (submitted.sent) {
      const { answer } = submitted;
      if (answer.status < 200 || answer.status >= 300 || !answer.body) {
        setStatus({ ok: false, message: failureMessage(answer) });
        return;
      }
      form.reset();
      setStatus({ ok: true, message: successMessage(answer) });
    } else if (submitted.kept) {
      // Kept, and sent again later with the same key (app/lib/outbox.ts).
      keptKey.current = submitted.key;
      form.reset();
      setStatus({
        ok: true,
        queued: true,
        message: queuedMessages[schema === "enquiry" ? "enquiry" : "newsletter"],
      });
    } else {
      setStatus({ ok: false, message: messages.submitError });
    }
  }

  return {
    formRef,
    onSubmit,
    status,
    busy,
    /** The schema's message about a field whose value broke a rule, else undefined. */
    errorFor: (name: string): string | undefined => invalid[name],
    /** What the visitor typed before a failed no-JavaScript post. */
    values: result && !result.ok ? result.values : undefined,
  };
}
