import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { Link } from "react-router";

/** A link a notice offers: what can be done next (send the post just published, say). */
export interface ToastLink {
  to: string;
  label: string;
}

interface Toast {
  id: number;
  message: string;
  kind: "success" | "error";
  link?: ToastLink;
  /** When it appeared (performance.now()). */
  shownAt: number;
}

interface Feedback {
  /**
   * A short notice in the corner, announced politely (role="status"); errors stay until
   * closed. `link` offers a next step; the notice waits while the pointer or focus is on it.
   */
  notify(message: string, kind?: Toast["kind"], link?: ToastLink): void;
  /**
   * An in-page confirmation dialog (Cancel has the focus); answers whether the person
   * confirmed. `hint` replaces "This cannot be undone."; `cancel` names the safe answer.
   */
  confirm(message: string, action?: string, hint?: string, cancel?: string): Promise<boolean>;
}

const undoneHint = "This cannot be undone.";

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error("useFeedback outside FeedbackProvider");
  return feedback;
}

/** Toasts and confirmation dialogs for the back office, with the spec's exact texts. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [question, setQuestion] = useState<{
    message: string;
    action: string;
    hint: string;
    cancel: string;
  } | null>(null);
  const answer = useRef<(value: boolean) => void>(undefined);
  const returnFocus = useRef<HTMLElement | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const notify = useCallback(
    (message: string, kind: Toast["kind"] = "success", link?: ToastLink) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, kind, link, shownAt: performance.now() }]);
    },
    [],
  );

  const confirm = useCallback(
    (message: string, action = "Delete", hint = undoneHint, cancel = "Cancel") => {
      // A question still open is answered "no" before the next one takes its place.
      answer.current?.(false);
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setQuestion({ message, action, hint, cancel });
      return new Promise<boolean>((resolve) => {
        answer.current = resolve;
      });
    },
    [],
  );

  const feedback = useMemo(() => ({ notify, confirm }), [notify, confirm]);

  // A success notice lies over the page: the control it covers stays usable. A tap goes
  // through the notice (only its link and × take taps), and once the person moves the focus
  // (a tap or a key pressed after the notice appeared) to a control the notices overlap, the
  // success notices go. Focus the screen itself moves (back to a button after a save) does not.
  const region = useRef<HTMLDivElement>(null);
  const shown = toasts.some((toast) => toast.kind === "success");
  useEffect(() => {
    if (!shown) return;
    let inputAt = -Infinity;
    const onInput = () => (inputAt = performance.now());
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      const area = region.current;
      if (!(target instanceof Element) || !area || area.contains(target)) return;
      if (performance.now() - inputAt > 500) return;
      const a = target.getBoundingClientRect();
      const b = area.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
        setToasts((list) =>
          list.filter((toast) => toast.kind !== "success" || toast.shownAt > inputAt),
        );
      }
    };
    document.addEventListener("pointerdown", onInput, true);
    document.addEventListener("keydown", onInput, true);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("pointerdown", onInput, true);
      document.removeEventListener("keydown", onInput, true);
      document.removeEventListener("focusin", onFocus);
    };
  }, [shown]);

  useEffect(() => {
    // showModal puts focus on the first button (Cancel): the safe answer to a deletion.
    if (question && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [question]);

  const close = (value: boolean) => {
    dialog.current?.close();
    setQuestion(null);
    const resolve = answer.current;
    answer.current = undefined;
    // Back to the button that asked; callers move focus on when that row goes away.
    if (returnFocus.current?.isConnected) returnFocus.current.focus();
    returnFocus.current = null;
    resolve?.(value);
  };

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby="confirm-message"
        aria-describedby="confirm-hint"
        onCancel={(event) => {
          event.preventDefault();
          close(false);
        }}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-navy/50"
      >
        {question && (
          <div className="p-6">
            <p id="confirm-message" className="text-lg font-semibold text-navy">
              {question.message}
            </p>
            <p id="confirm-hint" className="mt-2 text-sm text-muted">
              {question.hint}
            </p>
            <div className="mt-6 flex justify-end gap-3">
              <button
                type="button"
                onClick={() => close(false)}
                className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-ink hover:bg-slate-50"
              >
                {question.cancel}
              </button>
              <button
                type="button"
                onClick={() => close(true)}
                className="rounded-lg bg-danger px-4 py-2 font-semibold text-white hover:bg-red-800"
              >
                {question.action}
              </button>
            </div>
          </div>
        )}
      </dialog>
      {/* One live region that is always there, so every notice added to it is announced. */}
      <div
        ref={region}
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} dismiss={dismiss} />
        ))}
      </div>
    </FeedbackContext.Provider>
  );
}

/** How long a success notice stays (errors stay until closed). */
const SUCCESS_MS = 6000;

/**
 * One notice. A success goes by itself after SUCCESS_MS, but not while the pointer or the
 * focus is on it: a notice with a link must stay long enough to be used.
 */
function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: (id: number) => void }) {
  const [held, setHeld] = useState(false);
  const dismissLater = toast.kind === "success" && !held;
  const { id } = toast;
  useEffect(() => {
    if (!dismissLater) return;
    const timer = setTimeout(() => dismiss(id), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [dismissLater, dismiss, id]);
  const onDismiss = () => dismiss(id);
  return (
    <div
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      className={`flex items-start justify-between gap-3 rounded-xl px-4 py-3 font-semibold text-white shadow-lg ${
        toast.kind === "error" ? "pointer-events-auto bg-danger" : "bg-success"
      }`}
    >
      <div>
        <p>
          {toast.kind === "error" && <span className="sr-only">Error: </span>}
          {toast.message}
        </p>
        {toast.link && (
          <Link
            to={toast.link.to}
            onClick={onDismiss}
            className="pointer-events-auto mt-1 inline-block text-white underline underline-offset-2 hover:no-underline"
          >
            {toast.link.label}
          </Link>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notice"
        className="pointer-events-auto -mr-1 rounded px-1.5 text-lg leading-none text-white/90 hover:text-white"
      >
        ×
      </button>
    </div>
  );
}
