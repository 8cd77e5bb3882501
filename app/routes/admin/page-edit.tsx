import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { ContentField, ContentImage } from "../../../common/schemas/content.ts";
import {
  MAX_PAGE_BODY_LENGTH,
  pageInputSchema,
  type PageStatus,
} from "../../../common/schemas/pages.ts";
import { MAX_SEO_DESCRIPTION_LENGTH, MAX_SEO_TITLE_LENGTH } from "../../../common/schemas/blog.ts";
import { slugify } from "../../../common/slug.ts";
import {
  describedBy,
  FieldError,
  FieldHint,
  FieldLabel,
  TextField,
} from "../../components/admin/content-fields.tsx";
import { ImageField } from "../../components/admin/content-image-field.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  failure,
  LoadState,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { useDeleteAction } from "../../components/admin/use-delete-action.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  deletePage,
  getPage,
  pageEditPath,
  pagesAdminPath,
  savePage,
  type Page,
} from "../../lib/admin/pages.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { staffPagePath } from "../../lib/feeds.ts";

export const meta = adminMeta("Edit page");

/** The form's fields, as the content editor's controls describe them. */
export const pageFields = {
  title: { name: "title", label: "Title", input: "text" },
  slug: {
    name: "slug",
    label: "Address",
    input: "text",
    hint: "Lower-case letters, digits and hyphens: the page is at /<address>. “terms” is the footer’s Terms of Service.",
  },
  body: {
    name: "body",
    label: "Text",
    input: "textarea",
    hint: "One block per line: a line starting with # is a heading, one starting with * a bullet point, any other line a paragraph.",
  },
  seoTitle: {
    name: "seoTitle",
    label: "Search title",
    input: "text",
    optional: true,
    hint: `At most ${MAX_SEO_TITLE_LENGTH} characters. Blank: the title.`,
  },
  seoDescription: {
    name: "seoDescription",
    label: "Search description",
    input: "text",
    optional: true,
    hint: `At most ${MAX_SEO_DESCRIPTION_LENGTH} characters. Blank: the start of the text.`,
  },
  image: { name: "image", label: "Share image", input: "image", optional: true },
} as const satisfies Record<string, ContentField>;

type FieldName = keyof typeof pageFields | "imageAlt" | "status";

interface Values {
  title: string;
  slug: string;
  body: string;
  seoTitle: string;
  seoDescription: string;
  image: ContentImage;
  status: PageStatus;
}

const noImage: ContentImage = { src: "", alt: "", variants: [] };

const valuesOf = (page: Page | undefined): Values => ({
  title: page?.title ?? "",
  slug: page?.slug ?? "",
  body: page?.body ?? "",
  seoTitle: page?.seoTitle ?? "",
  seoDescription: page?.seoDescription ?? "",
  image: page?.image ?? noImage,
  status: page?.status ?? "draft",
});

/** A new page (/admin/pages/new) or one page (/admin/pages/{id}). */
export default function PageEdit() {
  const { id } = useParams();
  const page = useApiData(() => (id ? getPage(id) : Promise.resolve(undefined)), [id]);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={pagesAdminPath} className="font-semibold text-brand underline">
          Pages
        </Link>
      </p>
      <PageTitle>{id ? "Edit page" : "New page"}</PageTitle>
      <Panel>
        {id && (
          <LoadState
            loading={page.loading}
            error={failure("page", page)}
            empty={!page.data}
            emptyText=""
          />
        )}
        {(!id || page.data) && <PageForm key={id ?? "new"} page={page.data} />}
      </Panel>
    </>
  );
}

