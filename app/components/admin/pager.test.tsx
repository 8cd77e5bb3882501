// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import Subscribers from "../../routes/admin/subscribers.tsx";
import { FeedbackProvider } from "./feedback.tsx";
import { Pager } from "./pager.tsx";

// The pager under the back office's paged lists, and the subscribers screen that pages with it.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Pager", () => {
  it("says which page of how many, moves a page either way and changes the page size", () => {
    const onPage = vi.fn();
    const onPageSize = vi.fn();
    render(<Pager page={2} pageSize={25} total={51} onPage={onPage} onPageSize={onPageSize} />);
    const nav = screen.getByRole("navigation", { name: "Pages" });
    expect(nav.textContent).toContain("Page 2 of 3");
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
    fireEvent.change(screen.getByLabelText("Per page"), { target: { value: "100" } });
    expect(onPageSize).toHaveBeenCalledWith(100);
  });

  it("disables Previous on the first page and Next on the last; an empty list is page 1 of 1", () => {
    render(<Pager page={1} pageSize={25} total={0} onPage={vi.fn()} onPageSize={vi.fn()} />);
    expect(screen.getByText("Page 1 of 1")).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Previous" }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Next" }).disabled).toBe(true);
  });
});

describe("the subscribers screen", () => {
  const subscriber = (i: number) => ({
    _id: `s${i}`,
    email: `reader${i}@example.com`,
    date: "2026-11-20T09:00:00.000Z",
    status: "confirmed",
    statusAt: "2026-11-20T09:00:00.000Z",
    consentAt: "2026-11-20T09:00:00.000Z",
    consentSource: "/blog",
    consentText: "By subscribing you agree to receive our insights by e-mail.",
  });

  /** A server of `total` subscribers; answers the page asked for. */
  function serve(total: number) {
    const stub = vi.fn(async (url: string) => {
      // The screen also asks for the newsletter settings (the double opt-in notice).
      if (!url.startsWith("/api/newsletter?")) return Response.json({}, { status: 404 });
      const query = new URL(url, "http://localhost").searchParams;
      const page = Number(query.get("page"));
      const size = Number(query.get("pageSize"));
      const first = (page - 1) * size;
      const items = Array.from({ length: Math.max(0, Math.min(size, total - first)) }, (_, i) =>
        subscriber(first + i + 1),
      );
      return Response.json(items, { headers: { "x-total-count": String(total) } });
    });
    vi.stubGlobal("fetch", stub);
    return stub;
  }

  function open(address: string) {
    const Location = () => <output data-testid="location">{useLocation().search}</output>;
    const Stub = createRoutesStub([
      {
        path: "/admin/subscribers",
        Component: () => (
          <FeedbackProvider>
            <Subscribers />
            <Location />
          </FeedbackProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={[address]} />);
  }

  it("loads the page of the address with its search, and shows the total", async () => {
    const fetch = serve(60);
    open("/admin/subscribers?q=reader&page=2&pageSize=50");
    expect(await screen.findByText("60 subscribers")).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toContain(
      "/api/newsletter?q=reader&page=2&pageSize=50",
    );
    expect(screen.getByText("Page 2 of 2")).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(11);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("cell", { name: "reader1@example.com" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("?q=reader&page=1&pageSize=50");
  });

  it("moves a page past the end to the last page", async () => {
    serve(30);
    open("/admin/subscribers?page=4");
    expect(await screen.findByRole("cell", { name: "reader30@example.com" })).toBeTruthy();
    expect(screen.getByText("Page 2 of 2")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("?page=2");
  });
});
