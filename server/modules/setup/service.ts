import type { Kysely } from "kysely";
import { defaultLists } from "../../../common/content/defaults.ts";
import { samplePosts } from "../../../common/content/sample-posts.ts";
import type { SiteIdentity } from "../../../common/identity.ts";
import {
  siteSetupSchema,
  type SamplesRemoved,
  type SetupSettings,
} from "../../../common/schemas/setup.ts";
import { site } from "../../../common/site-config.ts";
import type { Database } from "../../db/schema.ts";
import { Conflict, Invalid } from "../../errors.ts";

// Setting the site up at first sign-in (issue 47, decision 0042): the dashboard's set-up card
// names the agency, the first owner and their real e-mail, and keeps or removes the sample
// content. The state is the `setup` setting (Site content), so the home page reads whether
// to show the built-in sample videos from the content it reads anyway.

/** The address the first start gives the first owner (server/bootstrap.ts). */
export const generatedAdminEmail = `admin@${site.email.split("@")[1] ?? "localhost"}`;

/** The list types whose built-in items are sample content (removed when they are unchanged). */
const SAMPLE_LISTS = ["gallery", "brands", "testimonials", "team"] as const;

interface SetupDeps {
  db: Kysely<Database>;
  content: {
    getSingle(type: "setup"): Promise<SetupSettings>;
    setSingle(type: "setup", input: unknown): Promise<SetupSettings>;
    list(type: (typeof SAMPLE_LISTS)[number]): Promise<Array<{ _id: string } & object>>;
    remove(type: (typeof SAMPLE_LISTS)[number], id: string): Promise<void>;
  };
  identity: {
    get(): Promise<SiteIdentity>;
    save(input: unknown): Promise<{ before: SiteIdentity; after: SiteIdentity }>;
  };
  blogs: { remove(id: string): Promise<void> };
}

/** The JSON of an item without its id, for comparing it with a built-in one. */
const withoutId = ({ _id: _, ...rest }: { _id: string } & object) => JSON.stringify(rest);

export function createSetupService(deps: SetupDeps) {
  const { db, content } = deps;

  const service = {
    /** Whether the dashboard shows the set-up card. */
    async state(): Promise<{ shown: boolean }> {
      return { shown: !(await content.getSingle("setup")).done };
    },

    /**
     * Removes the sample content: the sample posts (by their built-in titles), the built-in
     * gallery pictures, brands, testimonials and team members that are as they were seeded
     * (an item staff changed stays), and the portfolio's built-in videos.
     */
    async removeSamples(): Promise<SamplesRemoved> {
      const titles = samplePosts.map((post) => post.title);
      const posts = await db
        .selectFrom("blogs")
        .select("id")
        .where("title", "in", titles)
        .execute();
      for (const post of posts) await deps.blogs.remove(post.id);
      let items = 0;
      for (const type of SAMPLE_LISTS) {
        const builtIn = new Set(defaultLists[type].map((item) => JSON.stringify(item)));
        for (const item of await content.list(type)) {
          if (!builtIn.has(withoutId(item))) continue;
          await content.remove(type, item._id);
          items += 1;
        }
      }
      const setup = await content.getSingle("setup");
      await content.setSingle("setup", { ...setup, sampleVideos: false });
      return { posts: posts.length, items };
    },

    /**
     * The set-up card's answer: the agency's name, the owner's name and e-mail (the generated
     * address is replaced at once; any other e-mail changes on My account, by its link), and
     * the sample content kept or removed. The card does not show again.
     */
    async complete(
      admin: { id: string; email: string },
      input: unknown,
    ): Promise<{ email: string; removed: SamplesRemoved | null; identity: SiteIdentity }> {
      const answer = siteSetupSchema.parse(input);
      const email = answer.email.toLowerCase();
      if (email !== admin.email.toLowerCase()) {
        if (admin.email.toLowerCase() !== generatedAdminEmail) {
          throw new Invalid("Change your e-mail on My account: a link confirms the new one.");
        }
        const taken = await db
          .selectFrom("admins")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirst();
        if (taken) throw new Conflict(`There is already an account for ${email}.`);
      }
      const { after } = await deps.identity.save({
        ...(await deps.identity.get()),
        name: answer.agencyName,
      });
      await db
        .updateTable("admins")
        .set({ name: answer.name, email, updated_at: new Date().toISOString() })
        .where("id", "=", admin.id)
        .execute();
      const removed = answer.keepSamples ? null : await service.removeSamples();
      const setup = await content.getSingle("setup");
      await content.setSingle("setup", { ...setup, done: true });
      return { email, removed, identity: after };
    },
  };
  return service;
}
export type SetupService = ReturnType<typeof createSetupService>;
