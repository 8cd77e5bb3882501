import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../lib/admin-api.ts";

interface ApiDataState<T> {
  data?: T;
  /** The server's own message when it answered with an error; none for a network failure. */
  error?: string;
  failed?: boolean;
  loading: boolean;
}

/** Loads data in the browser (the token lives in localStorage), with loading and error states. */
export function useApiData<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<ApiDataState<T>>({ loading: true });
  const [version, setVersion] = useState(0);
  // The caller names in `deps` what `load` reads.
  const run = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: undefined, failed: false }));
    run().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) =>
        live &&
        setState({
          loading: false,
          error: error instanceof ApiError && error.status > 0 ? error.message : undefined,
          failed: true,
        }),
    );
    return () => {
      live = false;
    };
  }, [run, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setData = useCallback(
    (update: (data: T | undefined) => T) => setState((s) => ({ ...s, data: update(s.data) })),
    [],
  );
  return { ...state, reload, setData };
}
