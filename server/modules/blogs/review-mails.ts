import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { newOutboxRow, type OutboxRow } from "../outbox/repository.ts";
import type { NotificationOutbox } from "../outbox/service.ts";
import { authorLabel } from "./service.ts";

// The mail of a post sent for review (issue 50, item 4; decision 0051): one outbox row per
// editor and owner at the time of the submission, subject "<post>/<admin>/<submitted at>",
// so a post sent again is mailed again and a row is never sent twice. A row whose post is no
// longer waiting (published, sent back, deleted, sent again since) or whose person is gone or
// is no editor or owner any more is dropped ("gone").

export const POST_SUBMITTED = "post_submitted";

/** The roles that publish: they get the mail (an author does not). */
const REVIEWERS = ["owner", "editor"];

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ");

export function createReviewMails(deps: {
  db: Kysely<Database>;
  outbox: Pick<NotificationOutbox, "queue">;
  mailer: Pick<Mailer, "send">;
  /** The agency's name as the identity has it (never the built-in one). */
  agencyName: () => Promise<string>;
  origin: string;
}) {
  const { db } = deps;
  return {
    /** Queues the mail of a post just sent for review to every editor and owner but `by`. */
    async queue(post: { id: string; submittedAt: string; by: string }): Promise<number> {
      const reviewers = await db
        .selectFrom("admins")
        .select("id")
        .where("role", "in", REVIEWERS)
        .where("id", "<>", post.by)
        .execute();
      return deps.outbox.queue(
        reviewers.map(({ id }) =>
          newOutboxRow(`${post.id}/${id}/${post.submittedAt}`, post.submittedAt, POST_SUBMITTED),
        ),
      );
    },

    /** Sender of POST_SUBMITTED rows. */
    async send(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
      const match = /^([^/]+)\/([^/]+)\/(.+)$/.exec(row.subject_id);
      if (!match) return "gone";
      const [, postId, adminId, submittedAt] = match;
      const [post, reviewer] = await Promise.all([
        db
          .selectFrom("blogs")
          .leftJoin("admins", "admins.id", "blogs.submitted_by")
          .select([
            "blogs.id",
            "blogs.title",
            "blogs.status",
            "blogs.submitted_at",
            "admins.name",
            "admins.email",
          ])
          .where("blogs.id", "=", postId!)
          .executeTakeFirst(),
        db
          .selectFrom("admins")
          .select(["email", "role"])
          .where("id", "=", adminId!)
          .executeTakeFirst(),
      ]);
      if (!post || post.status !== "review" || post.submitted_at !== submittedAt) return "gone";
      if (!reviewer || !REVIEWERS.includes(reviewer.role)) return "gone";
      const agency = await deps.agencyName();
      const author = authorLabel(post.name, post.email) ?? "Someone";
      await deps.mailer.send(
        {
          to: reviewer.email,
          subject: oneLine(`${agency}: a post waits for review: ${post.title}`),
          text: [
            `${author} sent the post "${post.title}" for review.`,
            `Read it, then publish it or send it back to draft with a note: ${deps.origin}/admin/edit/${post.id}`,
            `Every post waiting for review: ${deps.origin}/admin/posts?status=review`,
          ].join("\n\n"),
        },
        { signal },
      );
      return "sent";
    },
  };
}
export type ReviewMails = ReturnType<typeof createReviewMails>;
