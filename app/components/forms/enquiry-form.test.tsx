// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EnquiryForm, type EnquiryFormProps } from "./enquiry-form.tsx";
import { queuedMessages, sendKeptSubmissions } from "../../lib/outbox.ts";
import { NewsletterBox } from "./newsletter-form.tsx";

// The forms in the browser: the shared schema's messages, the busy button, what is kept
// and what is cleared. The API is replaced at the network edge (fetch); the browser tests
// send the same forms to the real server.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Renders the form as a page the browser renders itself (after a client-side navigation):
 * its enhancement loads at once and the form shows when it is here.
 */
async function renderForm(props: EnquiryFormProps) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <EnquiryForm {...props} /> }]);
  const rendered = render(<Stub initialEntries={["/"]} />);
  await screen.findByRole("button", { name: props.submitLabel });
  return rendered;
}

/** A fetch that answers once `release()` is called, with this status and body. */
function pendingFetch(status: number, body: unknown) {
  let release = () => {};
  const calls: { url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    await new Promise<void>((resolve) => (release = resolve));
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, release: () => release() };
}

const service: EnquiryFormProps = {
  kind: "service",
  intent: "service-form",
  serviceName: "Page Revamp",
  options: ["Social Media Page Optimization", "Content and Visual Updates"],
  submitLabel: "Submit",
  busyLabel: "submitting...",
};

describe("EnquiryForm", () => {
  it("shows the spec's one summary in an alert, each invalid field's own message, and focuses the first", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await renderForm(service);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert.textContent).toContain("Please fill in all required fields."));
    const company = screen.getByLabelText(/Company Name/);
    expect(company.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (element: Element) =>
      document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(describedBy(company)).toBe("Company Name is required.");
    expect(describedBy(screen.getByLabelText(/Full Name/))).toBe("Full Name is required.");
    const email = screen.getByLabelText(/Email Address/);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(email)).toBe("Email Address is required.");
    // The options too: their group says so.
    expect(describedBy(screen.getByRole("group", { name: /What do you need/ }))).toBe(
      "Please select at least one option.",
    );
    await waitFor(() => expect(document.activeElement).toBe(company));

    await user.type(company, "Obi Foods");
    await user.type(screen.getByLabelText(/Full Name/), "Chidi");
    await user.type(email, "chidi@example");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(alert.textContent).toContain("Please enter a valid email address."));
    expect(company.hasAttribute("aria-invalid")).toBe(false);
    expect(company.hasAttribute("aria-describedby")).toBe(false);
    expect(describedBy(email)).toBe("Please enter a valid email address.");
    await waitFor(() => expect(document.activeElement).toBe(email));

    await user.type(email, ".com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(alert.textContent).toContain("Please select at least one option."));
    expect(screen.getByLabelText("Content and Visual Updates").getAttribute("aria-invalid")).toBe(
      "true",
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText("Social Media Page Optimization")),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("is busy while sending, then reports success in a status and clears the form", async () => {
    const user = userEvent.setup();
    const api = pendingFetch(201, { _id: "1" });
    await renderForm(service);
    await user.type(screen.getByLabelText(/Company Name/), "Obi Foods");
    await user.type(screen.getByLabelText(/Full Name/), "Chidi");
    await user.type(screen.getByLabelText(/Email Address/), "chidi@example.com");
    await user.type(screen.getByLabelText(/Phone Number/), "8031234567");
    await user.click(screen.getByLabelText("Content and Visual Updates"));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const busy = await screen.findByRole("button", { name: "submitting..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls).toEqual([
      {
        url: "/api/contact",
        body: {
          companyName: "Obi Foods",
          name: "Chidi",
          email: "chidi@example.com",
          phoneNumber: "+2348031234567",
          options: ["Content and Visual Updates"],
          serviceType: "Page Revamp",
          // Where the lead came from: the page it was sent from (app/lib/lead-source.ts).
          source: { page: "/" },
        },
      },
    ]);
    api.release();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("Form submitted successfully!"),
    );
    expect((screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect((screen.getByLabelText(/Company Name/) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Content and Visual Updates") as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("keeps the input and says so in an alert when the server fails", async () => {
    const user = userEvent.setup();
    const api = pendingFetch(500, { error: "Internal Server Error" });
    await renderForm({
      kind: "home",
      submitLabel: "Send Message",
      busyLabel: "Submitting response",
    });
    await user.type(screen.getByLabelText(/Full Name/), "Ada Obi");
    await user.type(screen.getByLabelText(/Email Address/), "ada@example.com");
    await user.type(screen.getByLabelText("Message"), "Call me");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(
      ((await screen.findByRole("button", { name: "Submitting response" })) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(api.calls[0]?.body).toEqual({
      name: "Ada Obi",
      email: "ada@example.com",
      textarea: "Call me",
      serviceType: "Inquiry form response",
      source: { page: "/" },
    });
    api.release();
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(
        "An error occurred. Please try again later.",
      ),
    );
    expect((screen.getByLabelText(/Full Name/) as HTMLInputElement).value).toBe("Ada Obi");
    expect((screen.getByLabelText("Message") as HTMLInputElement).value).toBe("Call me");
  });

  it("keeps a submission that got no answer and sends it again, with the same key, when the connection is back", async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    let online = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get("idempotency-key"));
        if (!online) throw new TypeError("Failed to fetch");
        return new Response('{"_id":"1"}', {
          status: 201,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    await renderForm({ kind: "floating", submitLabel: "Send Enquiry", busyLabel: "sending..." });
    await user.type(screen.getByLabelText(/Full Name/), "Bola");
    await user.type(screen.getByLabelText(/Email Address/), "bola@example.com");
    await user.click(screen.getByRole("button", { name: "Send Enquiry" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain(queuedMessages.enquiry),
    );
    expect(screen.getByRole("alert").textContent).toBe("");
    // jsdom has no IndexedDB: the submission is kept in localStorage, never in a cookie.
    expect(localStorage.getItem("agency-outbox")).toContain("bola@example.com");
    expect(document.cookie).toBe("");

    online = true;
    await sendKeptSubmissions();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("Form submitted successfully!"),
    );
    expect(localStorage.getItem("agency-outbox")).toBeNull();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("has a hidden honeypot that people cannot reach", async () => {
    vi.stubGlobal("fetch", vi.fn());
    const { container } = await renderForm(service);
    const trap = container.querySelector<HTMLInputElement>('input[name="faxNumber"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe("off");
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe("NewsletterBox", () => {
  it("says the visitor is subscribed (201), or to confirm by mail (202)", async () => {
    const user = userEvent.setup();
    const Stub = createRoutesStub([{ path: "/", Component: NewsletterBox }]);
    render(<Stub initialEntries={["/"]} />);
    const email = await screen.findByLabelText("Email address");
    const answers = [201, 202];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response('{"_id":"1","email":"a@b.co"}', { status: answers.shift() })),
    );
    await user.click(screen.getByRole("button", { name: "Subscribe Now" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(
        "Please fill in all required fields.",
      ),
    );
    await user.type(email, "reader@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe Now" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("Thank you for subscribing!"),
    );
    expect((email as HTMLInputElement).value).toBe("");
    // jsdom keeps the caret where the old text ended: start again from an empty box.
    await user.clear(email);
    await user.type(email, "reader@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe Now" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("Almost there! Check your inbox"),
    );
  });
});
