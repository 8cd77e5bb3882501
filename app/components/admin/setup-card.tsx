import { useId, useState, type FormEvent } from "react";
import { useOutletContext, useRevalidator } from "react-router";
import { siteSetupSchema, type SiteSetupInput } from "../../../common/schemas/setup.ts";
import { problemText } from "../../lib/admin-api.ts";
import { completeSetup, getSetup } from "../../lib/admin/setup.ts";
import { useIdentity } from "../../lib/identity.ts";
import type { AdminContext } from "../../routes/admin/layout.tsx";
import { FieldError } from "./account-forms.tsx";
import { useFeedback } from "./feedback.tsx";
import { adminButton, adminButtonSecondary, adminInput, adminLabel, Panel } from "./ui.tsx";
import { useApiData } from "./use-api-data.ts";

type Errors = Partial<Record<keyof SiteSetupInput, string>>;

/**
 * The dashboard's set-up card (issue 47): on a fresh install the first owner names the agency,
 * gives their own name and real e-mail (in place of the generated admin@ address) and keeps or
 * removes the sample content. A card, not a wall: every screen stays reachable, "Not now"
 * hides it until the next visit, and once answered it does not show again.
 */
export function SetupCard() {
  // Outside the back office's layout (a screen rendered on its own) there is nobody to greet.
  const me = useOutletContext<AdminContext | null>()?.me;
  const state = useApiData(getSetup, []);
  const [hidden, setHidden] = useState(false);
  if (hidden || me?.role !== "owner" || !state.data?.shown) return null;
  return <SetupForm email={me.email} name={me.name} onDone={() => setHidden(true)} />;
}

function SetupForm({ email, name, onDone }: { email: string; name: string; onDone: () => void }) {
  const identity = useIdentity();
  const { notify } = useFeedback();
  const revalidator = useRevalidator();
  const id = useId();
  const [values, setValues] = useState<SiteSetupInput>({
    agencyName: identity.name,
    name,
    email,
    keepSamples: true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const field = (key: keyof SiteSetupInput) => `${id}-${key}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = siteSetupSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        found[issue.path[0] as keyof SiteSetupInput] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0] as keyof SiteSetupInput | undefined;
      if (first) document.getElementById(field(first))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const done = await completeSetup(parsed.data);
      notify(`The site is set up. You sign in as ${done.email} from now on.`);
      // The back office's frame shows the new name.
      void revalidator.revalidate();
      onDone();
    } catch (problem) {
      notify(problemText(problem, "The site could not be set up. Please try again."), "error");
    } finally {
      setBusy(false);
    }
  }

  const text = (key: "agencyName" | "name" | "email", label: string, type = "text") => (
    <div>
      <label htmlFor={field(key)} className={adminLabel}>
        {label}
      </label>
      <input
        id={field(key)}
        type={type}
        value={values[key]}
        onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${field(key)}-error`}
        className={`${adminInput} mt-1`}
        autoComplete={key === "email" ? "email" : key === "name" ? "name" : "organization"}
      />
      <FieldError id={`${field(key)}-error`} error={errors[key]} />
    </div>
  );

  return (
    <Panel title="Set up your site" id={`${id}-title`} className="ring-2 ring-brand/40">
      <p className="mb-4 text-muted">
        Welcome! Give the agency&apos;s name, yours and your real e-mail: the site and its mails use
        them at once. Everything can be changed later (Site identity, My account).
      </p>
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-3">
        {text("agencyName", "Agency name")}
        {text("name", "Your name")}
        {text("email", "Your e-mail", "email")}
        <fieldset className="md:col-span-3">
          <legend className={adminLabel}>Sample content</legend>
          <p className="text-sm text-muted">
            The sample posts, portfolio videos, gallery, brands, testimonials and team.
          </p>
          {[
            [true, "Keep it for now (remove it later on Site identity)"],
            [false, "Remove it: start with empty lists"],
          ].map(([keep, label]) => (
            <label key={String(keep)} className="mt-2 flex items-center gap-2 text-ink">
              <input
                type="radio"
                name={`${id}-samples`}
                checked={values.keepSamples === keep}
                onChange={() =>
                  setValues((current) => ({ ...current, keepSamples: keep as boolean }))
                }
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2 md:col-span-3">
          <button type="submit" className={adminButton} disabled={busy}>
            {busy ? "Saving…" : "Save and start"}
          </button>
          <button type="button" className={adminButtonSecondary} onClick={onDone}>
            Not now
          </button>
        </div>
      </form>
    </Panel>
  );
}
