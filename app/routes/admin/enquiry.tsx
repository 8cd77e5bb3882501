import { Fragment, useEffect, useId, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import {
  ENQUIRY_STATUSES,
  enquiryFieldShown,
  serviceTypeName,
  enquiryFieldText,
  INBOX_FIELDS,
  type EnquiryStatus,
} from "../../../common/enquiry-fields.ts";
import { formatDateTime } from "../../../common/format.ts";
import { sourceKey, sourceName } from "../../../common/lead-source.ts";
import { useFeedback } from "../../components/admin/feedback.tsx";
import { ContactPanel } from "../../components/admin/contact-panel.tsx";
import { LeadPanel } from "../../components/admin/lead-panel.tsx";
import { ReplyPanel } from "../../components/admin/reply-panel.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import { announceEnquiriesChanged } from "../../components/admin/unread.ts";
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
  deleteEnquiry,
  getEnquiry,
  getEnquiryNotification,
  notificationText,
  setEnquiryStatus,
} from "../../lib/admin/enquiries.ts";
import type { Route } from "./+types/enquiry";
import { adminMeta } from "../../lib/admin-meta.ts";
import { useIdentity } from "../../lib/identity.ts";
import { mailtoHref } from "../../../common/mailto.ts";

export const meta = adminMeta("Enquiry");

export default function EnquiryDetail({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { notify } = useFeedback();
  const statusId = useId();
  const { name } = useIdentity();
  const enquiry = useApiData(() => getEnquiry(params.id), [params.id]);
  // Whether the agency's mail about it went out (the notification outbox retries it).
  const notification = useApiData(() => getEnquiryNotification(params.id), [params.id]);
  const data = enquiry.data;
  const { setData } = enquiry;

  async function setStatus(status: EnquiryStatus, quiet = false) {
    try {
      const updated = await setEnquiryStatus(params.id, status);
      setData(() => updated);
      announceEnquiriesChanged();
      if (!quiet) notify(`Marked as ${status}.`);
    } catch (problem) {
      notify(problemText(problem, "Could not change the status. Please try again."), "error");
    }
  }

  // Opening a new enquiry marks it read.
  const isNew = data?.status === "new";
  useEffect(() => {
    if (!isNew) return;
    setEnquiryStatus(params.id, "read").then(
      (updated) => {
        setData(() => updated);
        announceEnquiriesChanged();
      },
      // Still shown as new; the status select can mark it by hand.
      () => undefined,
    );
  }, [isNew, params.id, setData]);

  const remove = useDeleteAction<string>({
    question: "Are you sure you want to delete this enquiry?",
    remove: deleteEnquiry,
    onRemoved: () => announceEnquiriesChanged(),
    removed: "Enquiry deleted.",
    failed: "Could not delete the enquiry. Please try again.",
  });

  if (!data) {
    return (
      <>
        <PageTitle>Enquiry</PageTitle>
        <LoadState
          loading={enquiry.loading}
          error={failure("enquiry", enquiry)}
          empty
          emptyText=""
        />
      </>
    );
  }

  const serviceType = serviceTypeName(data.serviceType);
  const subject = `Re: your enquiry to ${name}${serviceType ? ` (${serviceType})` : ""}`;
  const whatsapp = data.phoneNumber.replace(/\D/g, "");
  // The campaign's UTM parameters share one row, a line each.
  const campaign = INBOX_FIELDS.filter((field) => field.inbox === "campaign").flatMap((field) => {
    const value = enquiryFieldText(field, data);
    return value
      ? [
          <span key={field.key} className="block">
            <span className="text-muted">{field.label}:</span> {value}
          </span>,
        ]
      : [];
  });
  const rows: [string, ReactNode][] = [
    ["Received", formatDateTime(data.createdAt)],
    [
      "Notification e-mail",
      notification.data
        ? notificationText(notification.data)
        : notification.failed
          ? "Could not check. Reload the page to try again."
          : undefined,
    ],
    ...INBOX_FIELDS.flatMap((field, index): [string, ReactNode][] => {
      if (field.inbox === "first") {
        return [
          [field.label, enquiryFieldShown(field, data)],
          ["Source", sourceName(sourceKey(data.source ?? {}))],
        ];
      }
      if (field.inbox === "row") return [[field.label, enquiryFieldText(field, data)]];
      const firstOfCampaign =
        field.inbox === "campaign" &&
        INBOX_FIELDS.findIndex((other) => other.inbox === "campaign") === index;
      return firstOfCampaign
        ? [["Campaign (UTM)", campaign.length > 0 ? campaign : undefined]]
        : [];
    }),
  ];
  const blocks = INBOX_FIELDS.filter((field) => field.inbox === "block").map((field) => ({
    field,
    text: enquiryFieldText(field, data),
  }));

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/enquiries" className="font-semibold text-brand underline">
          ← Back to the inbox
        </Link>
      </p>
      <PageTitle
        actions={
          <>
            {/* An invoice for this lead, its client's details filled in (issue 49). */}
            <Link
              to={`/admin/payments/invoices/new?enquiry=${encodeURIComponent(data._id)}`}
              className="font-semibold text-brand underline"
            >
              Make an invoice
            </Link>
            <StatusBadge status={data.status} />
          </>
        }
      >
        {data.name}
      </PageTitle>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Panel title="Details" id="details-title">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-semibold text-muted">{label}</dt>
                  <dd className="break-words text-ink">{value}</dd>
                </div>
              ))}
          </dl>
          {blocks.map(
            ({ field, text }) =>
              text && (
                <Fragment key={field.key}>
                  <h3 className="mt-6 font-semibold text-muted">{field.label}</h3>
                  <p className="mt-2 rounded-lg bg-slate-50 p-4 whitespace-pre-wrap text-ink">
                    {text}
                  </p>
                </Fragment>
              ),
          )}
        </Panel>
        <Panel title="Actions" id="actions-title">
          <div className="space-y-4">
            <div>
              <label htmlFor={statusId} className={adminLabel}>
                Status
              </label>
              <select
                id={statusId}
                value={data.status}
                onChange={(e) => setStatus(e.target.value as EnquiryStatus)}
                className={`${adminInput} mt-1`}
              >
                {ENQUIRY_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status[0]!.toUpperCase() + status.slice(1)}
                  </option>
                ))}
              </select>
            </div>
            <a
              href={mailtoHref(data.email, { subject })}
              onClick={() => void setStatus("replied", true)}
              className={`${adminButton} w-full`}
            >
              Reply by e-mail
            </a>
            {whatsapp && (
              <a
                href={`https://wa.me/${whatsapp}`}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => void setStatus("replied", true)}
                className={`${adminButtonSecondary} w-full`}
              >
                Reply on WhatsApp
              </a>
            )}
            <button
              type="button"
              onClick={async () => {
                if (await remove.run(params.id)) navigate("/admin/enquiries");
              }}
              className={`${adminButtonDanger} w-full py-2`}
            >
              Delete enquiry
            </button>
          </div>
        </Panel>
      </div>
      <div className="mt-6">
        <LeadPanel enquiryId={params.id} />
        <ContactPanel enquiryId={params.id} />
        <ReplyPanel enquiry={data} />
      </div>
    </>
  );
}
