import { lazy, type ComponentType } from "react";

type Loaded<Props> = { default: ComponentType<Props> };

/**
 * A component kept out of the page's first JavaScript: it lives in a chunk of its own.
 *
 * The server renders it in full — the route's loader awaits `preload()` first, and a loaded
 * module is handed to React synchronously — so the HTML holds the whole page and reads
 * without JavaScript. In the browser the chunk starts loading when the route module runs;
 * React keeps the server HTML of the surrounding `<Suspense>` as it is and hydrates that part
 * once the chunk arrives. Client navigations wait for it inside the router's transition.
 */
export function deferredComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: Loaded<Props> | undefined;
  let pending: Promise<Loaded<Props>> | undefined;
  const preload = () => (pending ??= load().then((component) => (loaded = { default: component })));
  const Component = lazy(() =>
    loaded
      ? // Already here: resolve at once, so React renders it without suspending.
        ({ then: (resolve: (value: Loaded<Props>) => void) => resolve(loaded!) } as Promise<
          Loaded<Props>
        >)
      : preload(),
  );
  return Object.assign(Component, { preload });
}
