import { contactWordFields, wordDefaults } from "../../common/content/page-words.ts";

/**
 * The Contact page's words as a site starts with them. Staff change them in Site content,
 * "Contact Us page" (the `contact-page` setting); common/content/page-words.ts owns them.
 */
export const contactPage = wordDefaults(contactWordFields);
