import { useId, useState, type FormEvent } from "react";
import { Link, useOutletContext } from "react-router";
import { formatDate } from "../../../common/format.ts";
import {
  accountMessages,
  invitationInputSchema,
  roleDescriptions,
  roleLabels,
  type AdminRole,
} from "../../../common/schemas/accounts.ts";
import {
  FieldError,
  FormMessage,
  OneTimeLink,
  TextField,
  useFocusInvalid,
} from "../../components/admin/account-forms.tsx";
import { useFeedback } from "../../components/admin/feedback.tsx";
import {
  ActionsCell,
  adminButton,
  adminButtonDanger,
  adminButtonSecondary,
  adminInput,
  adminLabel,
  adminLinkButton,
  Cell,
  DataTable,
  failure,
  focusById,
  PageTitle,
  Panel,
  Row,
  TableStatus,
} from "../../components/admin/ui.tsx";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { useDeleteAction } from "../../components/admin/use-delete-action.ts";
import { problemText } from "../../lib/admin-api.ts";
import {
  changeRole,
  inviteStaff,
  listStaff,
  makeResetLink,
  removeStaff,
  withdrawInvitation,
  type Invitation,
  type InvitationSent,
  type ResetLink,
  type StaffList,
  type StaffMember,
} from "../../lib/admin/accounts.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { getAuthSettings, saveAuthSettings } from "../../lib/admin/two-step.ts";
import type { AdminContext } from "./layout.tsx";

export const meta = adminMeta("Staff");

type Update = (change: (list: StaffList | null | undefined) => StaffList | null) => void;

