// The public forms with their submit handling: one chunk, loaded when a form is about to be
// used (deferred-forms.tsx, docs/decisions/0016).
export { EnquiryForm } from "./enquiry-form-enhanced.tsx";
export { SignupForm } from "./signup-form-enhanced.tsx";
