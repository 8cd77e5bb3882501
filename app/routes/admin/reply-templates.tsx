import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  TEMPLATE_LABEL_MAX,
  type ReplyTemplateInput,
} from "../../../common/schemas/leads.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  failure,
  focusById,
  LabelledField,
  LoadState,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { useDeleteAction } from "../../components/admin/use-delete-action.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  createReplyTemplate,
  deleteReplyTemplate,
  listReplyTemplates,
  reorderReplyTemplates,
  updateReplyTemplate,
  type ReplyTemplate,
} from "../../lib/admin/leads.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Reply templates");

const LIST_HEADING = "templates-title";
const BLANK: ReplyTemplateInput = { label: "", subject: "", body: "" };

/**
 * The reply templates (issue 52, item 3): the words an enquiry's reply form starts from,
 * with `{name}` and `{package}` filled in from the lead. Add, edit, reorder, delete.
 */
export default function ReplyTemplatesScreen() {
  const templates = useApiData(listReplyTemplates, []);
  const { notify } = useFeedback();
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const list = templates.data ?? [];
  const remove = useDeleteAction<ReplyTemplate>({
    question: (template) =>
      `Delete the template “${template.label}”? Replies already sent keep their words.`,
    remove: (template) => deleteReplyTemplate(template.id),
    onRemoved: (template) => {
      templates.setData((items) => (items ?? []).filter((item) => item.id !== template.id));
      focusById(LIST_HEADING);
    },
    removed: "Template deleted.",
    failed: "Could not delete the template. Please try again.",
  });

  async function move(index: number, by: -1 | 1) {
    const ids = list.map((template) => template.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      const ordered = await reorderReplyTemplates(ids);
      templates.setData(() => ordered);
      // The button pressed may be gone (first or last): keep the focus on the moved row.
      requestAnimationFrame(() => document.getElementById(`template-${moved}`)?.focus());
    } catch (problem) {
      notify(problemText(problem, "Could not move the template. Please try again."), "error");
    }
  }

  return (
    <>
      <PageTitle>Reply templates</PageTitle>
      <p className="mb-6 max-w-2xl text-muted">
        An enquiry&apos;s reply form can start from one of these. <code>{"{name}"}</code> becomes
        the visitor&apos;s name and <code>{"{package}"}</code> the package or service they asked
        about. Replies are written on an enquiry&apos;s page (
        <Link to="/admin/enquiries" className="text-brand underline">
          Enquiries
        </Link>
        ).
      </p>
      <Panel title="Templates" id={LIST_HEADING}>
        <LoadState
          loading={templates.loading}
          error={failure("reply templates", templates)}
          empty={!templates.loading && !templates.failed && list.length === 0}
          emptyText="No templates yet: add one below."
        />
        {list.length > 0 && (
          <ol className="space-y-4">
            {list.map((template, index) => (
              <li
                key={template.id}
                id={`template-${template.id}`}
                tabIndex={-1}
                className="rounded-xl p-4 ring-1 ring-slate-200 focus:outline-2 focus:outline-brand"
              >
                {editing === template.id ? (
                  <TemplateForm
                    initial={template}
                    submitLabel="Save template"
                    onCancel={() => setEditing(undefined)}
                    onSubmit={async (input) => {
                      const saved = await updateReplyTemplate(template.id, input);
                      templates.setData((items) =>
                        (items ?? []).map((item) => (item.id === saved.id ? saved : item)),
                      );
                      setEditing(undefined);
                      notify("Template saved.");
                    }}
                  />
                ) : (
                  <>
                    <h3 className="font-bold text-navy">{template.label}</h3>
                    <p className="mt-1 text-sm text-muted">Subject: {template.subject}</p>
                    <p className="mt-2 line-clamp-3 whitespace-pre-wrap text-ink">
                      {template.body}
                    </p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={adminButtonSecondary}
                        onClick={() => setEditing(template.id)}
                      >
                        Edit<span className="sr-only"> {template.label}</span>
                      </button>
                      {index > 0 && (
                        <button
                          type="button"
                          className={adminButtonSecondary}
                          onClick={() => void move(index, -1)}
                        >
                          Move up<span className="sr-only"> {template.label}</span>
                        </button>
                      )}
                      {index < list.length - 1 && (
                        <button
                          type="button"
                          className={adminButtonSecondary}
                          onClick={() => void move(index, 1)}
                        >
                          Move down<span className="sr-only"> {template.label}</span>
                        </button>
                      )}
                      <button
                        type="button"
                        className={adminButtonDanger}
                        disabled={remove.pending?.id === template.id}
                        onClick={() => void remove.run(template)}
                      >
                        Delete<span className="sr-only"> {template.label}</span>
                      </button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel title="Add a template" id="new-template-title">
        <TemplateForm
          initial={BLANK}
          submitLabel="Add template"
          resetAfter
          onSubmit={async (input) => {
            const created = await createReplyTemplate(input);
            templates.setData((items) => [...(items ?? []), created]);
            notify("Template added.");
          }}
        />
      </Panel>
    </>
  );
}

function TemplateForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  resetAfter = false,
}: {
  initial: ReplyTemplateInput;
  submitLabel: string;
  onSubmit: (input: ReplyTemplateInput) => Promise<void>;
  onCancel?: () => void;
  resetAfter?: boolean;
}) {
  const errorId = useId();
  const [values, setValues] = useState<ReplyTemplateInput>({
    label: initial.label,
    subject: initial.subject,
    body: initial.body,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const set = (name: keyof ReplyTemplateInput) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(values);
      if (resetAfter) setValues(BLANK);
    } catch (problem) {
      setError(problemText(problem, "Could not save the template. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-describedby={error ? errorId : undefined}>
      <LabelledField label="Name">
        {(id) => (
          <input
            id={id}
            value={values.label}
            onChange={(e) => set("label")(e.target.value)}
            required
            maxLength={TEMPLATE_LABEL_MAX}
            className={`${adminInput} mt-1`}
          />
        )}
      </LabelledField>
      <LabelledField label="Subject">
        {(id) => (
          <input
            id={id}
            value={values.subject}
            onChange={(e) => set("subject")(e.target.value)}
            required
            maxLength={REPLY_SUBJECT_MAX}
            className={`${adminInput} mt-1`}
          />
        )}
      </LabelledField>
      <LabelledField label="Text">
        {(id) => (
          <textarea
            id={id}
            value={values.body}
            onChange={(e) => set("body")(e.target.value)}
            required
            rows={8}
            maxLength={REPLY_BODY_MAX}
            className={`${adminInput} mt-1`}
          />
        )}
      </LabelledField>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={adminButton}>
          {busy ? "Saving…" : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={adminButtonSecondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
