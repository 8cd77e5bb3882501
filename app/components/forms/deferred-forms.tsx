import {
  lazy,
  memo,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";
import { useNavigation } from "react-router";
import type * as EnhancedModule from "./enhanced.ts";

// The public forms' enhancement (checks and messages in the page, the JSON post with its
// Idempotency-Key, the offline outbox) is not in a page's first scripts (docs/decisions/0016).
// The server renders every form in full, and until the enhancement is here a form is the
// plain HTML form that posts to its page (decision 0005): React keeps the server's HTML of
// the form as it is and hydrates it once the module arrives. The module is loaded when a
// form comes near the viewport, on the first focus or press inside one, when one is sent,
// when a navigation starts, and at once for a form the browser renders itself (after a
// navigation), whichever comes first. One module holds every form: one load enhances all.

/** The module with the enhanced forms (one chunk). */
export type EnhancedForms = typeof EnhancedModule;

/** How far below (or above) the viewport a form starts loading: half a screen. */
const NEAR_VIEWPORT = "50% 0px";

/**
 * How long a form sent before its enhancement arrives waits for it; after that (or when the
 * module cannot be loaded) the form is posted as it is, to its page.
 */
export const SUBMIT_WAIT_MS = 5_000;

const noSubscription = () => () => {};
const inBrowser = () => false;
const fromServerHtml = () => true;

/**
 * Whether this component came in the server's HTML: rendered on the server, or hydrated from
 * it (React reads the server snapshot while it hydrates). False when the browser rendered it
 * by itself (after a client-side navigation). Fixed at the first render.
 */
export function useFromServerHtml(): boolean {
  const hydrating = useSyncExternalStore(noSubscription, inBrowser, fromServerHtml);
  const [fromServer] = useState(hydrating);
  return fromServer;
}

/**
 * Around a part whose code comes later (React.lazy, loaded when rendered): React keeps the
 * server's HTML of it as it is until the code is here, then hydrates it. When the browser
 * renders it by itself, the navigation waits for the code instead of showing nothing first.
 */
export function KeepServerHtml({ children }: { children: ReactNode }) {
  const fromServer = useFromServerHtml();
  // The same element until the children change: a new one would reach the part React keeps
  // as HTML, and React would then render it again without the server's HTML.
  return useMemo(
    () => (fromServer ? <Suspense>{children}</Suspense> : children),
    [fromServer, children],
  );
}

type Loaded<Props> = { default: ComponentType<Props> };

/** Calls back at once, so React renders an already-loaded part without suspending. */
const loadedAlready = <Props,>(value: Loaded<Props>) =>
  ({ then: (resolve: (value: Loaded<Props>) => void) => resolve(value) }) as Promise<Loaded<Props>>;

/**
 * The loader of the forms' enhancement and the light form components that show it. The site
 * has one (below); the tests make their own with a loader they control.
 */
export function createDeferredForms(importForms: () => Promise<EnhancedForms>) {
  let forms: EnhancedForms | undefined;
  let loading: Promise<EnhancedForms> | undefined;
  let arrive: (module: EnhancedForms) => void = () => {};
  // Settles once the module is here and never fails: a form whose enhancement could not be
  // loaded stays the working HTML form, and the next reason to load tries again.
  const arrived = new Promise<EnhancedForms>((resolve) => (arrive = resolve));

  /** Loads the enhancement once (again after a failure); answers the module. */
  function load(): Promise<EnhancedForms> {
    if (forms) return Promise.resolve(forms);
    loading ??= importForms().then(
      (module) => {
        forms = module;
        arrive(module);
        // Nothing more to load: the forms are watched until React has hydrated them.
        observer?.disconnect();
        observer = undefined;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }
  const loadQuietly = () => void load().catch(() => undefined);

  // The server-rendered forms React has not hydrated yet, and what starts the load. The
  // listeners are on `window`, in the capture phase: React stops focus, press and submit
  // events inside HTML it has not hydrated yet at the document.
  const watched = new Set<HTMLFormElement>();
  const enhanced = new WeakSet<HTMLFormElement>();
  /** Forms sent before they were enhanced: what sends each once it is. */
  const held = new Map<HTMLFormElement, () => void>();
  let observer: IntersectionObserver | undefined;

  const watchedFormOf = (event: Event) => {
    const form = event.target instanceof Element ? event.target.closest("form") : null;
    return form && watched.has(form) ? form : null;
  };

  function onFocusOrPress(event: Event) {
    if (watchedFormOf(event)) loadQuietly();
  }

  /**
   * A form sent after hydration but before its enhancement is here waits for it (a moment)
   * and is then sent the way every enhanced form is; should the module not come, it is
   * posted as it is. A form sent before hydration never gets here: it is a plain post.
   */
  function onSubmit(event: Event) {
    const form = watchedFormOf(event);
    if (!form) return;
    event.preventDefault();
    if (held.has(form)) return;
    let done = false;
    const finish = (send: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      held.delete(form);
      send();
    };
    const postAsItIs = () => HTMLFormElement.prototype.submit.call(form);
    const timer = setTimeout(() => finish(postAsItIs), SUBMIT_WAIT_MS);
    // Sent again once React has hydrated the form: its own handler takes it then.
    held.set(form, () => finish(() => form.requestSubmit()));
    load().catch(() => finish(postAsItIs));
  }

  function listen(on: boolean) {
    const method = on ? window.addEventListener : window.removeEventListener;
    method("focusin", onFocusOrPress, true);
    method("pointerdown", onFocusOrPress, true);
    method("submit", onSubmit, true);
  }

  function unwatch(form: HTMLFormElement) {
    if (!watched.delete(form)) return;
    observer?.unobserve(form);
    if (watched.size === 0) listen(false);
  }

  /** React has hydrated this form with its enhancement (its effects ran). */
  function enhancedNow(form: HTMLFormElement) {
    enhanced.add(form);
    unwatch(form);
    const send = held.get(form);
    if (send) setTimeout(send);
  }

  function watch(form: HTMLFormElement): () => void {
    if (forms || enhanced.has(form)) return () => {};
    if (typeof IntersectionObserver === "undefined") {
      // A browser that cannot tell where the form is: the enhancement is loaded now.
      loadQuietly();
      return () => {};
    }
    if (watched.size === 0) listen(true);
    watched.add(form);
    observer ??= new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadQuietly();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(form);
    return () => unwatch(form);
  }

  /**
   * A light stand-in for one enhanced form: the same HTML (the server renders the real form),
   * hydrated once the enhancement is here. `formId` names the form's `id`, so the stand-in
   * can find the server's form in the page without an element of its own.
   */
  function deferredForm<Props extends object>(
    pick: (module: EnhancedForms) => ComponentType<Props>,
    formId: (props: Props) => string,
  ) {
    /** The enhanced form, which says when React has it in the page. */
    const announced = (Form: ComponentType<Props>) =>
      function AnnouncedForm(props: Props) {
        const id = formId(props);
        useEffect(() => {
          const form = document.getElementById(id);
          if (form instanceof HTMLFormElement) enhancedNow(form);
        }, [id]);
        return <Form {...props} />;
      };
    const Enhanced = lazy((): Promise<Loaded<Props>> => {
      if (forms) return loadedAlready({ default: announced(pick(forms)) });
      // The server loads the module before it renders a page (the site layout's loader);
      // should it ever render without that, it loads it now.
      const module = typeof document === "undefined" ? load() : arrived;
      return module.then((loaded) => ({ default: announced(pick(loaded)) }));
    });

    function DeferredForm(props: Props) {
      const fromServer = useFromServerHtml();
      const navigating = useNavigation().state !== "idle";
      if (!fromServer) {
        // The browser renders this form (a client-side navigation): the navigation waits
        // for the module. Should it not load, the page is loaded again from the server,
        // as React Router does when a page's own module does not load.
        load().catch(() => window.location.reload());
      } else if (navigating) {
        // A navigation re-renders the page around the forms: React cannot do that without
        // hydrating them first.
        loadQuietly();
      }
      const id = formId(props);
      useEffect(() => {
        if (!fromServer) return;
        const form = document.getElementById(id);
        return form instanceof HTMLFormElement ? watch(form) : undefined;
      }, [fromServer, id]);
      // The same element on every render: a new one would reach the form React keeps as
      // HTML, and React would then render it again without the server's HTML.
      return useMemo(
        () =>
          fromServer ? (
            <Suspense>
              <Enhanced {...props} />
            </Suspense>
          ) : (
            <Enhanced {...props} />
          ),
        [fromServer, props],
      );
    }
    return memo(DeferredForm);
  }

  return { load, deferredForm };
}

const site = createDeferredForms(() => import("./enhanced.ts"));

/** Loads the enhanced forms; the server awaits it before rendering (site layout's loader). */
export const loadEnhancedForms = site.load;
export const deferredForm = site.deferredForm;
