import { defaultIdentity } from "../../../common/identity.ts";
import { z } from "zod";
import { naira } from "../../../common/format.ts";
import { amountOf, type PricedItem } from "../../../common/content/pricing.ts";
import {
  listContentTypes,
  singleContentTypes,
  type ContentField,
  type ContentImage,
  type ListContentTypeName,
  type ListItemOf,
  type SingleContentTypeName,
  type SingleOf,
  type SiteContent,
} from "../../../common/schemas/content.ts";
import { api, upload, type UploadProgress } from "../admin-api.ts";

// The back office's site content (issue 12): every call to /api/content, /api/settings and
// /api/content-images, each answer parsed with the type's shared schema so the screens get
// typed items and never cast. Below the calls: the pure parts of the generic editor (naira
// text, one-per-line lists, form values ⇄ the item the API takes, zod issues ⇄ fields).

// --- The types ---------------------------------------------------------------------------

export type ContentItem<T extends ListContentTypeName = ListContentTypeName> = ListItemOf<T>;

/** The content types by their URL segment, or undefined for a segment that names none. */
export function listTypeOf(segment: string | undefined): ListContentTypeName | undefined {
  return segment !== undefined && Object.hasOwn(listContentTypes, segment)
    ? (segment as ListContentTypeName)
    : undefined;
}

export function singleTypeOf(segment: string | undefined): SingleContentTypeName | undefined {
  return segment !== undefined && Object.hasOwn(singleContentTypes, segment)
    ? (segment as SingleContentTypeName)
    : undefined;
}

/** What the list calls an item: its name, question, alt text… */
export function titleOf<T extends ListContentTypeName>(type: T, item: ContentItem<T>): string {
  const titleOfType = listContentTypes[type].titleOf as unknown as (item: ContentItem<T>) => string;
  return titleOfType(item);
}

/** The "select" field that groups a type's list (a service block's page), if it has one. */
export function groupFieldOf(
  type: ListContentTypeName,
  fields: readonly ContentField[] = listContentTypes[type].fields,
): ContentField | undefined {
  const info = listContentTypes[type];
  if (!("groupBy" in info)) return undefined;
  return fields.find((field) => field.name === info.groupBy && field.input === "select");
}

/** The value of an item's group field ("" when it has none). */
export function groupOf(item: object, field: ContentField): string {
  const value = (item as Record<string, unknown>)[field.name];
  return typeof value === "string" ? value : "";
}

/**
 * The items in their groups' order (the choices' order), each group in the list's own order;
 * a type without groups keeps its order.
 */
export function groupedInOrder<T extends object>(items: readonly T[], field?: ContentField): T[] {
  if (!field) return [...items];
  const rank = new Map((field.choices ?? []).map((choice, index) => [choice.value, index]));
  const rankOf = (item: T) => rank.get(groupOf(item, field)) ?? rank.size;
  // Array.prototype.sort is stable: within a group the list's order stays.
  return [...items].sort((a, b) => rankOf(a) - rankOf(b));
}

/**
 * The public address that shows an item (or a group's items, from a partial item with only
 * its group field), or the type's section when it depends on nothing.
 */
export function previewOf(type: ListContentTypeName, item?: object): string {
  const info = listContentTypes[type];
  if (item && "previewOf" in info) {
    return (info.previewOf as (item: object) => string)(item);
  }
  return info.preview;
}

/** The image field of a type (the list shows it as a thumbnail), if it has one. */
export function imageFieldOf(fields: readonly ContentField[]): string | undefined {
  return fields.find((field) => field.input === "image")?.name;
}

/** Whether the type's items carry a price (a fixed amount or a price key). */
export function isPriced(fields: readonly ContentField[]): boolean {
  return fields.some((field) => field.input === "price-key");
}

/** The picture an item shows in `field` (the list's thumbnail). */
export function imageOf(item: object, field: string | undefined): ContentImage | undefined {
  const value = field === undefined ? undefined : (item as Record<string, unknown>)[field];
  return isImage(value) ? value : undefined;
}

/** The price fields of an item of a priced type. */
export function pricedOf(item: object): PricedItem | undefined {
  const { priceKey, amount, upTo } = item as Record<string, unknown>;
  if (typeof priceKey !== "string") return undefined;
  const amountOrNull = (value: unknown) => (typeof value === "number" ? value : null);
  return { priceKey, amount: amountOrNull(amount), upTo: amountOrNull(upTo) };
}

