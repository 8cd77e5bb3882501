import { useState } from "react";
import { problemText } from "../../lib/admin-api.ts";
import { useFeedback } from "./feedback.tsx";
import { adminButtonSecondary } from "./ui.tsx";

/**
 * 'Export CSV': `download` fetches the file with the token and hands it to the browser
 * (`exportEnquiries`, `exportSubscribers` of app/lib/admin/).
 */
export function ExportButton({ download }: { download: () => Promise<void> }) {
  const { notify } = useFeedback();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await download();
    } catch (problem) {
      notify(problemText(problem, "The export failed. Please try again."), "error");
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={adminButtonSecondary} onClick={run} disabled={busy}>
      {busy ? "Exporting…" : "Export CSV"}
    </button>
  );
}
