import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useOutletContext, useRouteLoaderData } from "react-router";
import { formatDateTime, formatTime } from "../../../common/format.ts";
import { messages } from "../../../common/messages.ts";
import {
  DEFAULT_BLOG_BG,
  HEX_COLOUR,
  MAX_EXCERPT_LENGTH,
  MAX_IMAGE_ALT_LENGTH,
  MAX_SEO_DESCRIPTION_LENGTH,
  MAX_SEO_TITLE_LENGTH,
  slugTakenMessage,
} from "../../../common/schemas/blog.ts";
import { MAX_SLUG_LENGTH, slugify } from "../../../common/slug.ts";
import { AGENCY_TIME_ZONE_NAME, instantOfWall, wallInputValue } from "../../../common/time-zone.ts";
import { ApiError, problemText } from "../../lib/admin-api.ts";
import {
  createBlog,
  createPreviewLink,
  getBlog,
  updateBlog,
  type AdminBlog as Blog,
  type BlogStatus,
} from "../../lib/admin/blogs.ts";
import {
  forgetKeptPost,
  keepPost,
  readKeptPost,
  type KeptPost,
} from "../../lib/admin/kept-post.ts";
import { bannerInk } from "../blog/banner-ink.ts";
import { BlogBody } from "../blog/blog-body.tsx";
import type { AdminContext } from "../../routes/admin/layout.tsx";
import { BlogRevisions } from "./blog-revisions.tsx";
import { ReviewPanel } from "./review-panel.tsx";
import { useFeedback, type ToastLink } from "./feedback.tsx";
import { TagInput } from "./tag-input.tsx";
import { PointField } from "./point-field.tsx";
import { useLeaveGuard } from "./use-leave-guard.ts";
import {
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  fileInput,
  PageTitle,
  Panel,
} from "./ui.tsx";

/** The colour input only takes #rrggbb: #rgb(a) is widened, an alpha part dropped. */
function pickerValue(hex: string): string {
  const value = hex.trim();
  if (!HEX_COLOUR.test(value)) return DEFAULT_BLOG_BG;
  const digits = value.slice(1);
  const rgb = digits.length <= 4 ? [...digits.slice(0, 3)].map((c) => c + c).join("") : digits;
  return `#${rgb.slice(0, 6).toLowerCase()}`;
}

function FieldMessage({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-danger">
      {error}
    </p>
  );
}

type Field =
  "title" | "bg" | "slug" | "publishedAt" | "excerpt" | "seoTitle" | "seoDescription" | "imageAlt";

/** The editor's fields, in the order of the form: the first a refusal names takes focus. */
const FIELDS: readonly Field[] = [
  "title",
  "bg",
  "slug",
  "publishedAt",
  "excerpt",
  "seoTitle",
  "seoDescription",
  "imageAlt",
];

/**
 * Which field a server's refusal is about: a 400 names it in `fields` (decision 0053); a 409
 * is the slug's when it refuses the slug that was sent as taken.
 */
function fieldOfProblem(
  problem: ApiError,
  sentSlug: string,
): { field: Field; message: string } | null {
  if (problem.status === 400) {
    const field = FIELDS.find((name) => problem.fields[name] !== undefined);
    if (!field) return null;
    const message = problem.fields[field]!;
    return {
      field,
      message: field === "title" && message === messages.required ? "Title is required." : message,
    };
  }
  if (problem.status === 409 && sentSlug && problem.message === slugTakenMessage(sentSlug)) {
    return { field: "slug", message: problem.message };
  }
  return null;
}

/** The schedule field's hint: the time is the agency's, whatever the browser's zone. */
export const SCHEDULE_ZONE_HINT = `${AGENCY_TIME_ZONE_NAME}, as every time in the back office.`;
/** An ISO instant as the value of a datetime-local input, on the agency's clock (Lagos). */
function localInputValue(iso: string | null): string {
  return iso ? wallInputValue(iso) : "";
}
/** A datetime-local value (the agency's clock, as every time in the back office) in UTC. */
const isoFromLocalInput = (value: string): string => instantOfWall(value);

/** A hint under a field, with a live count against its limit. */
function Hint({
  id,
  text,
  length,
  max,
}: {
  id: string;
  text: string;
  length?: number;
  max?: number;
}) {
  return (
    <p id={id} className="mt-1 text-xs text-muted">
      {text}
      {max !== undefined && length !== undefined && (
        <span className={length > max ? "font-semibold text-danger" : ""}>
          {" "}
          ({length}/{max})
        </span>
      )}
    </p>
  );
}

