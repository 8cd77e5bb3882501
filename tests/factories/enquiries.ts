/** The three payload shapes of spec §7 and the long contact form of the rulings. */
export const enquiryPayloads = {
  home: {
    name: "Ada Obi",
    email: "ada@example.com",
    phoneNumber: "803 123 4567",
    textarea: "We need help with our Instagram page.",
    serviceType: "Inquiry form response",
  },
  service: {
    companyName: "Obi Foods Ltd",
    name: "Chidi Obi",
    email: "chidi@obifoods.ng",
    phoneNumber: "08031234567",
    options: ["Social Media Advertising", "Paid Promotions"],
    serviceType: "Social Media Marketing",
  },
  package: {
    companyName: "Lagos Lux",
    name: "Funke Ade",
    email: "funke@lagoslux.com",
    phoneNumber: "+2348031234567",
    options: ["3 Months Contract"],
    serviceType: "GROW ME",
    package: "GROW ME",
    instagram: "@lagoslux",
    website: "https://lagoslux.com",
  },
  quick: {
    name: "Emeka Eze",
    email: "emeka@example.com",
    phone: "8091112222",
    date: "2026-12-01",
    message: "Can we meet next week?",
    serviceType: "contact",
  },
  long: {
    companyName: "Eze & Sons",
    name: "Ngozi Eze",
    email: "ngozi@ezesons.ng",
    phoneNumber: "7012345678",
    options: ["Branding and Graphic Designs", "Page Revamp"],
    message: "A full rebrand, please.",
    serviceType: "Contact Form",
  },
};

/** The home page's enquiry form, as a browser without JavaScript posts it (urlencoded). */
export const homeEnquiryForm = () =>
  new URLSearchParams({
    intent: "home",
    kind: "home",
    name: "Ada Obi",
    email: "ada@example.com",
    phoneNumber: "8031234567",
    textarea: "Hello",
  }).toString();
