import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { messages } from "../../../common/messages.ts";
import { DEFAULT_BLOG_BG, HEX_COLOUR } from "../../../common/schemas/blog.ts";
import { ApiError } from "../../lib/admin-api.ts";
import { createBlog, getBlog, updateBlog, type Blog } from "../../lib/admin/blogs.ts";
import { bannerInk } from "../blog/banner-ink.ts";
import { BlogBody } from "../blog/blog-body.tsx";
import { useFeedback } from "./feedback.tsx";
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

/** Which field a server's 400 message is about, so the form can mark it. */
function fieldOfProblem(message: string): { field: "title" | "bg"; message: string } | null {
  if (message === messages.required) return { field: "title", message: "Title is required." };
  if (message.startsWith("Title")) return { field: "title", message };
  if (message.startsWith("Background colour")) return { field: "bg", message };
  return null;
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
  const [fieldError, setFieldError] = useState<{ field: "title" | "bg"; message: string } | null>(
    null,
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(editing);
  const [fileKey, setFileKey] = useState(0);
  // Which point box takes focus after Add Point / Remove.
  const focusPoint = useRef<number | null>(null);
  const ids = { title: useId(), bg: useId(), picker: useId(), image: useId() };

  function fill(blog: Blog) {
    setTitle(blog.title);
    setPoints(blog.content.length > 0 ? blog.content : [""]);
    setBg(blog.bg);
    setCurrentImage(blog.image);
    setRemoveImage(false);
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
    const fields = { title, points, bg, image: file, removeImage };
    setBusy(true);
    try {
      const blog = editing ? await updateBlog(id, fields) : await createBlog(fields);
      if (editing) {
        fill(blog);
        choose(null);
        setFileKey((k) => k + 1);
        notify(messages.blogUpdated);
      } else {
        notify(messages.blogCreated);
        navigate("/admin/dashboard");
      }
    } catch (problem) {
      const detail =
        problem instanceof ApiError && problem.status !== 401 ? ` (${problem.message})` : "";
      setError(`${messages.blogFailed}${detail}`);
      if (problem instanceof ApiError && problem.status === 400) {
        setFieldError(fieldOfProblem(problem.message));
      }
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (field: "title" | "bg") =>
    fieldError?.field === field ? fieldError.message : undefined;
  const invalidProps = (field: "title" | "bg") =>
    errorOf(field)
      ? { "aria-invalid": true as const, "aria-describedby": `${ids[field]}-error` }
      : {};

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
