// The back office's calls about the site identity (Site identity screen, owners only), each
// answer checked with the shared schema (common/schemas/identity.ts).
import {
  identityImageSchema,
  siteIdentitySchema,
  type IdentityImage,
  type SiteIdentity,
} from "../../../common/schemas/identity.ts";
import { api, upload, type UploadProgress } from "../admin-api.ts";

export type { IdentityImage, SiteIdentity };

/** GET /api/identity. */
export async function getIdentity(): Promise<SiteIdentity> {
  return siteIdentitySchema.parse(await api<unknown>("/identity"));
}

/** PUT /api/identity: answers the identity as stored. */
export async function saveIdentity(identity: SiteIdentity): Promise<SiteIdentity> {
  return siteIdentitySchema.parse(
    await api<unknown>("/identity", { method: "PUT", json: identity }),
  );
}

/** Which picture an upload is: the logo (icons are made from it) or the share picture. */
export type IdentityPicture = "logo" | "share-image";

/** POST /api/identity/{logo|share-image}: stores the picture; the identity names it on save. */
export async function uploadIdentityPicture(
  which: IdentityPicture,
  file: File,
  onProgress: (progress: UploadProgress) => void = () => {},
): Promise<IdentityImage> {
  const form = new FormData();
  form.append("image", file);
  return identityImageSchema.parse(await upload<unknown>(`/identity/${which}`, form, onProgress));
}
