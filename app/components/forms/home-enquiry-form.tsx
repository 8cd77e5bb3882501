import { EnquiryForm } from "./enquiry-form.tsx";

/** The home page's enquiry form (name, email, phone, message; serviceType 'Inquiry form response'). */
export function HomeEnquiryForm() {
  return (
    <EnquiryForm kind="home" submitLabel="Send Message" busyLabel="Submitting response" wide />
  );
}