/** The text fields of the form: what is kept in the browser and compared to see changes. */
type TextFields = Omit<KeptPost, "keptAt">;
/** The fields as one string, to compare with the saved ones. */
const snapshotOf = (fields: TextFields) =>
  JSON.stringify([
    fields.title,
    fields.points,
    fields.bg,
    fields.slugEdited ? fields.slug : "",
    fields.status,
    fields.status === "scheduled" ? fields.scheduleAt : "",
    fields.excerpt,
    fields.seoTitle,
    fields.seoDescription,
    fields.imageAlt,
    fields.tags,
  ]);
/** A new post: a draft until the writer chooses otherwise (decision 0033). */
const newPost: TextFields = {
  title: "",
  points: [""],
  bg: DEFAULT_BLOG_BG,
  slug: "",
  slugEdited: false,
  status: "draft",
  scheduleAt: "",
  excerpt: "",
  seoTitle: "",
  seoDescription: "",
  imageAlt: "",
  tags: [],
};

/** A saved post's text fields, as the form shows them. */
const fieldsOfBlog = (blog: Blog): TextFields => ({
  title: blog.title,
  points: blog.content.length > 0 ? blog.content : [""],
  bg: blog.bg,
  slug: blog.slug,
  slugEdited: true,
  status: blog.status,
  scheduleAt: blog.status === "scheduled" ? localInputValue(blog.publishedAt) : "",
  excerpt: blog.customExcerpt,
  seoTitle: blog.seoTitle,
  seoDescription: blog.seoDescription,
  imageAlt: blog.imageAlt,
  tags: blog.tags.map((tag) => tag.name),
});

/** How long a draft waits after the last change before it saves itself. */
export const AUTOSAVE_DELAY_MS = 3000;

type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  /** `snapshot`: the fields that were refused, not tried again until they change. */
  | { kind: "failed"; message: string; stale: boolean; snapshot?: string };

/** The Newsletter screen with this post chosen. */
const newsletterPath = (postId: string) => `/admin/newsletter?post=${encodeURIComponent(postId)}`;

/**
 * After a post is published or scheduled, its notice offers to send it as a newsletter;
 * nothing goes without the Newsletter screen's own confirmation.
 */
function newsletterOffer(postId: string, status: BlogStatus): ToastLink | undefined {
  return status === "draft"
    ? undefined
    : { to: newsletterPath(postId), label: "Send as newsletter" };
}

