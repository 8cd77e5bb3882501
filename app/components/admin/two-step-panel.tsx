// CONTRACT STUB (issue 34): the two-step helper writes the authenticator-app panel.

/** My account: set up, remove the authenticator app; recovery codes. */
export function TwoStepPanel() {
  return null;
}
