import { useCallback, useState } from "react";
import { problemText } from "../../lib/admin-api.ts";
import { useFeedback } from "./feedback.tsx";

export interface DeleteActionOptions<T> {
  /** The question of the confirmation dialog. */
  question: string | ((item: T) => string);
  /** The dialog's confirm button ("Delete" unless said). */
  action?: string;
  /** Calls the API; throws when it failed. */
  remove: (item: T) => Promise<void>;
  /** After the API said yes: drop the item from the list, move focus, navigate… */
  onRemoved?: (item: T) => void;
  /** The notice shown when it worked. */
  removed: string;
  /** The notice shown when it failed; by default the server's reason, else `fallback`. */
  failed: string | ((problem: unknown) => string);
}

/**
 * The back office's one way to delete something: ask, call the API, then update the screen
 * and say so, or say why not. `pending` holds the item being deleted (its button can wait).
 */
export function useDeleteAction<T>(options: DeleteActionOptions<T>) {
  const { confirm, notify } = useFeedback();
  const [pending, setPending] = useState<T | undefined>(undefined);
  const { question, action, remove, onRemoved, removed, failed } = options;

  const run = useCallback(
    async (item: T): Promise<boolean> => {
      const text = typeof question === "function" ? question(item) : question;
      if (!(await confirm(text, action))) return false;
      setPending(() => item);
      try {
        await remove(item);
      } catch (problem) {
        notify(
          typeof failed === "function" ? failed(problem) : problemText(problem, failed),
          "error",
        );
        return false;
      } finally {
        setPending(undefined);
      }
      onRemoved?.(item);
      notify(removed);
      return true;
    },
    [question, action, remove, onRemoved, removed, failed, confirm, notify],
  );
  return { run, pending };
}
