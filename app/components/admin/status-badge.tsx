import type { EnquiryStatus } from "../../../common/enquiry-fields.ts";
import { blogStatusNames, type BlogStatus } from "../../../common/schemas/blog.ts";

const styles: Record<EnquiryStatus | BlogStatus, string> = {
  new: "bg-accent-50 text-accent-ink ring-accent/40",
  read: "bg-slate-100 text-slate-700 ring-slate-300",
  replied: "bg-green-50 text-success ring-success/30",
  spam: "bg-red-50 text-danger ring-danger/30",
  draft: "bg-slate-100 text-slate-700 ring-slate-300",
  review: "bg-amber-50 text-amber-900 ring-amber-300",
  scheduled: "bg-accent-50 text-accent-ink ring-accent/40",
  published: "bg-green-50 text-success ring-success/30",
};

/** The status of an enquiry or a post, as a coloured pill. */
export function StatusBadge({ status }: { status: EnquiryStatus | BlogStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${status === "review" ? "" : "capitalize"} ${styles[status]}`}
    >
      {status === "review" ? blogStatusNames.review : status}
    </span>
  );
}
