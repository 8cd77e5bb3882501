// CONTRACT STUB (issue 34): the two-step helper writes the set-up screen the owners'
// requirement holds a person on (a passkey or an authenticator app, nothing else).
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Set up a second step");

export default function SecondStepSetup() {
  return null;
}
