import { reviewMessages, type AdminBlog } from "../../../common/schemas/blog.ts";
import { Forbidden } from "../../errors.ts";
import type { SignedInAdmin } from "../staff/types.ts";

// What an author may do with a post (issue 50, item 4; decision 0051). The routes an author
// may call at all say so (`config: { authors: true }`, server/api-types.ts); these checks
// narrow them to the author's own posts, and their writes to drafts and posts in review.
// Editors and owners pass every check.

type Actor = Pick<SignedInAdmin, "id" | "role">;

/**
 * Refuses (403) an author a post that is not theirs; with "write", also one that is
 * published or scheduled (an author cannot edit, delete or unpublish it).
 */
export function checkAuthorMay(
  actor: Actor,
  post: Pick<AdminBlog, "authorId" | "status">,
  access: "read" | "write",
): void {
  if (actor.role !== "author") return;
  if (post.authorId !== actor.id) throw new Forbidden(reviewMessages.notYours);
  if (access === "write" && post.status !== "draft" && post.status !== "review") {
    throw new Forbidden(reviewMessages.authorNotDraft);
  }
}

/** Refuses (403) an author a save that asks for another status than draft. */
export function checkAuthorStatus(actor: Actor, status: string | undefined): void {
  if (actor.role === "author" && status !== undefined && status !== "draft") {
    throw new Forbidden(reviewMessages.authorCannotPublish);
  }
}
