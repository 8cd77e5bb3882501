import { z } from "zod";
import { sitePath } from "../site-path.ts";
import { tooLong } from "./common.ts";

// The site's menus as staff edit them (issue 47 item 4, decision 0047): the header's bar and
// its dropdowns, the drawer, the footer's columns and bottom line, and the 404 page's lists.
// Stored as the one-record setting `navigation` (common/schemas/content.ts); its defaults
// (today's menus, spec §2) and the resolver the pages use are common/content/navigation.ts.

export const MAX_NAV_LABEL = 60;
export const MAX_NAV_PATH = 300;
/** The most entries of one menu, of one dropdown and of the footer's columns. */
export const MAX_MENU_ENTRIES = 16;
export const MAX_FOOTER_COLUMNS = 3;
export const MAX_FOOTER_BOTTOM = 6;

const label = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(MAX_NAV_LABEL, tooLong(name, MAX_NAV_LABEL));

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_PATH_CHARS = /[\s\u0000-\u001f\u007f\\]/;

export const navPathMessage =
  "The link must be a page of this site: an address starting with a single /, such as /about.";

/**
 * A page of this site: "/…", never "//host", "/\host", a scheme (javascript:, https:) or
 * spaces; stored as a browser reads it (dot segments resolved).
 */
export const navPathSchema = z
  .string({ error: "The link is required." })
  .trim()
  .min(1, "The link is required.")
  .max(MAX_NAV_PATH, tooLong("The link", MAX_NAV_PATH))
  .refine(
    (value) => !UNSAFE_PATH_CHARS.test(value) && sitePath(value) !== undefined,
    navPathMessage,
  )
  .transform((value) => sitePath(value) ?? value);

/**
 * `highlight` says what the menu makes of an entry: in the bar a button (Contact Us), in a
 * dropdown its overview in bold (All services), in the drawer an entry indented under the one
 * before (Our Team); the footer and the 404 page ignore it.
 */
const highlight = z.boolean({ error: "Highlight must be true or false." }).default(false);

/** A link to a page of this site. */
export const navLinkSchema = z.object({
  kind: z.literal("link"),
  label: label("The label"),
  to: navPathSchema,
  highlight,
});

/** Which of a service's names the "all services" entry shows. */
export const SERVICE_LABELS = ["name", "footerLabel"] as const;

/** Every service, in the services' order, one entry each: follows the list of services. */
export const navServicesSchema = z.object({
  kind: z.literal("services"),
  labels: z.enum(SERVICE_LABELS, { error: "Choose which name of the services is shown." }),
  highlight,
});

export const navItemSchema = z.discriminatedUnion("kind", [navLinkSchema, navServicesSchema], {
  error: "An entry is a link or the list of services.",
});

const entries = <T extends z.ZodType>(what: string, item: T, max = MAX_MENU_ENTRIES) =>
  z
    .array(item, { error: `${what} must be a list of entries.` })
    .max(max, `${what}: at most ${max} entries.`);

/** A dropdown of the bar: its button's name, an optional link beside it, and its entries. */
export const navMenuSchema = z.object({
  kind: z.literal("menu"),
  label: label("The menu's name"),
  link: z
    .object({ label: label("The link's label"), to: navPathSchema }, { error: "Link the menu." })
    .nullable()
    .default(null),
  items: entries("The menu", navItemSchema).min(1, "A menu needs at least one entry."),
});

export const barEntrySchema = z.discriminatedUnion("kind", [navLinkSchema, navMenuSchema], {
  error: "An entry of the bar is a link or a menu.",
});

export const footerColumnSchema = z.object({
  heading: label("The column's heading"),
  links: entries("The column", navItemSchema),
});

export const navigationSchema = z.object({
  bar: entries("The bar", barEntrySchema),
  drawer: entries("The drawer", navItemSchema),
  footerColumns: z
    .array(footerColumnSchema, { error: "The footer's columns must be a list." })
    .max(MAX_FOOTER_COLUMNS, `The footer: at most ${MAX_FOOTER_COLUMNS} columns of links.`),
  footerBottom: entries("The footer's bottom line", navItemSchema, MAX_FOOTER_BOTTOM),
  notFoundPopular: entries("The 404 page's popular pages", navItemSchema),
  notFoundServices: entries("The 404 page's services", navItemSchema),
});

export type NavLink = z.infer<typeof navLinkSchema>;
export type NavItem = z.infer<typeof navItemSchema>;
export type NavMenu = z.infer<typeof navMenuSchema>;
export type BarEntry = z.infer<typeof barEntrySchema>;
export type FooterColumn = z.infer<typeof footerColumnSchema>;
export type Navigation = z.infer<typeof navigationSchema>;
export type MenuName = keyof Navigation;
