// The back office's calls about setting the site up (issue 47): the dashboard's set-up card
// and "Remove sample content", each answer checked with the shared schema.
import {
  samplesRemovedSchema,
  setupStateSchema,
  type SamplesRemoved,
  type SetupState,
  type SiteSetupInput,
} from "../../../common/schemas/setup.ts";
import { api } from "../admin-api.ts";

/** GET /api/setup: whether the dashboard shows the set-up card. */
export async function getSetup(): Promise<SetupState> {
  return setupStateSchema.parse(await api<unknown>("/setup"));
}

/** POST /api/setup: the card's answer; answers the e-mail the account now signs in with. */
export async function completeSetup(input: SiteSetupInput): Promise<{ email: string }> {
  return api<{ email: string }>("/setup", { method: "POST", json: input });
}

/** POST /api/setup/remove-samples: what was removed. */
export async function removeSamples(): Promise<SamplesRemoved> {
  return samplesRemovedSchema.parse(
    await api<unknown>("/setup/remove-samples", { method: "POST" }),
  );
}

/** What the identity screen says once the samples are gone. */
export const samplesRemovedText = (removed: SamplesRemoved) =>
  `Sample content removed: ${removed.posts} post${removed.posts === 1 ? "" : "s"} and ${removed.items} item${removed.items === 1 ? "" : "s"}. The home page shows no sample videos.`;
