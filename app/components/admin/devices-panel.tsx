// CONTRACT STUB (issue 34): the sessions helper writes the Devices panel of My account.

/** My account: every session of mine (browser, system, network, first and last seen). */
export function DevicesPanel() {
  return null;
}