/** "Offer" from "offer": the start of a sentence. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// --- The parsers -------------------------------------------------------------------------

const withId = z.object({ _id: z.string().min(1) });

function itemSchema(type: ListContentTypeName) {
  return (listContentTypes[type].schema as z.ZodType).and(withId);
}

function parseItem<T extends ListContentTypeName>(type: T, body: unknown): ContentItem<T> {
  return itemSchema(type).parse(body) as ContentItem<T>;
}

function parseList<T extends ListContentTypeName>(type: T, body: unknown): ContentItem<T>[] {
  return z.array(itemSchema(type)).parse(body) as ContentItem<T>[];
}

function parseSingle<T extends SingleContentTypeName>(type: T, body: unknown): SingleOf<T> {
  return (singleContentTypes[type].schema as z.ZodType).parse(body) as SingleOf<T>;
}

const siteContentSchema = z.object({
  ...Object.fromEntries(
    (Object.keys(listContentTypes) as ListContentTypeName[]).map((type) => [
      type,
      z.array(itemSchema(type)),
    ]),
  ),
  ...Object.fromEntries(
    (Object.keys(singleContentTypes) as SingleContentTypeName[]).map((type) => [
      type,
      singleContentTypes[type].schema as z.ZodType,
    ]),
  ),
});

const successSchema = z.object({ success: z.literal(true) });

export const uploadedImageSchema = z.object({
  src: z.string().min(1),
  width: z.number(),
  height: z.number(),
  variants: z.array(z.object({ width: z.number(), url: z.string() })).default([]),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

// --- The calls ---------------------------------------------------------------------------

/** Everything the pages show: every list and both settings. */
export async function getAllContent(): Promise<SiteContent> {
  return siteContentSchema.parse(await api<unknown>("/content")) as SiteContent;
}

/** The items of a list type, in their order on the site. */
export async function listContent<T extends ListContentTypeName>(
  type: T,
): Promise<ContentItem<T>[]> {
  return parseList(type, await api<unknown>(`/content/${type}`));
}

export async function getContent<T extends ListContentTypeName>(
  type: T,
  id: string,
): Promise<ContentItem<T>> {
  return parseItem(type, await api<unknown>(`/content/${type}/${encodeURIComponent(id)}`));
}

/** Adds an item at the end of its list; `data` is checked by the server with the schema. */
export async function createContent<T extends ListContentTypeName>(
  type: T,
  data: unknown,
): Promise<ContentItem<T>> {
  return parseItem(type, await api<unknown>(`/content/${type}`, { method: "POST", json: data }));
}

export async function updateContent<T extends ListContentTypeName>(
  type: T,
  id: string,
  data: unknown,
): Promise<ContentItem<T>> {
  return parseItem(
    type,
    await api<unknown>(`/content/${type}/${encodeURIComponent(id)}`, { method: "PUT", json: data }),
  );
}

