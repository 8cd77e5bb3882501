// @vitest-environment jsdom
import { act, cleanup, waitFor } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDeferredForms, SUBMIT_WAIT_MS, type EnhancedForms } from "./deferred-forms.tsx";
import type { EnquiryFormProps } from "./enquiry-form-enhanced.tsx";

// The forms' enhancement comes after hydration (docs/decisions/0016): the server's form stays
// as it is, and the module is loaded when the form is about to be used. Here the server's HTML
// is hydrated in jsdom, with the real enhanced forms behind a loader the test releases.

const props: EnquiryFormProps = {
  kind: "home",
  submitLabel: "Send Message",
  busyLabel: "Submitting response",
};

/** A controllable IntersectionObserver (jsdom has none): the test says when a form is near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit;
  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.options = options;
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve(element: Element) {
    this.observed = this.observed.filter((item) => item !== element);
  }
  disconnect() {
    this.observed = [];
  }
  /** Reports every observed form as within the margin. */
  near() {
    this.callback(
      this.observed.map(
        (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
      ),
      this as unknown as IntersectionObserver,
    );
  }
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeObserver.last = undefined;
});

/** The page as the server sends it, hydrated by a browser whose enhancement loads on `release`. */
async function serverPageHydrated({ failLoad = false } = {}) {
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  const page = (forms: ReturnType<typeof createDeferredForms>) => {
    const EnquiryForm = forms.deferredForm<EnquiryFormProps>(
      (module) => module.EnquiryForm,
      (p) => p.intent ?? p.kind,
    );
    const Stub = createRoutesStub([{ path: "/", Component: () => <EnquiryForm {...props} /> }]);
    return <Stub initialEntries={["/"]} />;
  };

  // The server has the module before it renders.
  const server = createDeferredForms(() => import("./enhanced.ts"));
  await server.load();
  document.body.innerHTML = `<div id="app">${renderToString(page(server))}</div>`;
  const container = document.getElementById("app")!;
  const serverForm = container.querySelector("form")!;

  let release = () => {};
  const loads = vi.fn(
    () =>
      new Promise<EnhancedForms>((resolve, reject) => {
        release = () =>
          failLoad
            ? reject(new TypeError("Failed to fetch"))
            : void import("./enhanced.ts").then(resolve);
      }),
  );
  const browser = createDeferredForms(loads);
  const errors = vi.spyOn(console, "error");
  await act(async () => {
    root = hydrateRoot(container, page(browser));
  });
  return { container, serverForm, loads, release: () => act(async () => release()), errors };
}

const hydrated = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith("__reactProps$"));

describe("deferred forms", () => {
  it("keep the server's form as it is and load nothing until the form is used", async () => {
    const { container, serverForm, loads, release, errors } = await serverPageHydrated();
    const form = container.querySelector("form")!;
    expect(form).toBe(serverForm);
    expect(hydrated(form)).toBe(false);
    expect(loads).not.toHaveBeenCalled();
    expect(form.querySelector("button")?.textContent).toBe("Send Message");
    // Every field is there, as the server rendered it.
    expect(
      [...form.querySelectorAll("input, textarea")].map((e) => e.getAttribute("name")),
    ).toEqual(expect.arrayContaining(["intent", "name", "email", "phoneNumber", "textarea"]));

    // The visitor starts typing: the first focus inside asks for the enhancement.
    const name = form.querySelector<HTMLInputElement>('input[name="name"]')!;
    name.value = "Ada Obi";
    name.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(loads).toHaveBeenCalledTimes(1);
    await release();
    await waitFor(() => expect(hydrated(form)).toBe(true));
    // Hydrated in place: the same elements, what was typed is still there, no mismatch.
    expect(container.querySelector("form")).toBe(form);
    expect(name.value).toBe("Ada Obi");
    expect(errors).not.toHaveBeenCalled();
  });

  it("load the enhancement when a form comes within half a screen of the viewport", async () => {
    const { serverForm, loads, release } = await serverPageHydrated();
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual([serverForm]);
    expect(observer.options.rootMargin).toBe("50% 0px");
    observer.near();
    expect(loads).toHaveBeenCalledTimes(1);
    await release();
    await waitFor(() => expect(hydrated(serverForm)).toBe(true));
    // Nothing is watched any more.
    expect(observer.observed).toEqual([]);
  });

  it("hold a form sent before its enhancement is here and send it as JSON once it is", async () => {
    const fetch = vi.fn(
      async () =>
        new Response('{"_id":"1"}', {
          status: 201,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const nativePost = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const { serverForm: form, loads, release } = await serverPageHydrated();
    form.querySelector<HTMLInputElement>('input[name="name"]')!.value = "Ada Obi";
    form.querySelector<HTMLInputElement>('input[name="email"]')!.value = "ada@example.com";

    const submit = new SubmitEvent("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    // Not posted to the page: it waits for the enhancement, which it asked for.
    expect(submit.defaultPrevented).toBe(true);
    expect(loads).toHaveBeenCalledTimes(1);
    // A second press while it waits sends nothing more.
    form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true }));

    await release();
    await waitFor(() =>
      expect(form.querySelector('[role="status"]')?.textContent).toBe(
        "Form submitted successfully!",
      ),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/contact");
    expect(new Headers(init.headers).get("idempotency-key")).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: "Ada Obi",
      email: "ada@example.com",
    });
    expect(nativePost).not.toHaveBeenCalled();
  });

  it("post a held form to its page when the enhancement cannot be loaded", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const nativePost = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const { serverForm: form, release } = await serverPageHydrated({ failLoad: true });
    form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true }));
    await release();
    await waitFor(() => expect(nativePost).toHaveBeenCalledTimes(1));
    expect(nativePost.mock.contexts[0]).toBe(form);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("post a held form to its page when the enhancement takes too long", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const nativePost = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
      const { serverForm: form } = await serverPageHydrated();
      form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true }));
      vi.advanceTimersByTime(SUBMIT_WAIT_MS - 1);
      expect(nativePost).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(nativePost).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
