import { deferredForm } from "./deferred-forms.tsx";
import type { EnquiryFormProps } from "./enquiry-form-enhanced.tsx";

export type { EnquiryFormProps };

/**
 * Every enquiry form of the public site (home, floating, service, package and contact forms).
 * The server renders it in full; its submit handling (enquiry-form-enhanced.tsx) is loaded
 * when the form is about to be used (deferred-forms.tsx). Its `id` is its intent.
 */
export const EnquiryForm = deferredForm<EnquiryFormProps>(
  (forms) => forms.EnquiryForm,
  (props) => props.intent ?? props.kind,
);
