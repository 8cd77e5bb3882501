import { messages } from "../../common/messages.ts";
import { LEAD_EVENT } from "../../common/consent.ts";
import { failureMessage, fieldMessage, statusClass } from "../components/forms/form-text.ts";
import {
  enquiryPayload,
  formValues,
  inputNameOf,
  type EnquiryFormKind,
} from "../lib/enquiry-payload.ts";
import { currentLeadSource } from "../lib/lead-source.ts";
import { signupMessage } from "../lib/newsletter-messages.ts";
import { submitOrKeep, type SettledSubmission } from "../lib/outbox.ts";
import { OUTBOX_SETTLED_EVENT, queuedMessages } from "../lib/outbox-messages.ts";

// The public forms of an islands page (docs/decisions/0039), as React's forms behave
// (components/forms/use-form-submit.ts): the form posts JSON with an Idempotency-Key to the
// same API, shows the busy text, the spec's messages, keeps the input on failure and clears
// it on success, and keeps a submission that gets no answer in the outbox (lib/outbox.ts).
// The markup is React's, rendered on the server with every message's place in it; this only
// writes the texts and flips the attributes (`hidden`, `aria-invalid`, `aria-describedby`,
// `aria-busy`, `disabled`). The server checks the values (no zod here): its summary goes to
// the alert, and each field its answer's `fields` names gets its own message (decision 0053).

type Answer = { status: number; body: unknown };
type Status = { ok: boolean; message: string; queued?: boolean };

/** What each form does, by the `kind` its hidden field names. */
interface FormKind {
  url: string;
  queued: string;
  payload: (form: HTMLFormElement) => unknown;
  success: (answer: Answer) => string;
  /** The name of the form's input the API's `key` is about (a 400's `fields`, decision 0053). */
  inputName: (key: string) => string | undefined;
  /** An enquiry: a lead, whose sending the marketing tags hear of (after consent). */
  lead?: boolean;
}

function kindOf(form: HTMLFormElement): FormKind {
  const kind = String(new FormData(form).get("kind") ?? "");
  if (kind === "newsletter") {
    return {
      url: "/api/newsletter",
      queued: queuedMessages.newsletter,
      // The page the sign-up came from, kept with the consent (decision 0036).
      payload: (form) => ({
        email: String(new FormData(form).get("email") ?? "").trim(),
        source: location.pathname,
      }),
      // The same message for a new and a known address: 202 asks to confirm by mail.
      success: ({ status }) => signupMessage(status),
      inputName: (key) => (key === "email" ? key : undefined),
    };
  }
  // The contact page's booking form offering slots (decision 0052): the same fields and a slot.
  if (kind === "quick" && form.querySelector("[data-slots]")) {
    return {
      url: "/api/bookings",
      queued: queuedMessages.enquiry,
      payload: (form) => {
        const data = new FormData(form);
        return {
          ...enquiryPayload("quick", formValues(data), currentLeadSource()),
          slot: String(data.get("slot") ?? ""),
        };
      },
      // The spec's message, as for every form; the time booked is in the visitor's mail.
      success: () => messages.submitSuccess,
      inputName: (key) => (key === "slot" ? key : inputNameOf("quick", key)),
      lead: true,
    };
  }
  return {
    url: "/api/contact",
    queued: queuedMessages.enquiry,
    payload: (form) =>
      enquiryPayload(kind as EnquiryFormKind, formValues(new FormData(form)), currentLeadSource()),
    success: () => messages.submitSuccess,
    inputName: (key) => inputNameOf(kind as EnquiryFormKind, key),
    lead: true,
  };
}

/**
 * Tells the consent part (islands/consent.ts) that a lead was sent: it passes the tags their
 * conversion event when the visitor accepted them, and nothing otherwise.
 */
function announceLead(kind: FormKind): void {
  if (kind.lead) window.dispatchEvent(new CustomEvent(LEAD_EVENT));
}

/** The form's message: a success or a kept submission politely, an error at once. */
function showStatus(form: HTMLFormElement, status: Status | null): void {
  const polite = form.querySelector<HTMLElement>('[role="status"]');
  const alert = form.querySelector<HTMLElement>('[role="alert"]');
  const write = (region: HTMLElement | null, text: string | null, className: string) => {
    if (!region) return;
    if (text === null) {
      region.replaceChildren();
      return;
    }
    const line = document.createElement("p");
    line.className = className;
    line.textContent = text;
    region.replaceChildren(line);
  };
  const ok = status?.ok === true;
  write(
    polite,
    ok ? status.message : null,
    status?.queued ? statusClass.queued : statusClass.success,
  );
  write(alert, status && !status.ok ? status.message : null, statusClass.error);
}

const DESCRIBED_BEFORE = "describedBefore";

/** Marks a control (or a group) as invalid with its own message, or clears it. */
function markField(target: HTMLElement, messageBox: HTMLElement | null, error: string | null) {
  const controls =
    target instanceof HTMLFieldSetElement
      ? [...target.querySelectorAll<HTMLInputElement>("input")]
      : [target];
  for (const control of controls) {
    if (error) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
  }
  if (!messageBox) return;
  messageBox.hidden = !error;
  messageBox.textContent = error ? fieldMessage(messageBox.dataset.label ?? "", error) : "";
  // The group, or the control, points to its message (before any description it has).
  const described = target;
  if (described.dataset[DESCRIBED_BEFORE] === undefined) {
    described.dataset[DESCRIBED_BEFORE] = described.getAttribute("aria-describedby") ?? "";
  }
  const before = described.dataset[DESCRIBED_BEFORE];
  const value = error ? [messageBox.id, before].filter(Boolean).join(" ") : before;
  if (value) described.setAttribute("aria-describedby", value);
  else described.removeAttribute("aria-describedby");
}

