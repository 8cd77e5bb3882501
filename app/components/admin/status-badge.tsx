import type { EnquiryStatus } from "../../../common/enquiry-fields.ts";

const styles: Record<EnquiryStatus, string> = {
  new: "bg-accent-50 text-accent-ink ring-accent/40",
  read: "bg-slate-100 text-slate-700 ring-slate-300",
  replied: "bg-green-50 text-success ring-success/30",
  spam: "bg-red-50 text-danger ring-danger/30",
};

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold capitalize ring-1 ${styles[status]}`}
    >
      {status}
    </span>
  );
}
