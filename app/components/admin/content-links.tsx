import { Link } from "react-router";
import { PageTitle, Panel } from "./ui.tsx";

/** A small secondary button of a list row (Move up, Move down). */
export const rowButton =
  "inline-flex items-center justify-center gap-1 rounded-lg bg-white px-3 py-1.5 font-semibold text-ink ring-1 ring-slate-300 transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

/** "View on site": the public page that shows the content, in a new tab. */
export function PreviewLink({ href, className }: { href: string; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      View on site
      <span className="sr-only"> (opens in a new tab)</span>
      <span aria-hidden="true">↗</span>
    </a>
  );
}

/** A content type, item or setting that does not exist. */
export function ContentNotFound({ what = "content type" }: { what?: string }) {
  return (
    <>
      <PageTitle>Not found</PageTitle>
      <Panel>
        <p className="text-ink">
          There is no such {what}.{" "}
          <Link to="/admin/content" className="font-semibold text-brand underline">
            Back to Site content
          </Link>
        </p>
      </Panel>
    </>
  );
}
