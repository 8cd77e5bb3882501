// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EnquiryForm, type EnquiryFormProps } from "./enquiry-form.tsx";
import { NewsletterBox } from "./newsletter-form.tsx";

// The forms in the browser: the shared schema's messages, the busy button, what is kept
// and what is cleared. The API is replaced at the network edge (fetch); the browser tests
// send the same forms to the real server.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(props: EnquiryFormProps) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <EnquiryForm {...props} /> }]);
  return render(<Stub initialEntries={["/"]} />);
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
  it("shows one message at a time in an alert and marks the fields it is about", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderForm(service);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert.textContent).toContain("Please fill in all required fields."));
    const company = screen.getByLabelText(/Company Name/);
    expect(company.getAttribute("aria-invalid")).toBe("true");
    expect(company.getAttribute("aria-describedby")).toBe(alert.querySelector("p")?.id);
    expect(screen.getByLabelText(/Email Address/).getAttribute("aria-invalid")).toBe("true");

    await user.type(company, "Obi Foods");
    await user.type(screen.getByLabelText(/Full Name/), "Chidi");
    await user.type(screen.getByLabelText(/Email Address/), "chidi@example");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(alert.textContent).toContain("Please enter a valid email address."));
    expect(company.hasAttribute("aria-invalid")).toBe(false);

    await user.type(screen.getByLabelText(/Email Address/), ".com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(alert.textContent).toContain("Please select at least one option."));
    expect(screen.getByLabelText("Content and Visual Updates").getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("is busy while sending, then reports success in a status and clears the form", async () => {
    const user = userEvent.setup();
    const api = pendingFetch(201, { _id: "1" });
    renderForm(service);
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
    renderForm({
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

  it("shows the spec's failure message, not the browser's, when the network is down", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    renderForm({ kind: "floating", submitLabel: "Send Enquiry", busyLabel: "sending..." });
    await user.type(screen.getByLabelText(/Full Name/), "Bola");
    await user.type(screen.getByLabelText(/Email Address/), "bola@example.com");
    await user.click(screen.getByRole("button", { name: "Send Enquiry" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(
        "An error occurred. Please try again later.",
      ),
    );
    expect((screen.getByLabelText(/Full Name/) as HTMLInputElement).value).toBe("Bola");
  });

  it("has a hidden honeypot that people cannot reach", () => {
    vi.stubGlobal("fetch", vi.fn());
    const { container } = renderForm(service);
    const trap = container.querySelector<HTMLInputElement>('input[name="faxNumber"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe("off");
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe("NewsletterBox", () => {
  it("says the visitor is subscribed, and that they already were", async () => {
    const user = userEvent.setup();
    const Stub = createRoutesStub([{ path: "/", Component: NewsletterBox }]);
    render(<Stub initialEntries={["/"]} />);
    const email = screen.getByLabelText("Email address");
    const answers = [201, 200];
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
      expect(screen.getByRole("status").textContent).toContain("You’re already subscribed."),
    );
  });
});