export async function deleteContent(type: ListContentTypeName, id: string): Promise<void> {
  successSchema.parse(
    await api<unknown>(`/content/${type}/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

/** Puts a list in the order of `ids` (every item once); answers the list as stored. */
export async function reorderContent<T extends ListContentTypeName>(
  type: T,
  ids: readonly string[],
): Promise<ContentItem<T>[]> {
  return parseList(
    type,
    await api<unknown>(`/content/${type}/order`, { method: "PUT", json: { ids } }),
  );
}

export async function getSetting<T extends SingleContentTypeName>(type: T): Promise<SingleOf<T>> {
  return parseSingle(type, await api<unknown>(`/settings/${type}`));
}

export async function saveSetting<T extends SingleContentTypeName>(
  type: T,
  data: unknown,
): Promise<SingleOf<T>> {
  return parseSingle(type, await api<unknown>(`/settings/${type}`, { method: "PUT", json: data }));
}

/** Uploads a picture for an item (saved later with its alt text); cancel with `signal`. */
export async function uploadContentImage(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  const form = new FormData();
  form.set("image", file);
  return uploadedImageSchema.parse(
    await upload<unknown>("/content-images", form, onProgress, signal),
  );
}

// --- Naira text --------------------------------------------------------------------------

/**
 * The amount typed into a naira field: "30000", "30,000", "N30,000" and "₦30,000" are all
 * 30000; blank is null (no amount); anything else is undefined (not an amount).
 */
export function parseNairaInput(text: string): number | null | undefined {
  const bare = text
    .trim()
    .replace(/^(?:NGN|N|₦)\s*/i, "")
    .replace(/[,\s]/g, "");
  if (bare === "") return text.trim() === "" ? null : undefined;
  if (!/^\d+(?:\.\d+)?$/.test(bare)) return undefined;
  return Number(bare);
}

/** What a naira field shows for a stored amount: "N30,000", or blank for none. */
export function formatNairaInput(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? "" : naira(amount);
}

/** A price as the list shows it: "N30,000", "N100,000-N300,000" or "video-voice price: N10,000". */
export function priceText(item: PricedItem, prices: Readonly<Record<string, number>>): string {
  const { amount, upTo } = amountOf(item, prices);
  const shown = amount === undefined ? "not set" : naira(amount);
  if (item.priceKey) return `${item.priceKey} price: ${shown}`;
  return upTo !== null ? `${shown}-${naira(upTo)}` : shown;
}

// --- One per line ------------------------------------------------------------------------

/** The lines of a textarea as a list: trimmed, blank lines left out. */
export function textToLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function linesToText(lines: readonly string[]): string {
  return lines.join("\n");
}

// --- Form values ⇄ items -----------------------------------------------------------------

/** A field's value while it is edited: text for every text-like and naira field. */
export type FormValue = string | boolean | ContentImage;
export type FormValues = Record<string, FormValue>;

const noImage = (): ContentImage => ({ src: "", alt: "", variants: [] });

function isImage(value: unknown): value is ContentImage {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { src?: unknown }).src === "string"
  );
}

/** The editor's values for an item (or blank ones for a new item). */
export function toFormValues(fields: readonly ContentField[], item?: object): FormValues {
  const source = (item ?? {}) as Record<string, unknown>;
  const values: FormValues = {};
  for (const field of fields) {
    const value = source[field.name];
    switch (field.input) {
      case "checkbox":
        values[field.name] = value === true;
        break;
      case "lines":
        values[field.name] = Array.isArray(value) ? linesToText(value.map(String)) : "";
        break;
      case "naira":
        values[field.name] = typeof value === "number" ? formatNairaInput(value) : "";
        break;
      case "image":
        values[field.name] = isImage(value)
          ? { src: value.src, alt: value.alt ?? "", variants: value.variants ?? [] }
          : noImage();
        break;
      case "colour":
        values[field.name] = typeof value === "string" ? value : defaultIdentity.primaryColour;
        break;
      default:
        values[field.name] = typeof value === "string" ? value : "";
    }
  }
  return values;
}

/**
 * The item the API takes from the editor's values. A naira text that is not an amount goes
 * as typed, so the schema's own message ("… must be an amount in naira.") names it.
 */
export function fromFormValues(
  fields: readonly ContentField[],
  values: FormValues,
): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    switch (field.input) {
      case "checkbox":
        item[field.name] = value === true;
        break;
      case "lines":
        item[field.name] = textToLines(typeof value === "string" ? value : "");
        break;
      case "naira": {
        const text = typeof value === "string" ? value : "";
        const amount = parseNairaInput(text);
        item[field.name] = amount === undefined ? text : amount;
        break;
      }
      case "image": {
        const image = isImage(value) ? value : noImage();
        // An optional picture left without a file and alt text is no picture.
        const none = image.src === "" && image.alt.trim() === "";
        item[field.name] = field.optional && none ? null : image;
        break;
      }
      default:
        item[field.name] = typeof value === "string" ? value : "";
    }
  }
  return item;
}

/** The key of a field's message: its name, or "<name>.alt" for an image's alt text. */
export const altKey = (name: string) => `${name}.alt`;

/**
 * The schema's messages by field (the first one of each), in the order of `fields`;
 * a message about no field is under "" (the form shows it above Save).
 */
export function fieldErrors(
  fields: readonly ContentField[],
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const byKey: Record<string, string> = {};
  for (const issue of issues) {
    const [name, part] = issue.path;
    const field = fields.find((candidate) => candidate.name === name);
    let key = "";
    if (field) key = field.input === "image" && part === "alt" ? altKey(field.name) : field.name;
    byKey[key] ??= issue.message;
  }
  const ordered: Record<string, string> = {};
  for (const key of [...fields.flatMap((field) => [field.name, altKey(field.name)]), ""]) {
    const message = byKey[key];
    if (message) ordered[key] = message;
  }
  return ordered;
}