function PageForm({ page }: { page: Page | undefined }) {
  const base = useId();
  const idOf = (name: FieldName) => `${base}-${name}`;
  const navigate = useNavigate();
  const { notify } = useFeedback();
  const [values, setValues] = useState(() => valuesOf(page));
  const [saved, setSaved] = useState(page);
  // A new page's address follows its title until staff write one themselves.
  const [slugTouched, setSlugTouched] = useState(Boolean(page));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  const set =
    <K extends keyof Values>(name: K) =>
    (value: Values[K]) =>
      setValues((current) => ({
        ...current,
        [name]: value,
        ...(name === "title" && !slugTouched ? { slug: slugify(value as string) } : {}),
      }));

  // After a refused save, focus goes to the first field with a message, else to the reason.
  useEffect(() => {
    if (attempt === 0) return;
    const order: FieldName[] = ["title", "slug", "body", "seoTitle", "seoDescription", "imageAlt"];
    const first = order.find((name) => errors[name]);
    if (first) document.getElementById(idOf(first))?.focus();
    else formErrorRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on each refused attempt only
  }, [attempt]);

  const remove = useDeleteAction<Page>({
    question: (target) => `Delete the page “${target.title}”? Its address will show the 404 page.`,
    remove: (target) => deletePage(target.id),
    onRemoved: () => void navigate(pagesAdminPath),
    removed: "Page deleted.",
    failed: "Could not delete the page. Please try again.",
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { ...values, image: values.image.src ? values.image : null };
    const checked = pageInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) {
        const name = (issue.path[0] === "image" ? "imageAlt" : issue.path[0]) as FieldName;
        found[name] ??= issue.message;
      }
      setErrors(found);
      setFormError(null);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const result = await savePage(saved?.id, input);
      setSaved(result);
      setSlugTouched(true);
      notify(result.status === "published" ? "Page saved and published." : "Page saved.");
      if (!saved) void navigate(pageEditPath(result.id), { replace: true });
    } catch (problem) {
      setFormError(problemText(problem, "The page could not be saved. Please try again."));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const statusId = idOf("status");
  const publicPath = saved ? staffPagePath(saved.slug) : undefined;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <TextField
        field={pageFields.title}
        id={idOf("title")}
        value={values.title}
        error={errors.title}
        onChange={set("title")}
      />
      <TextField
        field={pageFields.slug}
        id={idOf("slug")}
        value={values.slug}
        error={errors.slug}
        onChange={(value) => {
          setSlugTouched(true);
          set("slug")(value.trim().toLowerCase());
        }}
      />
      <div>
        <FieldLabel field={pageFields.body} htmlFor={idOf("body")} />
        <textarea
          id={idOf("body")}
          value={values.body}
          required
          rows={14}
          maxLength={MAX_PAGE_BODY_LENGTH}
          onChange={(event) => set("body")(event.target.value)}
          className={`${adminInput} mt-1 font-mono text-sm`}
          {...describedBy(idOf("body"), true, errors.body)}
        />
        <FieldHint id={idOf("body")}>{pageFields.body.hint}</FieldHint>
        <FieldError id={idOf("body")} error={errors.body} />
      </div>
      <TextField
        field={pageFields.seoTitle}
        id={idOf("seoTitle")}
        value={values.seoTitle}
        error={errors.seoTitle}
        onChange={set("seoTitle")}
      />
      <TextField
        field={pageFields.seoDescription}
        id={idOf("seoDescription")}
        value={values.seoDescription}
        error={errors.seoDescription}
        onChange={set("seoDescription")}
      />
      <ImageField
        field={pageFields.image}
        id={idOf("image")}
        altId={idOf("imageAlt")}
        altError={errors.imageAlt}
        value={values.image}
        onChange={set("image")}
        onUploading={setUploading}
      />
      {values.image.src && (
        <button
          type="button"
          className={adminButtonSecondary}
          onClick={() => set("image")(noImage)}
        >
          Remove the share image
        </button>
      )}
      <fieldset>
        <legend className={adminLabel}>Status</legend>
        <div className="mt-2 flex flex-wrap gap-4" id={statusId}>
          {(["draft", "published"] as const).map((status) => (
            <label key={status} className="flex items-center gap-2">
              <input
                type="radio"
                name={statusId}
                value={status}
                checked={values.status === status}
                onChange={() => set("status")(status)}
              />
              {status === "draft" ? "Draft (not on the site)" : "Published"}
            </label>
          ))}
        </div>
      </fieldset>
      {formError && (
        <p
          ref={formErrorRef}
          role="alert"
          tabIndex={-1}
          className="rounded-lg bg-red-50 px-4 py-3 font-semibold text-danger focus:outline-none"
        >
          {formError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <button type="submit" className={adminButton} disabled={busy || uploading}>
          {busy ? "Saving…" : "Save"}
        </button>
        {publicPath && saved?.status === "published" && (
          <a href={publicPath} target="_blank" rel="noreferrer" className={adminButtonSecondary}>
            View the page<span className="sr-only"> {publicPath} (opens in a new tab)</span>
          </a>
        )}
        {saved && saved.status === "draft" && (
          <span className="text-sm text-muted">A draft is not on the site.</span>
        )}
        {saved && (
          <button
            type="button"
            className={`${adminButtonDanger} ml-auto`}
            onClick={() => void remove.run(saved)}
          >
            Delete page
          </button>
        )}
      </div>
    </form>
  );
}
