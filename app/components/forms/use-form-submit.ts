import { useId, useState, type FormEvent } from "react";
import { useActionData } from "react-router";
import { messages } from "../../../common/messages.ts";
import { fieldsWith, isFormResult, type FormResult } from "../../lib/form-result.ts";
import type { StatusMessage } from "./fields.tsx";

/** The result of this form's no-JavaScript post, if the page was rendered after one. */
export function useFormResult(intent: string): FormResult | undefined {
  const result = useActionData();
  return isFormResult(result) && result.intent === intent ? result : undefined;
}

export type SchemaName = "enquiry" | "newsletter";

/**
 * Checks a payload with the shared schema, loaded only when a visitor submits so that zod
 * stays out of the first page load. Answers null when it passes, else the one message the
 * form shows (required → e-mail → options first) and the fields it is about.
 */
export async function validate(
  schema: SchemaName,
  payload: unknown,
): Promise<{ message: string; fields: string[] } | null> {
  const [{ firstMessage }, parser] = await Promise.all([
    import("../../../common/schemas/common.ts"),
    schema === "enquiry"
      ? import("../../../common/schemas/enquiry.ts").then((m) => m.enquiryInputSchema)
      : import("../../../common/schemas/newsletter.ts").then((m) => m.subscribeSchema),
  ]);
  const result = parser.safeParse(payload);
  if (result.success) return null;
  const message = firstMessage(result.error.issues);
  return { message, fields: fieldsWith(result.error.issues, message) };
}

/** A failure whose message the form shows as it is. */
export class SubmitFailure extends Error {}

/**
 * Posts a form's JSON to the API and answers the status and the parsed body (null when the
 * answer has none). Throws on a network failure or an error status: with the server's own
 * message for a 400 (a rule the browser could not check), else the spec's failure message.
 */
export async function postJson(
  url: string,
  payload: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const serverMessage = (body as { error?: unknown } | null)?.error;
    throw new SubmitFailure(
      response.status === 400 && typeof serverMessage === "string"
        ? serverMessage
        : messages.submitError,
    );
  }
  return { status: response.status, body };
}

/**
 * Submit handling shared by the public forms: validate with the shared schema, post JSON,
 * show the spec's messages. The input is kept on failure and cleared on success only.
 * Without JavaScript the same form posts to the page and `useFormResult` brings back the
 * action's answer, which this hook shows the same way.
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
  const errorId = useId();
  const [status, setStatus] = useState<StatusMessage | null>(
    result ? { ok: result.ok, message: result.message } : null,
  );
  const [invalid, setInvalid] = useState<readonly string[]>(result?.fields ?? []);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setStatus(null);
    setInvalid([]);
    const body = payload(form);
    // Should the schema fail to load (a flaky connection), the server still checks it all.
    const problem = await validate(schema, body).catch(() => null);
    if (problem) {
      setStatus({ ok: false, message: problem.message });
      setInvalid(problem.fields);
      return;
    }
    setBusy(true);
    try {
      const answer = await postJson(url, body);
      if (!answer.body) throw new SubmitFailure(messages.submitError);
      form.reset();
      setStatus({ ok: true, message: successMessage(answer) });
    } catch (error) {
      // A network failure (fetch's own TypeError) shows the spec's message, not the browser's.
      setStatus({
        ok: false,
        message: error instanceof SubmitFailure ? error.message : messages.submitError,
      });
    } finally {
      setBusy(false);
    }
  }

  return {
    onSubmit,
    status,
    busy,
    errorId,
    /** The id of the error message for a field that broke a rule, else undefined. */
    errorFor: (name: string) => (invalid.includes(name) ? errorId : undefined),
    /** What the visitor typed before a failed no-JavaScript post. */
    values: result && !result.ok ? result.values : undefined,
  };
}
