import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { adminButton, adminButtonSecondary } from "./ui.tsx";

/**
 * A small modal form of the post editor (a link's address, a picture's alt text): a native
 * <dialog> opened with showModal, so focus stays inside and Escape cancels. Focus goes to
 * the first field, and back to where it was when the dialog closes. It is rendered in
 * <body> (a portal), so its form is not inside the editor's form.
 */
export function EditorDialog({
  title,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    element?.querySelector<HTMLElement>("input, textarea")?.focus();
    return () => {
      if (element?.open) element.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The editor's own form must not be submitted by this one.
    event.stopPropagation();
    onSubmit();
  };
  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-navy/50"
    >
      <form onSubmit={submit} className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold text-navy">
          {title}
        </h2>
        {children}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onCancel} className={adminButtonSecondary}>
            Cancel
          </button>
          <button type="submit" className={adminButton}>
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
