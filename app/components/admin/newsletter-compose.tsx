import { useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { formatDateTime } from "../../../common/format.ts";
import { EMAIL_PATTERN } from "../../../common/schemas/common.ts";
import { NEWSLETTER_TEST_RECIPIENTS } from "../../../common/newsletter.ts";
import { AGENCY_TIME_ZONE_NAME } from "../../../common/time-zone.ts";
import { problemText } from "../../lib/admin-api.ts";
import { listBlogs, type AdminBlog } from "../../lib/admin/blogs.ts";
import {
  previewNewsletter,
  sendNewsletterTest,
  startNewsletterSend,
  type NewsletterMessage,
  type NewsletterPreview,
} from "../../lib/admin/newsletter.ts";
import { FormMessage } from "./account-forms.tsx";
import { useFeedback } from "./feedback.tsx";
import {
  adminButton,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  failure,
  focusById,
  Panel,
} from "./ui.tsx";
import { useApiData } from "./use-api-data.ts";

type Kind = "post" | "own";
type Field = "postId" | "subject" | "body" | "to";

/** The posts a newsletter can carry: published and scheduled ones, newest first. */
async function sendablePosts(): Promise<AdminBlog[]> {
  // The list's largest page of each: a newsletter carries a recent post.
  const [published, scheduled] = await Promise.all(
    ["published", "scheduled"].map((status) =>
      listBlogs({ page: 1, pageSize: 100, filter: `status=${status}` }),
    ),
  );
  return [...(scheduled?.items ?? []), ...(published?.items ?? [])];
}

const when = (iso: string) => `${formatDateTime(iso)} (${AGENCY_TIME_ZONE_NAME})`;

/**
 * Compose a newsletter: a post, or a message of its own; preview it, mail a test, then send
 * it to every confirmed subscriber (after a confirmation) and go to its progress.
 */
export function NewsletterCompose({
  audience,
  ratePerMinute,
  initialPostId,
  myEmail,
}: {
  /** The signed-in person's address: where a test goes unless they choose a colleague's. */
  myEmail?: string;
  /** Confirmed subscribers: whom a send made now would mail. */
  audience: number;
  /** The sending rate, mails a minute. */
  ratePerMinute: number;
  /** The post chosen on arrival (?post=). */
  initialPostId?: string;
}) {
  const navigate = useNavigate();
  const { confirm } = useFeedback();
  const posts = useApiData(sendablePosts, []);
  const [kind, setKind] = useState<Kind>("post");
  const [postId, setPostId] = useState(initialPostId ?? "");
  const [subject, setSubject] = useState("");
  const [previewText, setPreviewText] = useState("");
  const [body, setBody] = useState("");
  // What was typed; until then the signed-in person's address (known a moment after the
  // screen opens).
  const [typedTo, setTo] = useState<string | undefined>(undefined);
  const to = typedTo ?? myEmail ?? "";
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState<"preview" | "test" | "send" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const ids = {
    post: useId(),
    subject: useId(),
    previewText: useId(),
    body: useId(),
    to: useId(),
  };

  // A new preview takes the focus, so a keyboard or screen reader user lands on what it shows.
  useEffect(() => {
    if (preview) focusById("newsletter-preview-title");
  }, [preview]);

  const list = posts.data ?? [];
  const post = list.find((item) => item._id === postId);
  // A post named in the address that is not (or no longer) published or scheduled.
  const unknownPost = kind === "post" && postId !== "" && !posts.loading && !post;

  /** The message as the API takes it, or the fields' errors. */
  function message(): { message?: NewsletterMessage; errors: Partial<Record<Field, string>> } {
    const trimmed = { subject: subject.trim(), previewText: previewText.trim() };
    const optional = {
      ...(trimmed.subject ? { subject: trimmed.subject } : {}),
      ...(trimmed.previewText ? { previewText: trimmed.previewText } : {}),
    };
    if (kind === "post") {
      if (!postId || unknownPost) return { errors: { postId: "Choose a post." } };
      return { message: { postId, ...optional }, errors: {} };
    }
    const found: Partial<Record<Field, string>> = {};
    if (!trimmed.subject) found.subject = "Subject is required.";
    if (!body.trim()) found.body = "Body is required.";
    if (found.subject || found.body) return { errors: found };
    return { message: { ...optional, subject: trimmed.subject, body }, errors: {} };
  }

  /** Runs `action` on a checked message, with the button busy and the server's reason shown. */
  async function withMessage(
    what: "preview" | "test" | "send",
    action: (message: NewsletterMessage) => Promise<void>,
    extra: Partial<Record<Field, string>> = {},
  ) {
    setProblem(null);
    const checked = message();
    const found = { ...checked.errors, ...extra };
    setErrors(found);
    if (!checked.message || Object.keys(found).length > 0) {
      const first = (["postId", "subject", "body", "to"] as const).find((field) => found[field]);
      const target = first === "postId" ? ids.post : first ? ids[first] : undefined;
      if (target) document.getElementById(target)?.focus();
      return;
    }
    setBusy(what);
    try {
      await action(checked.message);
    } finally {
      setBusy(null);
    }
  }

  const showPreview = () =>
    withMessage("preview", async (checked) => {
      try {
        setPreview(await previewNewsletter(checked));
      } catch (error) {
        setPreview(null);
        setProblem(problemText(error, "The preview failed: the server could not be reached."));
      }
    });

  const sendTest = () =>
    withMessage(
      "test",
      async (checked) => {
        setTestResult(null);
        try {
          await sendNewsletterTest(to.trim(), checked);
          setTestResult({
            ok: true,
            text: `The mail server accepted the test to ${to.trim()}. Check that it arrived.`,
          });
        } catch (error) {
          setTestResult({
            ok: false,
            text: `Not sent: ${problemText(error, "the server could not be reached.")}`,
          });
        }
      },
      EMAIL_PATTERN.test(to.trim()) ? {} : { to: "Enter an e-mail address." },
    );

  const send = () =>
    withMessage("send", async (checked) => {
      const shown = checked.subject ?? post?.title ?? "";
      const people = `${audience} confirmed subscriber${audience === 1 ? "" : "s"}`;
      const later =
        kind === "post" && post?.status === "scheduled" && post.publishedAt
          ? `The mails go when the post is published, ${when(post.publishedAt)}.`
          : `The mails start going at once, ${ratePerMinute} a minute.`;
      const sure = await confirm(
        `Send “${shown}” to ${people}?`,
        "Send",
        `${later} A send cannot be stopped.`,
      );
      if (!sure) return;
      try {
        const id = await startNewsletterSend(checked);
        navigate(`/admin/newsletter/sends/${encodeURIComponent(id)}`);
      } catch (error) {
        setProblem(problemText(error, "Not sent: the server could not be reached."));
      }
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void showPreview();
  };

  const fieldProps = (field: Field, id: string, hint?: string) => ({
    id,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [errors[field] ? `${id}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined,
  });
  const fieldError = (field: Field, id: string) => (
    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger empty:hidden">
      {errors[field]}
    </p>
  );

  return (
    <>
      <Panel title="Compose" id="newsletter-compose-title">
        <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-5">
          <fieldset>
            <legend className={adminLabel}>What to send</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {(
                [
                  ["post", "A post"],
                  ["own", "A message of its own"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 font-medium">
                  <input
                    type="radio"
                    name="kind"
                    value={value}
                    checked={kind === value}
                    onChange={() => {
                      setKind(value);
                      setErrors({});
                      setPreview(null);
                    }}
                    className="size-4 accent-brand"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>

          {kind === "post" && (
            <div>
              <label htmlFor={ids.post} className={adminLabel}>
                Post
              </label>
              <p id={`${ids.post}-hint`} className="text-sm text-muted">
                Published and scheduled posts. The mail carries its title, excerpt and points; a
                scheduled post goes out when it is published.
              </p>
              <select
                {...fieldProps("postId", ids.post, `${ids.post}-hint`)}
                value={unknownPost ? "" : postId}
                onChange={(event) => {
                  setPostId(event.target.value);
                  setPreview(null);
                }}
                className={`${adminInput} mt-1`}
              >
                <option value="">{posts.loading ? "Loading the posts…" : "Choose a post"}</option>
                {list.map((item) => (
                  <option key={item._id} value={item._id}>
                    {item.status === "scheduled" && item.publishedAt
                      ? `${item.title} (scheduled, ${formatDateTime(item.publishedAt)})`
                      : item.title}
                  </option>
                ))}
              </select>
              {fieldError("postId", ids.post)}
              {posts.failed && (
                <p role="alert" className="mt-1 text-sm font-semibold text-danger">
                  {failure("posts", posts)}
                </p>
              )}
              {unknownPost && (
                <p className="mt-1 text-sm text-muted">
                  The post asked for is not published or scheduled: choose one from the list.
                </p>
              )}
            </div>
          )}

          <div>
            <label htmlFor={ids.subject} className={adminLabel}>
              Subject{kind === "post" ? " (optional)" : ""}
            </label>
            {kind === "post" && (
              <p id={`${ids.subject}-hint`} className="text-sm text-muted">
                Empty: the post’s title.
              </p>
            )}
            <input
              {...fieldProps("subject", ids.subject, kind === "post" ? `${ids.subject}-hint` : "")}
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              maxLength={150}
              aria-required={kind === "own" ? true : undefined}
              placeholder={kind === "post" ? post?.title : undefined}
              className={`${adminInput} mt-1`}
            />
            {fieldError("subject", ids.subject)}
          </div>

          <div>
            <label htmlFor={ids.previewText} className={adminLabel}>
              Preview text (optional)
            </label>
            <p id={`${ids.previewText}-hint`} className="text-sm text-muted">
              The line mail apps show after the subject.
              {kind === "post" ? " Empty: the post’s excerpt." : ""}
            </p>
            <input
              id={ids.previewText}
              aria-describedby={`${ids.previewText}-hint`}
              value={previewText}
              onChange={(event) => setPreviewText(event.target.value)}
              maxLength={200}
              className={`${adminInput} mt-1`}
            />
          </div>

          {kind === "own" && (
            <div>
              <label htmlFor={ids.body} className={adminLabel}>
                Body
              </label>
              <p id={`${ids.body}-hint`} className="text-sm text-muted">
                As in a post: one block per line; a line starting with # is a heading, * a bullet,
                1. a numbered item, &gt; a quote; **bold**, *italic*, [text](https://link).
              </p>
              <textarea
                {...fieldProps("body", ids.body, `${ids.body}-hint`)}
                value={body}
                onChange={(event) => setBody(event.target.value)}
                rows={10}
                aria-required="true"
                className={`${adminInput} mt-1`}
              />
              {fieldError("body", ids.body)}
            </div>
          )}

          <div className="flex flex-wrap gap-2">
            <button type="submit" className={adminButtonSecondary} disabled={busy !== null}>
              {busy === "preview" ? "Making the preview…" : "Preview"}
            </button>
          </div>

          <div className="grid items-start gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-[minmax(0,1fr)_auto]">
            <div>
              <label htmlFor={ids.to} className={adminLabel}>
                Send a test to
              </label>
              <p id={`${ids.to}-hint`} className="text-sm text-muted">
                {NEWSLETTER_TEST_RECIPIENTS}
              </p>
              <input
                {...fieldProps("to", ids.to, `${ids.to}-hint`)}
                type="email"
                autoComplete="email"
                value={to}
                onChange={(event) => setTo(event.target.value)}
                className={`${adminInput} mt-1`}
              />
              {fieldError("to", ids.to)}
            </div>
            <button
              type="button"
              className={`${adminButtonSecondary} sm:mt-6`}
              disabled={busy !== null}
              onClick={() => void sendTest()}
            >
              {busy === "test" ? "Sending the test…" : "Send a test"}
            </button>
            <div aria-live="polite" className="empty:hidden sm:col-span-2">
              {testResult && (
                <FormMessage kind={testResult.ok ? "success" : "error"}>
                  {testResult.text}
                </FormMessage>
              )}
            </div>
          </div>

          <div className="space-y-2 border-t border-slate-200 pt-4">
            <p className="text-sm text-muted">
              {audience === 0
                ? "No confirmed subscribers yet: there is no one to send to."
                : `Goes to ${audience} confirmed subscriber${audience === 1 ? "" : "s"}, once each.`}
            </p>
            <button
              type="button"
              className={adminButton}
              disabled={busy !== null || audience === 0}
              onClick={() => void send()}
            >
              {busy === "send" ? "Starting…" : "Send…"}
            </button>
          </div>
          <div aria-live="polite">
            {problem && <FormMessage kind="error">{problem}</FormMessage>}
          </div>
        </form>
      </Panel>

      {preview && (
        <Panel title="Preview" id="newsletter-preview-title">
          <p className="mb-3 text-sm">
            <span className="font-semibold text-muted">Subject:</span>{" "}
            <span className="font-semibold text-ink">{preview.subject}</span>
          </p>
          {/* No script runs in the mail (no allow-scripts); same origin only so that the page's
              CSP (img-src 'self'), which the frame inherits, lets the cover and pictures load. */}
          <iframe
            sandbox="allow-same-origin"
            srcDoc={preview.html}
            title={`Preview of the mail “${preview.subject}”`}
            className="h-[36rem] w-full rounded-lg bg-white ring-1 ring-slate-200"
          />
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold text-brand">Text version</summary>
            <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap">
              {preview.text}
            </pre>
          </details>
        </Panel>
      )}
    </>
  );
}
