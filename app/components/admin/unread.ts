// The layout shows the number of unread enquiries in the navigation. Pages that change an
// enquiry's status (or delete one) tell it to count again.

const EVENT = "admin:enquiries-changed";

export function announceEnquiriesChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onEnquiriesChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
