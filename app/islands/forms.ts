import { soonWhenIdle } from "../lib/when-idle.ts";
import type { Enhancer } from "./enhancer.ts";
import { partsOf } from "./enhancer.ts";
import type * as FormsSubmit from "./forms-submit.ts";

// The public forms of an islands page (docs/decisions/0039). Until their code is here each
// is the plain HTML form that posts to its page (decision 0005). The code (forms-submit.ts)
// is not in the page's first scripts (decision 0016): it is loaded when a form comes near
// the viewport, on the first focus or press inside one, when one is sent, and in any case a
// moment after the page came alive when the browser is idle (a visitor whose connection
// drops before reaching a form still gets the outbox).

/** How far below (or above) the viewport a form starts loading: half a screen. */
const NEAR_VIEWPORT = "50% 0px";
/** How long a form sent before its code arrives waits for it; then it is posted as it is. */
const SUBMIT_WAIT_MS = 5_000;

let loading: Promise<typeof FormsSubmit> | undefined;

/** Loads the forms' code once (again after a failure). */
function load(): Promise<typeof FormsSubmit> {
  loading ??= import("./forms-submit.ts").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export const enhance: Enhancer = (root, signal) => {
  const forms = partsOf<HTMLFormElement>(root, "form").filter(
    (form) => form instanceof HTMLFormElement,
  );
  if (forms.length === 0) return;
  // The watch ends when the code is here (or the page goes).
  const watching = new AbortController();
  signal.addEventListener("abort", () => watching.abort(), { once: true });
  const on = { signal: watching.signal };
  /** Forms sent before the code came, each sent by it once it is here. */
  const held = new Set<HTMLFormElement>();

  const arrive = () =>
    load().then((module) => {
      if (signal.aborted) return module;
      if (!watching.signal.aborted) {
        watching.abort();
        module.enhanceForms(forms, signal);
        for (const form of held) void module.send(form);
        held.clear();
      }
      return module;
    });
  const loadQuietly = () => void arrive().catch(() => undefined);

  for (const form of forms) {
    form.addEventListener("focusin", loadQuietly, on);
    form.addEventListener("pointerdown", loadQuietly, on);
    form.addEventListener(
      "submit",
      (event) => {
        event.preventDefault();
        if (held.has(form)) return;
        held.add(form);
        // Should the code not come in time (or at all), the form is posted as it is.
        const postAsItIs = () => {
          if (!held.delete(form)) return;
          HTMLFormElement.prototype.submit.call(form);
        };
        const timer = setTimeout(postAsItIs, SUBMIT_WAIT_MS);
        signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
        arrive().then(
          () => clearTimeout(timer),
          () => {
            clearTimeout(timer);
            postAsItIs();
          },
        );
      },
      on,
    );
  }

  if (typeof IntersectionObserver === "undefined") {
    loadQuietly();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadQuietly();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  for (const form of forms) observer.observe(form);
  watching.signal.addEventListener("abort", () => observer.disconnect(), { once: true });
  // In any case, a moment after the page came alive, when the browser is idle.
  watching.signal.addEventListener("abort", soonWhenIdle(loadQuietly), { once: true });
};