function InviteForm({
  onInvited,
  mailOn,
}: {
  onInvited: (invitation: Invitation) => void;
  /** Whether the site can send mail; undefined until known. */
  mailOn: boolean | undefined;
}) {
  const { notify } = useFeedback();
  const { form, focusInvalid } = useFocusInvalid();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; role?: string }>({});
  const [problem, setProblem] = useState<string>();
  // The one-time link of the last invitation when no mail went; gone on the next one.
  const [handOver, setHandOver] = useState<InvitationSent>();
  const roleId = "invite-role";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const data = new FormData(target);
    const parsed = invitationInputSchema.safeParse({
      email: data.get("email"),
      role: data.get("role"),
    });
    setProblem(undefined);
    if (!parsed.success) {
      const found: { email?: string; role?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as "email" | "role";
        found[key] ??= issue.message;
      }
      setErrors(found);
      focusInvalid();
      return;
    }
    setErrors({});
    setBusy(true);
    setHandOver(undefined);
    try {
      const invitation = await inviteStaff(parsed.data.email, parsed.data.role);
      target.reset();
      const { mailed: _mailed, link: _link, ...open } = invitation;
      onInvited(open);
      if (invitation.mailed) notify(`Invitation sent to ${invitation.email}.`);
      else setHandOver(invitation);
    } catch (error) {
      setProblem(problemText(error, "Could not send the invitation. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Invite someone" id="invite-title">
      <p className="-mt-2 mb-4 text-sm text-muted">
        {mailOn === false
          ? "This site cannot send mail: you get a link to give them yourself. It works once, for 7 days."
          : "We e-mail them a link to make their account. It works once, for 7 days."}
      </p>
      <form
        ref={form}
        onSubmit={onSubmit}
        noValidate
        className="grid max-w-3xl items-start gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto]"
      >
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          error={errors.email}
        />
        <div>
          <label htmlFor={roleId} className={adminLabel}>
            Role
          </label>
          <select
            id={roleId}
            name="role"
            defaultValue="editor"
            aria-describedby={`${roleId}-help ${roleId}-error`}
            aria-invalid={errors.role ? true : undefined}
            className={`${adminInput} mt-1`}
          >
            <option value="editor">{roleLabels.editor}</option>
            <option value="owner">{roleLabels.owner}</option>
            <option value="author">{roleLabels.author}</option>
          </select>
          <FieldError id={`${roleId}-error`} error={errors.role} />
        </div>
        <ul id={`${roleId}-help`} className="text-sm text-muted sm:order-last sm:col-span-3">
          {(["editor", "owner", "author"] as const).map((role) => (
            <li key={role}>
              <strong className="text-ink">{roleLabels[role]}:</strong> {roleDescriptions[role]}.
            </li>
          ))}
        </ul>
        <button type="submit" disabled={busy} className={`${adminButton} sm:mt-6`}>
          {busy ? "Sending…" : "Send invitation"}
        </button>
        <div aria-live="polite" className="sm:col-span-3 empty:hidden">
          {problem && <FormMessage kind="error">{problem}</FormMessage>}
        </div>
      </form>
      {handOver?.link && (
        <div className="mt-4 max-w-3xl">
          <OneTimeLink
            id="invitation-link"
            link={handOver.link}
            who={handOver.email}
            what="make their account"
            expiresAt={handOver.expiresAt}
          />
        </div>
      )}
    </Panel>
  );
}

function People({
  members,
  me,
  state,
  update,
}: {
  members: StaffMember[];
  me: AdminContext["me"];
  state: { loading: boolean; error?: string };
  update: Update;
}) {
  const { notify } = useFeedback();
  const [changing, setChanging] = useState<string>();
  const [resetting, setResetting] = useState<string>();
  // The one-time reset link made without mail, shown once under the table.
  const [handOver, setHandOver] = useState<ResetLink>();

  async function resetLink(person: StaffMember) {
    setResetting(person.id);
    setHandOver(undefined);
    try {
      const answer = await makeResetLink(person.id);
      if (answer.mailed) {
        notify(`A link to choose a new password was sent to ${answer.email}.`);
      } else setHandOver(answer);
    } catch (error) {
      notify(problemText(error, "Could not make the link. Please try again."), "error");
    } finally {
      setResetting(undefined);
    }
  }
  const remove = useDeleteAction<StaffMember>({
    question: (person) =>
      `Remove ${person.name || person.email}? They are signed out at once and can no longer sign in.`,
    action: "Remove",
    remove: (person) => removeStaff(person.id),
    onRemoved: (person) => {
      update((list) =>
        list ? { ...list, members: list.members.filter((m) => m.id !== person.id) } : null,
      );
      focusById("people-title");
    },
    removed: "Account removed.",
    failed: "Could not remove the account. Please try again.",
  });

  async function switchRole(person: StaffMember, role: AdminRole) {
    setChanging(person.id);
    try {
      const saved = await changeRole(person.id, role);
      update((list) =>
        list
          ? { ...list, members: list.members.map((m) => (m.id === saved.id ? saved : m)) }
          : null,
      );
      notify(`${saved.name || saved.email} is now an ${roleLabels[saved.role].toLowerCase()}.`);
    } catch (error) {
      notify(problemText(error, "Could not change the role. Please try again."), "error");
    } finally {
      setChanging(undefined);
    }
  }

  return (
    <Panel title="People" id="people-title">
      <DataTable
        label="People with an account"
        columns={["Name", "Email", "Role", "Since", ""]}
        placeholder={
          <TableStatus loading={state.loading} error={state.error} emptyText="No accounts." />
        }
      >
        {members.map((person) => {
          const you = person.id === me?.id;
          const who = person.name || person.email;
          return (
            <Row key={person.id}>
              <Cell label="Name" className="break-words">
                {person.name || <span className="text-muted">not given</span>}
                {you && <span className="ml-2 text-sm font-semibold text-muted">(you)</span>}
              </Cell>
              <Cell label="Email" className="break-all">
                {person.email}
              </Cell>
              <Cell label="Role">{roleLabels[person.role]}</Cell>
              <Cell label="Since" className="whitespace-nowrap">
                {formatDate(person.createdAt)}
              </Cell>
              <ActionsCell>
                {you ? (
                  <Link to="/admin/account" className={adminLinkButton}>
                    My account
                  </Link>
                ) : (
                  <>
                    {roleChanges[person.role].map((role) => (
                      <button
                        key={role}
                        type="button"
                        className={adminButtonSecondary}
                        disabled={changing === person.id}
                        onClick={() => void switchRole(person, role)}
                      >
                        Make {roleLabels[role].toLowerCase()}
                        <span className="sr-only"> ({who})</span>
                      </button>
                    ))}
                    <button
                      type="button"
                      className={adminButtonSecondary}
                      disabled={resetting === person.id}
                      onClick={() => void resetLink(person)}
                    >
                      Password link<span className="sr-only"> for {who}</span>
                    </button>
                    <button
                      type="button"
                      className={adminButtonDanger}
                      disabled={remove.pending?.id === person.id}
                      onClick={() => void remove.run(person)}
                    >
                      Remove<span className="sr-only"> {who}</span>
                    </button>
                  </>
                )}
              </ActionsCell>
            </Row>
          );
        })}
      </DataTable>
      {handOver?.link && (
        <div className="mt-4 max-w-3xl">
          <OneTimeLink
            id="reset-link"
            link={handOver.link}
            who={handOver.email}
            what="choose a new password"
            expiresAt={handOver.expiresAt}
          />
        </div>
      )}
    </Panel>
  );
}

function Invitations({ invitations, update }: { invitations: Invitation[]; update: Update }) {
  const withdraw = useDeleteAction<Invitation>({
    question: (invitation) => `Withdraw the invitation to ${invitation.email}?`,
    action: "Withdraw",
    remove: (invitation) => withdrawInvitation(invitation.id),
    onRemoved: (invitation) => {
      update((list) =>
        list
          ? { ...list, invitations: list.invitations.filter((i) => i.id !== invitation.id) }
          : null,
      );
      focusById("invitations-title");
    },
    removed: "Invitation withdrawn: its link no longer works.",
    failed: "Could not withdraw the invitation. Please try again.",
  });
  return (
    <Panel title="Open invitations" id="invitations-title">
      <DataTable
        label="Open invitations"
        columns={["Email", "Role", "Expires", ""]}
        placeholder="No open invitations."
      >
        {invitations.map((invitation) => (
          <Row key={invitation.id}>
            <Cell label="Email" className="break-all">
              {invitation.email}
            </Cell>
            <Cell label="Role">{roleLabels[invitation.role]}</Cell>
            <Cell label="Expires" className="whitespace-nowrap">
              {formatDate(invitation.expiresAt)}
            </Cell>
            <ActionsCell>
              <button
                type="button"
                className={adminButtonDanger}
                disabled={withdraw.pending?.id === invitation.id}
                onClick={() => void withdraw.run(invitation)}
              >
                Withdraw<span className="sr-only"> the invitation to {invitation.email}</span>
              </button>
            </ActionsCell>
          </Row>
        ))}
      </DataTable>
    </Panel>
  );
}

/**
 * The owners' switch (issue 34): everyone must have a second step (a passkey or an
 * authenticator app). Turning it on needs one's own first: the server's 409 sentence shows.
 */
function RequireSecondStep() {
  const settings = useApiData(getAuthSettings, []);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string }>();
  const switchId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const on = new FormData(event.currentTarget).get("requireSecondStep") === "on";
    setBusy(true);
    setResult(undefined);
    try {
      const saved = await saveAuthSettings(on);
      settings.setData(() => saved);
      setResult({
        kind: "success",
        text: saved.requireSecondStep
          ? "A second step is now required for everyone. Whoever has none is asked to add one when they next sign in or open a screen."
          : "A second step is no longer required. Those who set one up keep it.",
      });
    } catch (problem) {
      setResult({
        kind: "error",
        text: problemText(problem, "The server could not be reached. Please try again."),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Sign-in security" id="sign-in-security-title">
      {settings.loading && !settings.data && (
        <p role="status" className="text-muted">
          Loading…
        </p>
      )}
      {settings.failed && (
        <FormMessage kind="error">{failure("sign-in settings", settings)}</FormMessage>
      )}
      {settings.data && (
        <form onSubmit={onSubmit} className="max-w-xl space-y-4">
          <label htmlFor={switchId} className="flex items-start gap-3 font-semibold text-ink">
            <input
              id={switchId}
              type="checkbox"
              name="requireSecondStep"
              defaultChecked={settings.data.requireSecondStep}
              aria-describedby={`${switchId}-hint`}
              className="mt-0.5 size-5 shrink-0 accent-brand"
            />
            Require a second step for everyone
          </label>
          <p id={`${switchId}-hint`} className="text-sm text-muted">
            After the password, everyone then confirms with a passkey or a code from an
            authenticator app. Someone without one is sent to set it up right after signing in and
            can do nothing else until they have. Add your own on My account first.
          </p>
          <div aria-live="polite">
            {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
          </div>
          <button type="submit" disabled={busy} className={adminButton}>
            {busy ? "Saving…" : "Save"}
          </button>
        </form>
      )}
    </Panel>
  );
}

/** The roles a person can be given from theirs, one button each (an author is made from an editor). */
const roleChanges: Record<AdminRole, AdminRole[]> = {
  owner: ["editor"],
  editor: ["owner", "author"],
  author: ["editor"],
};

export default function Staff() {
  const { me } = useOutletContext<AdminContext>();
  const staff = useApiData(listStaff, []);
  const update: Update = (change) => staff.setData((list) => change(list));

  if (staff.data === null) {
    return (
      <>
        <PageTitle>Staff</PageTitle>
        <Panel>
          <p role="alert" className="font-semibold text-navy">
            {accountMessages.ownerOnly}
          </p>
        </Panel>
      </>
    );
  }

  const loadState = { loading: staff.loading, error: failure("staff accounts", staff) };
  return (
    <>
      <PageTitle>Staff</PageTitle>
      <People members={staff.data?.members ?? []} me={me} state={loadState} update={update} />
      <Invitations invitations={staff.data?.invitations ?? []} update={update} />
      <InviteForm
        mailOn={staff.data?.mailOn}
        onInvited={(invitation) =>
          update((list) =>
            list
              ? {
                  ...list,
                  invitations: [
                    ...list.invitations.filter((i) => i.email !== invitation.email),
                    invitation,
                  ],
                }
              : null,
          )
        }
      />
      <RequireSecondStep />
    </>
  );
}
