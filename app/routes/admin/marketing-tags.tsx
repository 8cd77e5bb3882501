import { useState, type FormEvent } from "react";
import { useOutletContext } from "react-router";
import {
  enabledTags,
  marketingTags,
  type MarketingTagIds,
  type MarketingTagKind,
} from "../../../common/marketing-tags.ts";
import { marketingTagsSchema } from "../../../common/schemas/marketing-tags.ts";
import {
  FormMessage,
  SubmitButton,
  TextField,
  useAccountForm,
} from "../../components/admin/account-forms.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  adminButton,
  failure,
  LoadState,
  OwnerOnlyScreen,
  PageTitle,
  Panel,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import {
  getMarketingTags,
  saveMarketingTags,
  type ConsentSummary,
} from "../../lib/admin/marketing-tags.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { AdminContext } from "./layout.tsx";

export const meta = adminMeta("Marketing tags");

const OWNER_ONLY = "Only an owner can change the marketing tags.";

/** The Marketing tags screen (owners): the IDs of the agency's own ad tags, off by default. */
export default function MarketingTagsScreen() {
  const { me } = useOutletContext<AdminContext>();
  const overview = useApiData(getMarketingTags, []);
  if (me && me.role !== "owner")
    return <OwnerOnlyScreen title="Marketing tags" message={OWNER_ONLY} />;
  return (
    <>
      <PageTitle>Marketing tags</PageTitle>
      <LoadState
        loading={overview.loading}
        error={failure("marketing tags", overview)}
        empty={!overview.data}
        emptyText=""
      />
      {overview.data && (
        <>
          <TagsForm
            initial={overview.data.tags}
            onSaved={(tags) => overview.setData((data) => ({ consent: data!.consent, tags }))}
          />
          <Consent summary={overview.data.consent} on={enabledTags(overview.data.tags).length} />
        </>
      )}
    </>
  );
}

function TagsForm({
  initial,
  onSaved,
}: {
  initial: MarketingTagIds;
  onSaved: (tags: MarketingTagIds) => void;
}) {
  const { notify } = useFeedback();
  const { form, busy, errors, problem, submit } = useAccountForm<MarketingTagKind>();
  const [saved, setSaved] = useState(initial);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = marketingTagsSchema.safeParse(
      Object.fromEntries(marketingTags.map((tag) => [tag.kind, String(data.get(tag.kind) ?? "")])),
    );
    const found: Partial<Record<MarketingTagKind, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        found[issue.path[0] as MarketingTagKind] ??= issue.message;
      }
    }
    await submit(found, async () => {
      if (!parsed.success) return;
      const stored = await saveMarketingTags(parsed.data);
      setSaved(stored);
      onSaved(stored);
      const count = enabledTags(stored).length;
      notify(
        count === 0
          ? "Marketing tags saved: none is on, the site loads no tag and shows no notice."
          : `Marketing tags saved: ${count} on. Visitors are asked before any loads.`,
      );
    });
  }

  return (
    <Panel title="Your ad tags" id="marketing-tags-title">
      <div className="-mt-2 mb-4 max-w-3xl space-y-2 text-sm text-muted">
        <p>
          Each tag is off until you enter its ID. While any is on, every public page asks visitors
          first, with “Accept” and “Decline” side by side; no tag loads and nothing is sent to its
          maker before they accept. Their choice is kept in their browser and counted below; the
          footer’s “Cookie settings” lets them change it, and the privacy policy’s cookie section
          lists the tags that are on.
        </p>
        <p>
          Only IDs are accepted, no code. Sent enquiries are passed to the tags as a lead (Meta:
          Lead; Google: generate_lead), only for visitors who accepted.
        </p>
      </div>
      <form ref={form} onSubmit={onSubmit} noValidate className="max-w-2xl space-y-4">
        {marketingTags.map((tag) => (
          <TextField
            key={tag.kind}
            label={tag.label}
            name={tag.kind}
            defaultValue={saved[tag.kind] ?? ""}
            hint={`For example ${tag.example}. Leave empty to switch it off.`}
            error={errors[tag.kind]}
          />
        ))}
        <div aria-live="polite">{problem && <FormMessage kind="error">{problem}</FormMessage>}</div>
        <SubmitButton busy={busy} busyText="Saving…" className={adminButton}>
          Save marketing tags
        </SubmitButton>
      </form>
    </Panel>
  );
}

function Consent({ summary, on }: { summary: ConsentSummary; on: number }) {
  return (
    <Panel title="Visitors’ choices" id="marketing-consent-title">
      <p className="max-w-3xl text-ink">
        In the last {summary.days} days: <strong>{summary.accepted}</strong> accepted,{" "}
        <strong>{summary.declined}</strong> declined.
        {on === 0 && " No tag is on, so no visitor is asked."}
      </p>
    </Panel>
  );
}