/** A field of the form with the place of its message, by the name its input is sent with. */
interface Field {
  target: HTMLElement;
  box: HTMLElement | null;
  name: string;
}

function fieldsOf(form: HTMLFormElement): Field[] {
  const fields: Field[] = [];
  for (const group of form.querySelectorAll<HTMLFieldSetElement>("fieldset")) {
    const name = group.querySelector<HTMLInputElement>("input[name]")?.name;
    if (!name) continue;
    fields.push({
      target: group,
      box: group.querySelector<HTMLElement>("[data-field-error]"),
      name,
    });
  }
  const controls = form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea",
  );
  for (const control of controls) {
    if (!control.id || !control.name || control.closest('[aria-hidden="true"]')) continue;
    fields.push({
      target: control,
      box: document.getElementById(`${control.id}-error`),
      name: control.name,
    });
  }
  return fields;
}

/**
 * The message of each input a 400 is about, by the input's name: the answer's `fields` name
 * the API's keys ("email", "options.0"), which the form's kind turns into its inputs' names.
 */
function invalidInputs(kind: FormKind, body: unknown): Map<string, string> {
  const byInput = new Map<string, string>();
  const fields = (body as { fields?: unknown } | null)?.fields;
  if (typeof fields !== "object" || fields === null) return byInput;
  for (const [path, message] of Object.entries(fields)) {
    const name = kind.inputName(path.split(".")[0]!);
    if (name && typeof message === "string" && !byInput.has(name)) byInput.set(name, message);
  }
  return byInput;
}

/** The first invalid field takes focus, in the middle of the screen (not under the header). */
function focusFirstInvalid(form: HTMLFormElement): void {
  const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  first.focus({ preventScroll: true });
  first.scrollIntoView({ block: "center" });
}

function setBusy(form: HTMLFormElement, busy: boolean): void {
  form.setAttribute("aria-busy", String(busy));
  for (const button of form.querySelectorAll<HTMLButtonElement>("button[type=submit]")) {
    button.disabled = busy;
    const text = busy ? button.dataset.busyLabel : button.dataset.label;
    if (text) button.textContent = text;
  }
}

/** Per form: whether it is being sent, and the key of its submission kept for later. */
const state = new WeakMap<HTMLFormElement, { busy: boolean; keptKey: string | null }>();

function stateOf(form: HTMLFormElement) {
  let current = state.get(form);
  if (!current) state.set(form, (current = { busy: false, keptKey: null }));
  return current;
}

/** Sends one form: the JSON post with a fresh key, or the outbox when there is no answer. */
export async function send(form: HTMLFormElement): Promise<void> {
  const current = stateOf(form);
  if (current.busy) return;
  const kind = kindOf(form);
  const body = kind.payload(form);
  const fields = fieldsOf(form);
  for (const field of fields) markField(field.target, field.box, null);
  showStatus(form, null);
  current.busy = true;
  setBusy(form, true);
  const intent = String(new FormData(form).get("intent") ?? form.id);
  const submitted = await submitOrKeep({ url: kind.url, payload: body, intent });
  current.busy = false;
  setBusy(form, false);
  if (submitted.sent) {
    const { answer } = submitted;
    if (answer.status < 200 || answer.status >= 300 || !answer.body) {
      const message = failureMessage(answer);
      showStatus(form, { ok: false, message });
      // A slot someone else just booked: it is no longer offered.
      if (answer.status === 409) {
        form
          .querySelector<HTMLInputElement>("[data-slots] input:checked")
          ?.closest("label")
          ?.remove();
      }
      if (answer.status === 400) {
        const invalid = invalidInputs(kind, answer.body);
        for (const field of fields) {
          markField(field.target, field.box, invalid.get(field.name) ?? null);
        }
        focusFirstInvalid(form);
      }
      return;
    }
    form.reset();
    showStatus(form, { ok: true, message: kind.success(answer) });
    announceLead(kind);
  } else if (submitted.kept) {
    // Kept, and sent again later with the same key (app/lib/outbox.ts).
    current.keptKey = submitted.key;
    form.reset();
    showStatus(form, { ok: true, queued: true, message: kind.queued });
  } else {
    showStatus(form, { ok: false, message: messages.submitError });
  }
}

/** Takes over the submit of each form in `forms`; a kept submission sent later shows here. */
export function enhanceForms(forms: readonly HTMLFormElement[], signal: AbortSignal): void {
  for (const form of forms) {
    // Its code is here (the browser tests wait for this mark, as for React's props).
    form.dataset.enhanced = "";
    form.addEventListener(
      "submit",
      (event) => {
        event.preventDefault();
        void send(form);
      },
      { signal },
    );
  }
  window.addEventListener(
    OUTBOX_SETTLED_EVENT,
    (event) => {
      const settled = (event as CustomEvent<SettledSubmission>).detail;
      const form = forms.find((candidate) => state.get(candidate)?.keptKey === settled.key);
      if (!form) return;
      stateOf(form).keptKey = null;
      if (settled.ok) announceLead(kindOf(form));
      showStatus(
        form,
        settled.ok
          ? { ok: true, message: kindOf(form).success(settled) }
          : { ok: false, message: failureMessage(settled) },
      );
    },
    { signal },
  );
}
