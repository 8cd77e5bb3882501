// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { createRoutesStub, data, Link } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendPageView } from "../lib/beacon.ts";
import { rememberLandingSource } from "../lib/lead-source.ts";
import SiteLayout, { ErrorBoundary } from "./site-layout.tsx";

// When the layout counts a page view (issue 33): once on the first render, after the landing
// source is kept, and once per client-side navigation to another path; not again for the
// same path with another query, not for a page an error boundary drew, and not twice under
// StrictMode, which runs every effect twice. The beacon itself: app/lib/beacon.test.ts.

vi.mock("../lib/beacon.ts", () => ({ sendPageView: vi.fn() }));
vi.mock("../lib/lead-source.ts", () => ({ rememberLandingSource: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const Stub = createRoutesStub([
  {
    path: "/",
    Component: SiteLayout,
    ErrorBoundary: ErrorBoundary as never,
    children: [
      { index: true, Component: () => <Link to="/services?tab=1">Services</Link> },
      {
        path: "services",
        Component: () => (
          <>
            <h1>Services page</h1>
            <Link to="/services?tab=2#prices">Same page</Link>
            <Link to="/gone">Gone</Link>
          </>
        ),
      },
      {
        path: "gone",
        loader: () => {
          throw data("Not found", { status: 404 });
        },
        Component: () => null,
        ErrorBoundary: () => <Link to="/">Back home</Link>,
      },
    ],
  },
]);

async function click(name: string) {
  await act(async () => screen.getAllByRole("link", { name })[0]!.click());
}

describe("the site layout's page views", () => {
  it("counts each path once, after keeping the landing source, and no page not found", async () => {
    render(
      <StrictMode>
        <Stub initialEntries={["/"]} />
      </StrictMode>,
    );
    await screen.findByRole("link", { name: "Services" });
    expect(sendPageView).toHaveBeenCalledTimes(1);
    expect(vi.mocked(rememberLandingSource).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(sendPageView).mock.invocationCallOrder[0]!,
    );

    await click("Services");
    await screen.findByRole("heading", { name: "Services page" });
    expect(sendPageView).toHaveBeenCalledTimes(2);
    await click("Same page");
    expect(sendPageView).toHaveBeenCalledTimes(2);

    await click("Gone");
    await screen.findByRole("link", { name: "Back home" });
    expect(sendPageView).toHaveBeenCalledTimes(2);
    await click("Back home");
    await screen.findAllByRole("link", { name: "Services" });
    expect(sendPageView).toHaveBeenCalledTimes(3);
  });
});
