import { useActionData } from "react-router";
import { isFormResult, type FormResult } from "../../lib/form-result.ts";

/** The result of this form's no-JavaScript post, if the page was rendered after one. */
export function useFormResult(intent: string): FormResult | undefined {
  const result = useActionData();
  return isFormResult(result) && result.intent === intent ? result : undefined;
}
