import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { useFeedback } from "./feedback.tsx";

/**
 * With unsaved changes, leaving asks first (decision 0033): a link inside the app opens
 * "Leave without saving?" (Stay has the focus), a reload or a closed tab gets the browser's
 * own question. Answers `letGo()`, for a navigation the screen makes itself after saving.
 */
export function useLeaveGuard(unsaved: boolean): { letGo: () => void } {
  const { confirm } = useFeedback();
  const free = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !free.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let live = true;
    void confirm(
      "Leave without saving?",
      "Leave",
      "Your changes to this post have not been saved.",
      "Stay",
    ).then((leave) => {
      if (!live) return;
      if (leave) current.current.proceed?.();
      else current.current.reset?.();
    });
    return () => {
      live = false;
    };
  }, [blocker.state, confirm]);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (free.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);
  return {
    letGo: () => {
      free.current = true;
    },
  };
}
