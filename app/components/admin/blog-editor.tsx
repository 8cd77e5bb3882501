import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import { messages } from "../../../common/messages.ts";
import {
  DEFAULT_BLOG_BG,
  HEX_COLOUR,
  MAX_EXCERPT_LENGTH,
  MAX_IMAGE_ALT_LENGTH,
  MAX_SEO_DESCRIPTION_LENGTH,
  MAX_SEO_TITLE_LENGTH,
} from "../../../common/schemas/blog.ts";
import { MAX_SLUG_LENGTH, slugify } from "../../../common/slug.ts";
import { ApiError } from "../../lib/admin-api.ts";
import {
  createBlog,
  createPreviewLink,
  getBlog,
  updateBlog,
  type AdminBlog as Blog,
  type BlogStatus,
} from "../../lib/admin/blogs.ts";
import { bannerInk } from "../blog/banner-ink.ts";
import { BlogBody } from "../blog/blog-body.tsx";
import { BlogRevisions } from "./blog-revisions.tsx";
import { useFeedback } from "./feedback.tsx";
import { TagInput } from "./tag-input.tsx";
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

/** Which field a server's 400 or 409 message is about, so the form can mark it. */
function fieldOfProblem(message: string): { field: Field; message: string } | null {
  if (message === messages.required) return { field: "title", message: "Title is required." };
  if (message.startsWith("Title")) return { field: "title", message };
  if (message.startsWith("Background colour")) return { field: "bg", message };
  if (message.startsWith("The slug") || message.startsWith("The address")) {
    return { field: "slug", message };
  }
  if (message.startsWith("The publication time") || message.startsWith("Choose the date")) {
    return { field: "publishedAt", message };
  }
  if (message.startsWith("The excerpt")) return { field: "excerpt", message };
  if (message.startsWith("The SEO title")) return { field: "seoTitle", message };
  if (message.startsWith("The SEO description")) return { field: "seoDescription", message };
  if (message.startsWith("The cover")) return { field: "imageAlt", message };
  return null;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** An ISO instant as the value of a datetime-local input, in the browser's time zone. */
function localInputValue(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const seconds = d.getSeconds() ? `:${pad(d.getSeconds())}` : "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}${seconds}`;
}
/** A datetime-local value (the browser's time zone) as an ISO instant in UTC. */
function isoFromLocalInput(value: string): string {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? "" : time.toISOString();
}

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
  const [status, setStatus] = useState<BlogStatus>("published");
  const [scheduleAt, setScheduleAt] = useState("");
  const [excerpt, setExcerpt] = useState("");
  const [seoTitle, setSeoTitle] = useState("");
  const [seoDescription, setSeoDescription] = useState("");
  const [imageAlt, setImageAlt] = useState("");
  const [tags, setTags] = useState<string[]>();
  const [saved, setSaved] = useState<Blog | null>(null);
  const [linkBusy, setLinkBusy] = useState(false);
  const origin = useRouteLoaderData<{ origin?: string }>("root")?.origin ?? "";
  const [loading, setLoading] = useState(editing);
  const [fileKey, setFileKey] = useState(0);
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
    setTitle(blog.title);
    setPoints(blog.content.length > 0 ? blog.content : [""]);
    setBg(blog.bg);
    setCurrentImage(blog.image);
    setRemoveImage(false);
    setSlug(blog.slug);
    setSlugEdited(true);
    setStatus(blog.status);
    setScheduleAt(blog.status === "scheduled" ? localInputValue(blog.publishedAt) : "");
    setExcerpt(blog.customExcerpt);
    setSeoTitle(blog.seoTitle);
    setSeoDescription(blog.seoDescription);
    setImageAlt(blog.imageAlt);
    setTags(blog.tags.map((tag) => tag.name));
    setSaved(blog);
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

  useEffect(() => {
    if (!id) return;
    let live = true;
    getBlog(id).then(
      (blog) => {
        if (!live) return;
        fill(blog);
        setLoading(false);
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
    const fields = {
      title,
      points,
      bg,
      image: file,
      removeImage,
      status,
      ...(status === "scheduled" ? { publishedAt: isoFromLocalInput(scheduleAt) } : {}),
      slug: slugEdited ? slug : "",
      excerpt,
      seoTitle,
      seoDescription,
      imageAlt,
      tags,
    };
    setBusy(true);
    try {
      if (editing) {
        fill(await updateBlog(id, fields));
        choose(null);
        setFileKey((k) => k + 1);
        notify(messages.blogUpdated);
      } else {
        await createBlog(fields);
        notify(messages.blogCreated);
        navigate("/admin/dashboard");
      }
    } catch (problem) {
      const detail =
        problem instanceof ApiError && problem.status !== 401 ? ` (${problem.message})` : "";
      setError(`${messages.blogFailed}${detail}`);
      if (problem instanceof ApiError && (problem.status === 400 || problem.status === 409)) {
        setFieldError(fieldOfProblem(problem.message));
      }
    } finally {
      setBusy(false);
    }
  }

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
                  One point per box. A line starting with # is a heading, with * a bullet.
                </p>
                {points.map((point, index) => (
                  <div key={index}>
                    <div className="flex items-center justify-between">
                      <label
                        htmlFor={`${ids.title}-point-${index}`}
                        className="text-sm font-semibold"
                      >
                        Point {index + 1}
                      </label>
                      <button
                        type="button"
                        onClick={() => {
                          setPoints((list) => list.filter((_, i) => i !== index));
                          focusPoint.current = Math.max(0, index - 1);
                        }}
                        disabled={points.length === 1}
                        className={`${adminButtonDanger} px-2 py-0.5 text-sm`}
                      >
                        Remove<span className="sr-only"> point {index + 1}</span>
                      </button>
                    </div>
                    <textarea
                      id={`${ids.title}-point-${index}`}
                      value={point}
                      rows={3}
                      onChange={(e) =>
                        setPoints((list) => list.map((p, i) => (i === index ? e.target.value : p)))
                      }
                      className={`${adminInput} mt-1`}
                    />
                  </div>
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
              <TagInput value={tags ?? []} onChange={setTags} />
              <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
                <legend className={`${adminLabel} px-1`}>Publishing</legend>
                <div className="flex flex-wrap gap-x-6 gap-y-2">
                  {(
                    [
                      ["draft", "Draft"],
                      ["published", saved?.status === "published" ? "Published" : "Publish now"],
                      ["scheduled", "Schedule"],
                    ] as const
                  ).map(([value, label]) => (
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
                      text={`Your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}). The post appears on the site at that time by itself.`}
                    />
                  </div>
                )}
                <p className="text-sm text-muted">
                  {status === "draft"
                    ? "Only the back office and people with the preview link see a draft."
                    : status === "scheduled"
                      ? "Until then only the back office and people with the preview link see it."
                      : "The post is on the site, the feed and the sitemap."}
                </p>
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
              <button type="submit" disabled={busy} className={adminButton}>
                {busy ? "Submitting..." : editing ? "Update Blog" : "Create Blog"}
              </button>
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
