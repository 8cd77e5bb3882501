import { siteServicesContext } from "../../common/load-context.ts";
import { derivedDescription } from "../lib/search-descriptions.ts";
import { FaqAccordion } from "../components/contact/faq-accordion.tsx";
import { ParallaxBanner } from "../components/contact/parallax-banner.tsx";
import { EnquiryForm } from "../components/forms/enquiry-form.tsx";
import { socialLinksOf } from "../components/layout/social-links.ts";
import { SectionHeading } from "../components/sections/section-heading.tsx";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "../components/ui/icons.tsx";
import { WhatsAppLink } from "../components/ui/whatsapp-link.tsx";
import { contactPage } from "../copy/contact-copy.ts";
import { useServices } from "../lib/services.ts";
import { usePictureSrc } from "../components/sections/page-picture.tsx";
import type { ContactWords } from "../../common/schemas/content.ts";
import {
  contactFrom,
  postalAddressOf,
  telHref,
  useContactDetails,
} from "../lib/contact-details.tsx";
import { identityFrom, jsonLd, originFrom, seo } from "../lib/seo.ts";
import { withoutIds } from "../lib/shown-content.ts";
import type { Route } from "./+types/contact";
import { islandsPage } from "../islands/switch.ts";
import { mailtoHref } from "../../common/mailto.ts";
import { slotsByDay } from "../../common/booking.ts";

export { siteFormAction as action } from "../lib/site-form-action.ts";

/** An islands page (docs/decisions/0039): no React in the browser. */
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(siteServicesContext);
  const [content, slots] = await Promise.all([services.content.all(), services.bookings.slots()]);
  // The free consultation slots of the next 14 days, for the booking form (decision 0052).
  return {
    faq: withoutIds(content.faq),
    words: content["contact-page"],
    slots: slotsByDay(slots),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const contact = contactFrom(matches);
  const faq = loaderData?.faq ?? [];
  return [
    ...seo({
      title: loaderData?.words.title ?? contactPage.title,
      description: derivedDescription("contact", identityFrom(matches), contact),
      path: "/contact",
      origin: originFrom(matches),
      identity: identityFrom(matches),
      matches,
    }),
    // A FAQPage without questions is not valid structured data.
    ...(faq.length > 0
      ? [
          jsonLd({
            "@context": "https://schema.org",
            "@type": "FAQPage",
            mainEntity: faq.map((item) => ({
              "@type": "Question",
              name: item.question,
              acceptedAnswer: { "@type": "Answer", text: item.answer },
            })),
          }),
        ]
      : []),
  ];
};

interface Detail {
  label: string;
  value: string;
  href?: string;
  Icon: typeof PhoneIcon;
}

/** Phone, e-mail, office and hours: those that are filled in. */
function useDetails(words: ContactWords): Detail[] {
  const contact = useContactDetails();
  const address = postalAddressOf(contact);
  const details: (Detail | false)[] = [
    !!contact.phone && {
      label: words.phoneLabel,
      value: contact.phone,
      href: telHref(contact.phone),
      Icon: PhoneIcon,
    },
    !!contact.email && {
      label: words.emailLabel,
      value: contact.email,
      href: mailtoHref(contact.email),
      Icon: MailIcon,
    },
    !!address && { label: words.officeLabel, value: address, Icon: PinIcon },
    !!contact.officeHours && {
      label: words.hoursLabel,
      value: contact.officeHours,
      Icon: ClockIcon,
    },
  ];
  return details.filter((detail) => detail !== false);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { faq, words, slots } = loaderData;
  const details = useDetails(words);
  const banner = usePictureSrc(words.bannerPicture);
  const socialLinks = socialLinksOf(useContactDetails());
  const services = useServices();
  return (
    <>
      <ParallaxBanner image={banner}>
        <div className="container-page grid items-center gap-10 pt-32 pb-16 md:grid-cols-2 md:pt-40 md:pb-24">
          <div className="text-white">
            <h1 className="text-4xl font-extrabold md:text-5xl">{words.title}</h1>
            {words.intro && <p className="mt-5 max-w-xl text-lg text-brand-100">{words.intro}</p>}
          </div>
          <div className="rounded-3xl bg-white p-6 shadow-2xl md:p-8">
            <EnquiryForm
              kind="quick"
              heading={<h2 className="text-xl font-extrabold text-navy">{words.quickFormTitle}</h2>}
              submitLabel={words.quickFormButton}
              busyLabel="sending..."
              slots={slots}
            />
          </div>
        </div>
      </ParallaxBanner>

      <section aria-labelledby="details-title" className="bg-white py-16 md:py-24">
        <div className="container-page grid gap-12 lg:grid-cols-[1fr_1.5fr]">
          <div>
            <SectionHeading
              id="details-title"
              badge={words.detailsBadge}
              title={words.detailsTitle}
              align="left"
            />
            <ul className="mt-8 space-y-5">
              {details.map(({ label, value, href, Icon }) => (
                <li key={label} className="flex gap-4">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand text-white">
                    <Icon />
                  </span>
                  <div>
                    <p className="text-sm font-semibold text-muted">{label}</p>
                    {href ? (
                      <a
                        href={href}
                        className="font-bold text-brand underline-offset-4 hover:underline"
                      >
                        {value}
                      </a>
                    ) : (
                      <p className="font-bold text-navy">{value}</p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <WhatsAppLink className="mt-6" />
            {socialLinks.length > 0 && (
              <>
                <h3 className="mt-10 text-lg font-bold text-navy">{words.followTitle}</h3>
                <ul className="mt-4 flex flex-wrap gap-3">
                  {socialLinks.map(({ name, href, Icon }) => (
                    <li key={name}>
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 font-semibold text-brand hover:bg-brand hover:text-white"
                      >
                        <Icon width={16} />
                        {name}
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-black/5 md:p-8">
            <h2 className="text-2xl font-extrabold text-navy">{words.longFormTitle}</h2>
            {words.longFormIntro ? (
              <p className="mt-2 mb-6 text-muted">{words.longFormIntro}</p>
            ) : (
              <div className="mb-6" />
            )}
            <EnquiryForm
              kind="long"
              options={services.map((service) => service.name)}
              submitLabel={words.longFormButton}
              busyLabel="submitting..."
              wide
            />
          </div>
        </div>
      </section>

      {faq.length > 0 && (
        <section aria-labelledby="faq-title" className="bg-brand-50 py-16 md:py-24">
          <div className="container-page max-w-3xl">
            <SectionHeading id="faq-title" badge={words.faqBadge} title={words.faqTitle} />
            <div className="mt-10">
              <FaqAccordion faq={faq} />
            </div>
          </div>
        </section>
      )}
    </>
  );
}