/** The blog form of /admin/create and /admin/edit/{id}, with a live preview. */
export function BlogEditor({ id }: { id?: string }) {
  const editing = id !== undefined;
  const navigate = useNavigate();
  const { notify } = useFeedback();
  const [title, setTitle] = useState("");
  const [points, setPoints] = useState<string[]>([""]);
  const [bg, setBg] = useState(DEFAULT_BLOG_BG);
  const [file, setFile] = useState<File | null>(null);
  const [filePreview, setFilePreview] = useState<string | null>(null);
  const [currentImage, setCurrentImage] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The field a refused save is about, with its own message; focus moves to it.
  const [fieldError, setFieldError] = useState<{ field: Field; message: string } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [slug, setSlug] = useState("");
  // A new post's slug follows the title until it is typed by hand.
  const [slugEdited, setSlugEdited] = useState(editing);
  const [status, setStatus] = useState<BlogStatus>("draft");
  // An author writes drafts and sends them for review; editors and owners publish (0051).
  const author = useOutletContext<AdminContext | undefined>()?.me?.role === "author";
  const [scheduleAt, setScheduleAt] = useState("");
  const [excerpt, setExcerpt] = useState("");
  const [seoTitle, setSeoTitle] = useState("");
  const [seoDescription, setSeoDescription] = useState("");
  const [imageAlt, setImageAlt] = useState("");
  const [tags, setTags] = useState<string[]>([]);
  const [saved, setSaved] = useState<Blog | null>(null);
  const [linkBusy, setLinkBusy] = useState(false);
  const origin = useRouteLoaderData<{ origin?: string }>("root")?.origin ?? "";
  const [loading, setLoading] = useState(editing);
  const [fileKey, setFileKey] = useState(0);
  // The saved fields (or a new post's empty ones): anything else is an unsaved change.
  const [baseline, setBaseline] = useState(() => snapshotOf(newPost));
  const [uploads, setUploads] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>({ kind: "idle" });
  // When a new post kept in this browser was brought back (ISO), to say so.
  const [restored, setRestored] = useState<string | null>(null);
  // Until what was kept in this browser has been read, nothing is kept over it.
  const restoring = useRef(true);
  // Which point box takes focus after Add Point / Remove.
  const focusPoint = useRef<number | null>(null);
  const ids = {
    title: useId(),
    bg: useId(),
    picker: useId(),
    image: useId(),
    slug: useId(),
    publishedAt: useId(),
    excerpt: useId(),
    seoTitle: useId(),
    seoDescription: useId(),
    imageAlt: useId(),
  };

  function fill(blog: Blog) {
    const fields = fieldsOfBlog(blog);
    fillText(fields);
    setCurrentImage(blog.image);
    setRemoveImage(false);
    setSaved(blog);
    setBaseline(snapshotOf(fields));
  }

  function fillText(fields: TextFields) {
    setTitle(fields.title);
    setPoints(fields.points.length > 0 ? fields.points : [""]);
    setBg(fields.bg);
    setSlug(fields.slug);
    setSlugEdited(fields.slugEdited);
    setStatus(fields.status);
    setScheduleAt(fields.scheduleAt);
    setExcerpt(fields.excerpt);
    setSeoTitle(fields.seoTitle);
    setSeoDescription(fields.seoDescription);
    setImageAlt(fields.imageAlt);
    setTags(fields.tags);
  }

  async function newPreviewLink(): Promise<string | null> {
    if (!id) return null;
    setLinkBusy(true);
    try {
      const previewPath = await createPreviewLink(id);
      setSaved((current) => (current ? { ...current, previewPath } : current));
      return previewPath;
    } catch (problem) {
      notify(
        `Could not make a preview link.${problem instanceof ApiError ? ` (${problem.message})` : ""}`,
        "error",
      );
      return null;
    } finally {
      setLinkBusy(false);
    }
  }

  async function copyPreviewLink() {
    const previewPath = saved?.previewPath ?? (await newPreviewLink());
    if (!previewPath) return;
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${previewPath}`);
      notify("Preview link copied.");
    } catch {
      notify("Could not copy: select the link in the box and copy it.", "error");
    }
  }

  const loaded = useEffectEvent((blog: Blog) => {
    fill(blog);
    // Changes kept in this browser come back only onto the version they were made to.
    const kept = readKeptPost(blog._id);
    if (kept?.version === blog.version && snapshotOf(kept) !== snapshotOf(fieldsOfBlog(blog))) {
      fillText(kept);
      setRestored(kept.keptAt);
    } else if (kept) forgetKeptPost(blog._id);
    restoring.current = false;
    setLoading(false);
  });
  useEffect(() => {
    if (!id) return;
    let live = true;
    getBlog(id).then(
      (blog) => {
        if (live) loaded(blog);
      },
      (problem: unknown) => {
        if (!live) return;
        setLoadError(problem instanceof ApiError ? problem.message : messages.blogFetchFailed);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  // Runs after every render: the point boxes exist by now.
  useEffect(() => {
    if (focusPoint.current === null) return;
    const target = document.getElementById(`${ids.title}-point-${focusPoint.current}`);
    focusPoint.current = null;
    target?.focus();
  });

  const fieldIds = useRef(ids);
  useEffect(() => {
    if (fieldError) document.getElementById(fieldIds.current[fieldError.field])?.focus();
  }, [fieldError]);

  // The chosen image's preview URL is freed when it changes and when the page is left.
  useEffect(() => () => void (filePreview && URL.revokeObjectURL(filePreview)), [filePreview]);

  function choose(next: File | null) {
    setFile(next);
    setFilePreview(next ? URL.createObjectURL(next) : null);
  }

  const text: TextFields = {
    title,
    points,
    bg,
    slug,
    slugEdited,
    status,
    scheduleAt,
    excerpt,
    seoTitle,
    seoDescription,
    imageAlt,
    tags,
  };
  const snapshot = snapshotOf(text);
  const textChanged = !loading && snapshot !== baseline;
  const unsaved = textChanged || file !== null || removeImage;
  const { letGo } = useLeaveGuard(unsaved);

  // What is written and not saved is kept in this browser: a new post until it is created,
  // a post's changes until they are saved (with the version they were made to).
  const textJson = JSON.stringify(text);
  const openedVersion = saved?.version;
  useEffect(() => {
    if (restoring.current || loading) return;
    if (!textChanged) forgetKeptPost(id);
    else {
      const keptAt = new Date().toISOString();
      keepPost({ ...(JSON.parse(textJson) as TextFields), keptAt, version: openedVersion }, id);
    }
  }, [id, loading, textJson, textChanged, openedVersion]);
  // Declared after the effect above, so that one does not forget the post before it shows.
  const restore = useEffectEvent(() => {
    const kept = readKeptPost();
    if (kept) {
      fillText(kept);
      setRestored(kept.keptAt);
    }
  });
  useEffect(() => {
    if (editing || !restoring.current) return;
    restoring.current = false;
    restore();
  }, [editing]);

  function discardKept() {
    forgetKeptPost(id);
    fillText(saved ? fieldsOfBlog(saved) : newPost);
    setRestored(null);
  }

  /** The text fields as the API takes them (the version opened, when editing). */
  const textFields = () => ({
    title,
    points,
    bg,
    // A post waiting for review stays so: only the submit call puts it there.
    ...(status === "review" ? {} : { status }),
    ...(status === "scheduled" ? { publishedAt: isoFromLocalInput(scheduleAt) } : {}),
    slug: slugEdited ? slug : "",
    excerpt,
    seoTitle,
    seoDescription,
    imageAlt,
    tags,
    ...(saved ? { version: saved.version } : {}),
  });

  // A draft saves itself a few seconds after the last change; a published or scheduled
  // post is never changed without its Save button. Never during a save or an upload, and
  // not again after a refusal by the version check (the page must be reloaded).
  const autosaves = editing && saved?.status === "draft" && status === "draft";
  const stale = saveState.kind === "failed" && saveState.stale;
  const autosaveNow = useEffectEvent(() => void autosave());
  useEffect(() => {
    if (!autosaves || !textChanged || busy || uploads > 0 || stale) return;
    if (saveState.kind === "saving" || title.trim() === "") return;
    if (saveState.kind === "failed" && saveState.snapshot === snapshot) return;
    const timer = setTimeout(() => autosaveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autosaves, textChanged, snapshot, busy, uploads, stale, saveState, title]);

  async function autosave() {
    if (!id) return;
    const sent = snapshot;
    setSaveState({ kind: "saving" });
    try {
      const after = await updateBlog(id, textFields());
      setSaved(after);
      setBaseline(sent);
      setSaveState({ kind: "saved", at: after.updatedAt });
    } catch (problem) {
      setSaveState({
        kind: "failed",
        message: problemText(problem, "the server could not be reached."),
        stale: problem instanceof ApiError && problem.status === 409,
        snapshot: sent,
      });
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldError(null);
    if (!Array.isArray(points)) throw new Error("Content must be an array");
    if (title.trim() === "") {
      // What the server would answer, without the round trip; the Title says it too.
      setError(`${messages.blogFailed} (${messages.required})`);
      setFieldError({ field: "title", message: "Title is required." });
      return;
    }
    if (status === "scheduled" && !isoFromLocalInput(scheduleAt)) {
      const message = "Choose the date and time the post should be published.";
      setError(`${messages.blogFailed} (${message})`);
      setFieldError({ field: "publishedAt", message });
      return;
    }
    const fields = { ...textFields(), image: file, removeImage };
    setBusy(true);
    try {
      if (editing) {
        const before = saved?.status;
        const after = await updateBlog(id, fields);
        fill(after);
        choose(null);
        setFileKey((k) => k + 1);
        setSaveState({ kind: "saved", at: after.updatedAt });
        notify(
          messages.blogUpdated,
          "success",
          after.status !== before ? newsletterOffer(after._id, after.status) : undefined,
        );
      } else {
        const created = await createBlog(fields);
        forgetKeptPost();
        letGo();
        notify(messages.blogCreated, "success", newsletterOffer(created._id, status));
        // An author goes on to the post, where "Submit for review" is.
        navigate(author ? `/admin/edit/${created._id}` : "/admin/dashboard");
      }
    } catch (problem) {
      const fieldProblem =
        problem instanceof ApiError ? fieldOfProblem(problem, fields.slug.trim()) : null;
      if (problem instanceof ApiError && problem.status === 409 && !fieldProblem) {
        setSaveState({ kind: "failed", message: problem.message, stale: true });
      }
      const detail =
        problem instanceof ApiError && problem.status !== 401 ? ` (${problem.message})` : "";
      setError(`${messages.blogFailed}${detail}`);
      setFieldError(fieldProblem);
    } finally {
      setBusy(false);
    }
  }

  const saveLine =
    saveState.kind === "saving" ? (
      "Saving…"
    ) : saveState.kind === "failed" ? (
      <span className="font-semibold text-danger">Not saved: {saveState.message}</span>
    ) : unsaved && !autosaves ? (
      editing ? (
        "Unsaved changes."
      ) : (
        "Not created yet: kept in this browser until you create it."
      )
    ) : saveState.kind === "saved" ? (
      `Saved at ${formatTime(saveState.at)}`
    ) : autosaves ? (
      "Draft: saves itself a few seconds after you stop typing."
    ) : (
      ""
    );

  const errorOf = (field: Field) => (fieldError?.field === field ? fieldError.message : undefined);
  /** aria-invalid and the field's descriptions: its error (when refused) and its hint. */
  const invalidProps = (field: Field, hint = false) => {
    const described = [
      errorOf(field) ? `${ids[field]}-error` : "",
      hint ? `${ids[field]}-hint` : "",
    ]
      .filter(Boolean)
      .join(" ");
    return {
      ...(errorOf(field) ? { "aria-invalid": true as const } : {}),
      ...(described ? { "aria-describedby": described } : {}),
    };
  };
  // Nothing until there is a title: slugify's fallback "post" is not an address to show.
  const shownSlug = slugEdited ? slug : title.trim() ? slugify(title) : "";
  const address = `${origin}/blog/${shownSlug || "…"}`;

  const shownImage = filePreview ?? (removeImage ? null : currentImage);
  const previewBg = HEX_COLOUR.test(bg.trim()) ? bg.trim() : DEFAULT_BLOG_BG;
  const heading = editing ? "EDIT/UPDATE BLOG" : "CREATE BLOG";

  if (loadError) {
    return (
      <>
        <PageTitle>{heading}</PageTitle>
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger">
          {loadError}
        </p>
      </>
    );
  }

  return (
    <>
      <PageTitle>{heading}</PageTitle>
      {editing && saved && (
        <BlogRevisions
          blogId={id}
          savedAt={saved.updatedAt}
          unsaved={title !== saved.title || points.join("\n") !== saved.content.join("\n")}
          onRestored={fill}
        />
      )}
      {loading ? (
        <p role="status" className="text-muted">
          Loading…
        </p>
      ) : (
        <div className="grid items-start gap-x-8 xl:grid-cols-2">
          <Panel>
            <form onSubmit={onSubmit} className="space-y-5">
              {restored && (
                <div className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-ink">
                  <p className="min-w-0 flex-1">
                    {editing
                      ? `Your unsaved changes were kept in this browser (${formatDateTime(restored)}) and are back.`
                      : `The post you were writing was kept in this browser (${formatDateTime(restored)}) and is back.`}
                  </p>
                  <button type="button" className={adminButtonSecondary} onClick={discardKept}>
                    {editing ? "Discard them" : "Discard it"}
                  </button>
                </div>
              )}
              <div>
                <label htmlFor={ids.title} className={adminLabel}>
                  Title
                </label>
                <input
                  id={ids.title}
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  maxLength={200}
                  aria-required="true"
                  {...invalidProps("title")}
                  className={`${adminInput} mt-1`}
                />
                <FieldMessage id={`${ids.title}-error`} error={errorOf("title")} />
              </div>
              <div>
                <label htmlFor={ids.slug} className={adminLabel}>
                  Address (slug)
                </label>
                <input
                  id={ids.slug}
                  value={shownSlug}
                  onChange={(e) => {
                    setSlug(e.target.value);
                    setSlugEdited(true);
                  }}
                  maxLength={MAX_SLUG_LENGTH}
                  autoCapitalize="none"
                  spellCheck={false}
                  {...invalidProps("slug", true)}
                  className={`${adminInput} mt-1 font-mono`}
                />
                <FieldMessage id={`${ids.slug}-error`} error={errorOf("slug")} />
                <p id={`${ids.slug}-hint`} className="mt-1 text-xs break-all text-muted">
                  Lower-case letters, digits and hyphens. The post&rsquo;s address:{" "}
                  <span className="font-semibold text-ink">{address}</span>
                  {editing ? "" : " (made from the title until you change it)"}. Empty: made from
                  the title.
                </p>
              </div>
              <fieldset className="space-y-3">
                <legend className={adminLabel}>Content</legend>
                <p className="text-sm text-muted">
                  One point per box; a point may have several lines. A line starting with # is a
                  heading, * a bullet, 1. a numbered item, &gt; a quote. Select words and use the
                  buttons (or Ctrl/⌘ B, I, K) for bold, italic and links; paste or drop an image
                  into a point to add it.
                </p>
                {points.map((point, index) => (
                  <PointField
                    key={index}
                    id={`${ids.title}-point-${index}`}
                    index={index}
                    value={point}
                    canRemove={points.length > 1}
                    onChange={(value) =>
                      setPoints((list) => list.map((p, i) => (i === index ? value : p)))
                    }
                    onRemove={() => {
                      setPoints((list) => list.filter((_, i) => i !== index));
                      focusPoint.current = Math.max(0, index - 1);
                    }}
                    onUploading={(running) => setUploads((n) => n + (running ? 1 : -1))}
                  />
                ))}
                <button
                  type="button"
                  onClick={() => {
                    setPoints((list) => [...list, ""]);
                    focusPoint.current = points.length;
                  }}
                  className={adminButtonSecondary}
                >
                  Add Point
                </button>
              </fieldset>
              <div>
                <label htmlFor={ids.bg} className={adminLabel}>
                  Background Color
                </label>
                <div className="mt-1 flex gap-2">
                  <input
                    id={ids.bg}
                    value={bg}
                    onChange={(e) => setBg(e.target.value)}
                    placeholder="#ffffff"
                    {...invalidProps("bg")}
                    className={adminInput}
                  />
                  <input
                    type="color"
                    aria-label="Pick the background color"
                    value={pickerValue(bg)}
                    onChange={(e) => setBg(e.target.value)}
                    className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                  />
                </div>
                <FieldMessage id={`${ids.bg}-error`} error={errorOf("bg")} />
              </div>
              <div>
                <label htmlFor={ids.image} className={adminLabel}>
                  Image
                </label>
                <input
                  key={fileKey}
                  id={ids.image}
                  type="file"
                  accept="image/*"
                  aria-describedby={`${ids.image}-hint`}
                  onChange={(e) => choose(e.target.files?.[0] ?? null)}
                  className={fileInput}
                />
                <p id={`${ids.image}-hint`} className="mt-1 text-xs text-muted">
                  Optional. PNG, JPEG, WebP, GIF or AVIF.
                </p>
                {shownImage && (
                  <div className="mt-3 flex items-start gap-3">
                    <img
                      src={shownImage}
                      alt={filePreview ? "The chosen image" : "The current image"}
                      className="h-28 w-48 rounded-lg object-cover ring-1 ring-slate-200"
                    />
                    {filePreview ? (
                      <button
                        type="button"
                        className={adminButtonSecondary}
                        onClick={() => {
                          choose(null);
                          setFileKey((k) => k + 1);
                        }}
                      >
                        {editing && currentImage && !removeImage
                          ? "Keep the current image"
                          : "Clear the chosen image"}
                      </button>
                    ) : (
                      editing && (
                        <button
                          type="button"
                          className={adminButtonDanger}
                          onClick={() => setRemoveImage(true)}
                        >
                          Remove image
                        </button>
                      )
                    )}
                  </div>
                )}
                {editing && removeImage && !filePreview && (
                  <p className="mt-2 text-sm text-muted">
                    The image will be removed when you update.{" "}
                    <button
                      type="button"
                      className="font-semibold text-brand underline"
                      onClick={() => setRemoveImage(false)}
                    >
                      Keep it
                    </button>
                  </p>
                )}
              </div>
              <div>
                <label htmlFor={ids.imageAlt} className={adminLabel}>
                  Cover alt text
                </label>
                <input
                  id={ids.imageAlt}
                  value={imageAlt}
                  onChange={(e) => setImageAlt(e.target.value)}
                  maxLength={MAX_IMAGE_ALT_LENGTH}
                  {...invalidProps("imageAlt", true)}
                  className={`${adminInput} mt-1`}
                />
                <FieldMessage id={`${ids.imageAlt}-error`} error={errorOf("imageAlt")} />
                <Hint
                  id={`${ids.imageAlt}-hint`}
                  text="What the cover picture shows, for people who cannot see it. Leave empty when it is only decoration."
                />
              </div>
              <TagInput value={tags} onChange={setTags} />
              <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
                <legend className={`${adminLabel} px-1`}>Publishing</legend>
                <div className="flex flex-wrap gap-x-6 gap-y-2">
                  {(
                    [
                      ["draft", "Draft"],
                      ["published", saved?.status === "published" ? "Published" : "Publish now"],
                      ["scheduled", "Schedule"],
                    ] as const
                  )
                    .filter(([value]) => !author || value === "draft")
                    .map(([value, label]) => (
                      <label key={value} className="flex items-center gap-2 font-medium">
                        <input
                          type="radio"
                          name="status"
                          value={value}
                          checked={status === value}
                          onChange={() => setStatus(value)}
                          className="size-4 accent-brand"
                        />
                        {label}
                      </label>
                    ))}
                </div>
                {status === "scheduled" && (
                  <div>
                    <label htmlFor={ids.publishedAt} className={adminLabel}>
                      Publish on
                    </label>
                    <input
                      id={ids.publishedAt}
                      type="datetime-local"
                      step={1}
                      value={scheduleAt}
                      onChange={(e) => setScheduleAt(e.target.value)}
                      aria-required="true"
                      {...invalidProps("publishedAt", true)}
                      className={`${adminInput} mt-1 sm:max-w-xs`}
                    />
                    <FieldMessage id={`${ids.publishedAt}-error`} error={errorOf("publishedAt")} />
                    <Hint
                      id={`${ids.publishedAt}-hint`}
                      text={`${SCHEDULE_ZONE_HINT} The post appears on the site at that time by itself.`}
                    />
                  </div>
                )}
                <p className="text-sm text-muted">
                  {status === "draft"
                    ? author
                      ? "Only the back office and people with the preview link see a draft. When it is ready, send it for review: an editor or an owner publishes it."
                      : "Only the back office and people with the preview link see a draft."
                    : status === "review"
                      ? "Waiting for review: only the back office and people with the preview link see it."
                      : status === "scheduled"
                        ? "Until then only the back office and people with the preview link see it."
                        : "The post is on the site, the feed and the sitemap."}
                </p>
                {editing && saved && (
                  <ReviewPanel
                    post={saved}
                    author={author}
                    unsaved={unsaved}
                    onChanged={(after) => {
                      fill(after);
                      setSaveState({ kind: "idle" });
                    }}
                  />
                )}
                {editing &&
                  saved &&
                  (saved.status === "published" || saved.status === "scheduled") && (
                    <p className="text-sm">
                      <Link
                        to={newsletterPath(saved._id)}
                        className="font-semibold text-brand underline"
                      >
                        Send as newsletter
                      </Link>{" "}
                      <span className="text-muted">
                        (on the Newsletter screen: preview it, then send it)
                      </span>
                    </p>
                  )}
                {editing && saved && saved.status !== "published" && (
                  <div className="border-t border-slate-200 pt-3">
                    <p className="text-sm font-semibold text-ink">Private preview link</p>
                    {saved.previewPath ? (
                      <>
                        <input
                          readOnly
                          aria-label="Preview link"
                          value={`${origin}${saved.previewPath}`}
                          onFocus={(e) => e.currentTarget.select()}
                          className={`${adminInput} mt-1 font-mono text-xs`}
                        />
                        <div className="mt-2 flex flex-wrap gap-2">
                          <button
                            type="button"
                            className={adminButtonSecondary}
                            onClick={() => void copyPreviewLink()}
                          >
                            Copy preview link
                          </button>
                          <a
                            href={saved.previewPath}
                            target="_blank"
                            rel="noopener"
                            className={adminButtonSecondary}
                          >
                            Open preview<span className="sr-only"> (new tab)</span>
                          </a>
                          <button
                            type="button"
                            disabled={linkBusy}
                            className={adminButtonSecondary}
                            onClick={() =>
                              void newPreviewLink().then(
                                (made) =>
                                  made &&
                                  notify("New preview link made: the old one no longer works."),
                              )
                            }
                          >
                            Replace the link
                          </button>
                        </div>
                      </>
                    ) : (
                      <div className="mt-2 flex flex-wrap gap-2">
                        <button
                          type="button"
                          disabled={linkBusy}
                          className={adminButtonSecondary}
                          onClick={() => void copyPreviewLink()}
                        >
                          {linkBusy ? "Making the link…" : "Copy preview link"}
                        </button>
                      </div>
                    )}
                    <p className="mt-1 text-xs text-muted">
                      Anyone with the link sees the saved post, signed out; search engines are told
                      not to index it.
                    </p>
                  </div>
                )}
              </fieldset>
              <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
                <legend className={`${adminLabel} px-1`}>Search and sharing</legend>
                <div>
                  <label htmlFor={ids.excerpt} className={adminLabel}>
                    Excerpt
                  </label>
                  <textarea
                    id={ids.excerpt}
                    value={excerpt}
                    rows={2}
                    onChange={(e) => setExcerpt(e.target.value)}
                    {...invalidProps("excerpt", true)}
                    className={`${adminInput} mt-1`}
                  />
                  <FieldMessage id={`${ids.excerpt}-error`} error={errorOf("excerpt")} />
                  <Hint
                    id={`${ids.excerpt}-hint`}
                    text="Shown on the blog list's card. Empty: the first 15 words."
                    length={excerpt.length}
                    max={MAX_EXCERPT_LENGTH}
                  />
                </div>
                <div>
                  <label htmlFor={ids.seoTitle} className={adminLabel}>
                    SEO headline
                  </label>
                  <input
                    id={ids.seoTitle}
                    value={seoTitle}
                    onChange={(e) => setSeoTitle(e.target.value)}
                    placeholder={title}
                    {...invalidProps("seoTitle", true)}
                    className={`${adminInput} mt-1`}
                  />
                  <FieldMessage id={`${ids.seoTitle}-error`} error={errorOf("seoTitle")} />
                  <Hint
                    id={`${ids.seoTitle}-hint`}
                    text="The title in search results and share cards; about 60 characters show. Empty: the post's title."
                    length={seoTitle.length}
                    max={MAX_SEO_TITLE_LENGTH}
                  />
                </div>
                <div>
                  <label htmlFor={ids.seoDescription} className={adminLabel}>
                    SEO description
                  </label>
                  <textarea
                    id={ids.seoDescription}
                    value={seoDescription}
                    rows={2}
                    onChange={(e) => setSeoDescription(e.target.value)}
                    {...invalidProps("seoDescription", true)}
                    className={`${adminInput} mt-1`}
                  />
                  <FieldMessage
                    id={`${ids.seoDescription}-error`}
                    error={errorOf("seoDescription")}
                  />
                  <Hint
                    id={`${ids.seoDescription}-hint`}
                    text="The text under the title in search results; 120–160 characters work best. Empty: the excerpt."
                    length={seoDescription.length}
                    max={MAX_SEO_DESCRIPTION_LENGTH}
                  />
                </div>
              </fieldset>
              <div aria-live="polite">
                {error && (
                  <p
                    role="alert"
                    className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger"
                  >
                    {error}
                  </p>
                )}
              </div>
              <div className="sticky bottom-0 -mx-1 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 bg-white px-1 py-3">
                <button
                  type="submit"
                  disabled={busy || saveState.kind === "saving" || uploads > 0}
                  className={adminButton}
                >
                  {busy ? "Submitting..." : editing ? "Update Blog" : "Create Blog"}
                </button>
                <p role="status" className="min-w-0 flex-1 text-sm text-muted">
                  {saveLine}
                </p>
              </div>
            </form>
          </Panel>
          <Panel title="Preview" id="preview-title" className="xl:sticky xl:top-6">
            <p className="-mt-2 mb-4 text-sm text-muted">
              How the post will look on the site as you type.
            </p>
            <div className="overflow-hidden rounded-xl ring-1 ring-slate-200">
              <div className="bg-gradient-to-br from-brand to-navy p-4 md:p-6">
                <div
                  className="rounded-2xl px-5 py-6"
                  style={{ backgroundColor: previewBg, color: bannerInk(previewBg) }}
                >
                  <p className="text-2xl leading-tight font-extrabold">{title || "Your title"}</p>
                </div>
              </div>
              <div className="p-4 md:p-6">
                {shownImage && (
                  <img src={shownImage} alt="" className="mb-6 w-full rounded-xl shadow" />
                )}
                <p className="mb-4 text-xl font-extrabold text-navy">{title || "Your title"}</p>
                <BlogBody content={points} />
              </div>
            </div>
          </Panel>
        </div>
      )}
    </>
  );
}
