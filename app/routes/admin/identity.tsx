import { useId, useState, type FormEvent } from "react";
import { Link, useOutletContext, useRevalidator } from "react-router";
import {
  AA_TEXT,
  brandPalette,
  contrastRatio,
  textShadeOf,
} from "../../../common/brand-colours.ts";
import {
  identityColourFields,
  identityTextFields,
  siteIdentitySchema,
  type SiteIdentity,
} from "../../../common/schemas/identity.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  failure,
  fileInput,
  LoadState,
  OwnerOnlyScreen,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  getIdentity,
  saveIdentity,
  uploadIdentityPicture,
  type IdentityPicture,
} from "../../lib/admin/identity.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { removeSamples, samplesRemovedText } from "../../lib/admin/setup.ts";
import type { AdminContext } from "./layout.tsx";

export const meta = adminMeta("Site identity");

const OWNER_ONLY = "Only an owner can change the site identity.";

type Errors = Partial<Record<keyof SiteIdentity, string>>;

/** The Site identity screen (owners): the agency's name, words, colours, logo, share picture. */
export default function IdentityScreen() {
  const { me } = useOutletContext<AdminContext>();
  const identity = useApiData(getIdentity, []);
  if (me && me.role !== "owner")
    return <OwnerOnlyScreen title="Site identity" message={OWNER_ONLY} />;
  return (
    <>
      <PageTitle
        actions={
          <Link
            to="/"
            reloadDocument
            className={adminButtonSecondary}
            target="_blank"
            rel="noopener"
          >
            View the site<span className="sr-only"> (opens in a new tab)</span>
          </Link>
        }
      >
        Site identity
      </PageTitle>
      <LoadState
        loading={identity.loading}
        error={failure("site identity", identity)}
        empty={!identity.data}
        emptyText=""
      />
      {identity.data && (
        <IdentityForm initial={identity.data} onSaved={(saved) => identity.setData(() => saved)} />
      )}
      <SampleContentPanel />
    </>
  );
}

