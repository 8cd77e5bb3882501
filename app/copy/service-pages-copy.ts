// The seven service pages' paths and names are shared with the back office (a service block
// names its page): common/service-pages.ts owns them.
export { servicePages, type ServiceSlug } from "../../common/service-pages.ts";
