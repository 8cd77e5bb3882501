import { telHref, useContactDetails } from "../../lib/contact-details.tsx";
import { EnquiryForm } from "../forms/enquiry-form.tsx";
import { SectionHeading } from "../sections/section-heading.tsx";
import { CheckIcon, MailIcon, PhoneIcon } from "../ui/icons.tsx";
import { WhatsAppLink } from "../ui/whatsapp-link.tsx";
import { mailtoHref } from "../../../common/mailto.ts";

import type { Service } from "../../../common/schemas/content.ts";

/**
 * The service enquiry at the foot of every service page: the form (serviceType = the
 * service's name, options = its blocks) beside what happens next and how to call instead.
 */
export function ServiceEnquiry({
  serviceName,
  words,
  options,
  tone,
}: {
  serviceName: string;
  /** The section's words (the service's item of the services list). */
  words: Pick<
    Service,
    "enquiryBadge" | "enquiryTitle" | "enquiryIntro" | "promises" | "talkHeading"
  >;
  options: readonly string[];
  /** The background, so that it differs from the section above. */
  tone: "white" | "tinted";
}) {
  const contact = useContactDetails();
  return (
    <section
      id="enquiry"
      aria-labelledby="enquiry-title"
      className={`scroll-mt-20 py-16 md:py-24 ${tone === "white" ? "bg-white" : "bg-brand-50"}`}
    >
      <div className="container-page grid gap-10 lg:grid-cols-[1fr_1.5fr] lg:items-start lg:gap-16">
        <div>
          <SectionHeading
            id="enquiry-title"
            badge={words.enquiryBadge}
            title={words.enquiryTitle}
            intro={words.enquiryIntro}
            align="left"
          />
          {words.promises.length > 0 && (
            <ul className="mt-8 space-y-3">
              {words.promises.map((promise, index) => (
                <li key={index} className="flex gap-3 text-ink">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand text-white">
                    <CheckIcon width={14} />
                  </span>
                  {promise}
                </li>
              ))}
            </ul>
          )}
          {(contact.phone || contact.email) && (
            <>
              <p className="mt-8 font-bold text-navy">{words.talkHeading}</p>
              <ul className="mt-3 space-y-2">
                {contact.phone && (
                  <li>
                    <a
                      href={telHref(contact.phone)}
                      className="inline-flex items-center gap-2 font-semibold text-brand hover:underline"
                    >
                      <PhoneIcon width={18} />
                      {contact.phone}
                    </a>
                  </li>
                )}
                {contact.email && (
                  <li>
                    <a
                      href={mailtoHref(contact.email)}
                      className="inline-flex items-center gap-2 font-semibold [overflow-wrap:anywhere] text-brand hover:underline"
                    >
                      <MailIcon width={18} className="shrink-0" />
                      {contact.email}
                    </a>
                  </li>
                )}
              </ul>
            </>
          )}
          <WhatsAppLink
            topic={serviceName}
            subject={`your ${serviceName} service`}
            className="mt-5"
          />
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-black/5 md:p-8">
          <EnquiryForm
            kind="service"
            intent="service-form"
            serviceName={serviceName}
            options={options}
            submitLabel="Submit"
            busyLabel="submitting..."
            wide
          />
        </div>
      </div>
    </section>
  );
}