/** "Remove sample content" (issue 47): the set-up card's choice, available later too. */
function SampleContentPanel() {
  const { notify } = useFeedback();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      notify(samplesRemovedText(await removeSamples()));
      setAsking(false);
    } catch (problem) {
      notify(
        problemText(problem, "The sample content could not be removed. Please try again."),
        "error",
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title="Sample content" id="sample-content-title">
      <p className="mb-4 text-muted">
        The sample posts, the portfolio&apos;s sample videos, and the gallery, brands, testimonials
        and team members as a new site has them. Items you changed stay.
      </p>
      {asking ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-ink">
            Remove the sample content? This cannot be undone.
          </p>
          <button type="button" className={adminButtonDanger} disabled={busy} onClick={remove}>
            {busy ? "Removing…" : "Yes, remove it"}
          </button>
          <button type="button" className={adminButtonSecondary} onClick={() => setAsking(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className={adminButtonDanger} onClick={() => setAsking(true)}>
          Remove sample content
        </button>
      )}
    </Panel>
  );
}

function IdentityForm({
  initial,
  onSaved,
}: {
  initial: SiteIdentity;
  onSaved: (saved: SiteIdentity) => void;
}) {
  const { notify } = useFeedback();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<SiteIdentity>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof SiteIdentity>(name: K, value: SiteIdentity[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = siteIdentitySchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof SiteIdentity;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`identity-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveIdentity(parsed.data);
      setValues(saved);
      onSaved(saved);
      notify("Site identity saved. The site shows it now.");
      // The back office's own name and colours (the root loader's identity) follow.
      void revalidator.revalidate();
    } catch (problem) {
      notify(
        problemText(problem, "The site identity could not be saved. Please try again."),
        "error",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Panel title="Name and words" id="identity-words">
        <div className="grid gap-5">
          {identityTextFields.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              hint={field.hint}
              value={values[field.name]}
              error={errors[field.name]}
              multiline={field.name === "description"}
              onChange={(value) => set(field.name, value)}
            />
          ))}
        </div>
      </Panel>
      <Panel title="Brand colours" id="identity-colours">
        <p className="mb-4 text-sm text-muted">
          Text of body size needs a contrast of {AA_TEXT}:1 on white (WCAG AA). A colour below it is
          kept for fills, icons and large headings, and the site writes text in a darker shade of
          it.
        </p>
        <div className="grid gap-6 lg:grid-cols-2">
          {identityColourFields.map((field) => (
            <ColourField
              key={field.name}
              name={field.name}
              label={field.label}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(value) => set(field.name, value)}
            />
          ))}
        </div>
        <ColourPreview primary={values.primaryColour} accent={values.accentColour} />
      </Panel>
      <PictureField
        which="logo"
        title="Logo"
        hint="PNG, WebP or JPEG (SVG is not accepted), square and at least 512 × 512 pixels: the favicon and the app icons (32, 180, 192 and 512 pixels) are made from it. Without a logo the built-in mark is used."
        image={values.logo}
        onChange={(image) => set("logo", image)}
      />
      <PictureField
        which="share-image"
        title="Social preview picture"
        hint="Shown when a page is shared on social media or in a chat: PNG, WebP or JPEG, 1200 × 630 pixels is best. Without one the built-in picture is used."
        image={values.shareImage}
        onChange={(image) => set("shareImage", image)}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={adminButton} disabled={busy}>
          {busy ? "Saving…" : "Save the site identity"}
        </button>
      </div>
    </form>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-semibold text-danger">
      {error}
    </p>
  ) : null;
}

function TextField({
  name,
  label,
  hint,
  value,
  error,
  multiline,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const id = `identity-${name}`;
  const props = {
    id,
    name,
    value,
    className: `mt-1 ${adminInput}`,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": `${id}-hint${error ? ` ${id}-error` : ""}`,
  } as const;
  return (
    <div>
      <label htmlFor={id} className={adminLabel}>
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      {multiline ? (
        <textarea {...props} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...props} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const ratioText = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

/** A colour: the browser's picker and the hex code side by side, and its contrast on white. */
function ColourField({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = `identity-${name}`;
  const valid = HEX.test(value.trim());
  const colour = value.trim().toLowerCase();
  const ratio = valid ? contrastRatio(colour, "#ffffff") : undefined;
  const passes = ratio !== undefined && ratio >= AA_TEXT;
  const shade = valid && !passes ? textShadeOf(colour) : undefined;
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-ink">{label}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-picker`} className="block text-sm text-muted">
            Pick
          </label>
          <input
            id={`${id}-picker`}
            type="color"
            value={valid ? colour : "#000000"}
            onChange={(event) => onChange(event.target.value)}
            className="mt-1 h-10 w-16 cursor-pointer rounded-lg border border-slate-400 bg-white p-1"
          />
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block text-sm text-muted">
            Hex code
          </label>
          <input
            id={id}
            name={name}
            type="text"
            value={value}
            spellCheck={false}
            autoComplete="off"
            className={`mt-1 font-mono ${adminInput}`}
            aria-invalid={error || !valid ? true : undefined}
            aria-describedby={`${id}-contrast${error ? ` ${id}-error` : ""}`}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      </div>
      <div id={`${id}-contrast`} aria-live="polite" className="mt-3 text-sm">
        {ratio === undefined ? (
          <p className="font-semibold text-danger">Write the colour as # and six hex digits.</p>
        ) : (
          <>
            <p>
              <span
                aria-hidden="true"
                className="mr-2 inline-block size-4 rounded border border-slate-300 align-middle"
                style={{ backgroundColor: colour }}
              />
              Contrast on white: <strong>{ratioText(ratio)}</strong>{" "}
              <strong className={passes ? "text-success" : "text-danger"}>
                {passes ? "AA pass for text" : "AA fail for text"}
              </strong>
            </p>
            {shade && (
              <p className="mt-1 text-muted">
                Text uses the darker shade{" "}
                <span
                  aria-hidden="true"
                  className="mx-1 inline-block size-4 rounded border border-slate-300 align-middle"
                  style={{ backgroundColor: shade }}
                />
                <code>{shade}</code> ({ratioText(contrastRatio(shade, "#ffffff"))}, AA pass).
              </p>
            )}
          </>
        )}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** How the two colours look as the site will use them. */
function ColourPreview({ primary, accent }: { primary: string; accent: string }) {
  if (!HEX.test(primary.trim()) || !HEX.test(accent.trim())) return null;
  const palette = brandPalette({ primary: primary.trim(), accent: accent.trim() });
  return (
    <div className="mt-6">
      <p className="text-sm font-semibold text-ink">Preview</p>
      <div
        className="mt-2 overflow-hidden rounded-xl ring-1 ring-slate-200"
        style={{ backgroundColor: palette["--color-brand"] }}
      >
        <div className="flex flex-wrap items-center gap-3 p-4">
          <span className="text-lg font-extrabold text-white">Heading on the primary</span>
          <span className="font-bold" style={{ color: palette["--color-accent-soft"] }}>
            Accent on the primary
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-3 bg-white p-4">
          <span className="font-semibold" style={{ color: palette["--color-brand"] }}>
            A link on white
          </span>
          <span className="font-semibold" style={{ color: palette["--color-accent-ink"] }}>
            Accent text on white
          </span>
          <span
            className="rounded-full px-4 py-2 font-bold"
            style={{ backgroundColor: palette["--color-accent"], color: palette["--color-navy"] }}
          >
            Button
          </span>
        </div>
      </div>
    </div>
  );
}

/** The logo or the share picture: what is set, an upload, and a way to go back to none. */
function PictureField({
  which,
  title,
  hint,
  image,
  onChange,
}: {
  which: IdentityPicture;
  title: string;
  hint: string;
  image: SiteIdentity["logo"];
  onChange: (image: SiteIdentity["logo"]) => void;
}) {
  const { notify } = useFeedback();
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  async function choose(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setProblem(undefined);
    try {
      onChange(await uploadIdentityPicture(which, file));
      notify(`${title} uploaded. Save the site identity to show it.`);
    } catch (error) {
      setProblem(problemText(error, "The picture could not be uploaded. Please try again."));
    } finally {
      setUploading(false);
    }
  }
  const headingId = `identity-${which}`;
  return (
    <Panel title={title} id={headingId}>
      <p className="mb-4 text-sm text-muted">{hint}</p>
      <div className="flex flex-wrap items-center gap-4">
        {image ? (
          <img
            src={image.src}
            alt={`The current ${title.toLowerCase()}`}
            width={image.width}
            height={image.height}
            className="h-20 w-auto max-w-60 rounded-lg bg-slate-100 object-contain p-1 ring-1 ring-slate-200"
          />
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-muted">
            None: the built-in one is used.
          </p>
        )}
        {image && (
          <button type="button" className={adminButtonSecondary} onClick={() => onChange(null)}>
            Use the built-in one
          </button>
        )}
      </div>
      <label htmlFor={inputId} className={`mt-4 ${adminLabel}`}>
        Upload a {which === "logo" ? "logo" : "social preview picture"}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/webp,image/jpeg"
        className={fileInput}
        disabled={uploading}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      {uploading && (
        <p role="status" className="mt-2 text-sm text-muted">
          Uploading…
        </p>
      )}
      {problem && (
        <p
          id={`${inputId}-problem`}
          role="alert"
          className="mt-2 text-sm font-semibold text-danger"
        >
          {problem}
        </p>
      )}
    </Panel>
  );
}
