import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferredComponent } from "./deferred.ts";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

// renderToString never waits for anything: whatever suspends shows its fallback.
const render = (node: React.ReactNode) =>
  renderToString(<Suspense fallback={<p>Loading</p>}>{node}</Suspense>);

describe("deferredComponent", () => {
  it("renders without suspending once preloaded, and loads its module once", async () => {
    let loads = 0;
    const Deferred = deferredComponent(async () => {
      loads++;
      return Greeting;
    });
    await Promise.all([Deferred.preload(), Deferred.preload()]);
    expect(loads).toBe(1);
    const html = render(<Deferred name="Lagos" />);
    expect(html).toContain("Hello <!-- -->Lagos");
    expect(html).not.toContain("Loading");
  });

  it("suspends while its module is still loading", () => {
    const Deferred = deferredComponent(() => new Promise<typeof Greeting>(() => {}));
    expect(render(<Deferred name="Abuja" />)).toContain("Loading");
  });
});
