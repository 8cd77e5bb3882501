import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import { DEFAULT_RATE_PER_MINUTE, unsubscribePath } from "../../../common/newsletter.ts";
import type {
  NewsletterMessage,
  NewsletterSend,
  NewsletterSettings,
} from "../../../common/schemas/newsletter.ts";
import type { AdminBlog } from "../../../common/schemas/blog.ts";
import { postPath } from "../../../app/lib/feeds.ts";
import type { Database, NewsletterSendsTable } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { BlogService } from "../blogs/service.ts";
import type { ContentService } from "../content/service.ts";
import type { IdentityService } from "../identity/service.ts";
import { ISSUE, type DeliveryRenderer } from "./delivery.ts";
import {
  issueMail,
  prepareIssue,
  type IssueBrand,
  type IssueContent,
  type PreparedIssue,
} from "./issue-mail.ts";
import { linkToken } from "./links.ts";

// Newsletter sends (issue 32, decision 0036): a post or a message of its own, to every
// confirmed subscriber of the moment. The send and its deliveries (one row per recipient,
// the outbox the worker mails from) are written in one transaction, so a send is either
// wholly queued or not at all; the counts are read from the deliveries, the one record of
// what went.
//
// Counting: `total` is the recipients still meant to get the mail. A delivery whose
// recipient left before their turn (unsubscribed, bounced, erased) or whose post was
// deleted or unpublished is removed and `total` lowered in the same transaction (worker.ts),
// so total = sent + failed + waiting at every moment.

const SETTINGS_ID = "newsletter";
/** A send's rendered mail is reused for this long: one render per send, not per mail. */
const PREPARED_TTL_MS = 10_000;
/** "Sending needs mail": the answer when SMTP_URL is not set. */
export const NEEDS_MAIL = "Sending needs mail: set SMTP_URL, then send again.";

type SendRow = Selectable<NewsletterSendsTable>;

/** Whether the post is on the site at `now` (published, or scheduled and due). */
const isPublic = (post: Pick<AdminBlog, "status" | "publishedAt">, now: string) =>
  post.status === "published" ||
  (post.status === "scheduled" && post.publishedAt !== null && post.publishedAt <= now);

export function createNewsletterSends(deps: {
  db: Kysely<Database>;
  blogs: Pick<BlogService, "adminGet">;
  identity: Pick<IdentityService, "get">;
  content: Pick<ContentService, "all">;
  /** Single mails (the test send). */
  mailer: Mailer;
  origin: string;
  /** Signs the unsubscribe links (config.tokenSecret). */
  secret: string;
  /** Wakes the worker after a send was queued. */
  nudge: () => void;
  clock?: () => number;
}) {
  const { db, mailer, origin } = deps;
  const clock = deps.clock ?? Date.now;
  const nowIso = () => new Date(clock()).toISOString();
  // Asked each time: a mail server saved on the Mail screen applies at once.
  const canSend = () => mailer.status.configured;
  const unsubscribeUrl = (subscriberId: string) =>
    `${origin}${unsubscribePath(linkToken(deps.secret, "unsubscribe", subscriberId))}`;

  async function brand(): Promise<IssueBrand> {
    const [identity, { contact }] = await Promise.all([deps.identity.get(), deps.content.all()]);
    return {
      origin,
      name: identity.name,
      primaryColour: identity.primaryColour,
      accentColour: identity.accentColour,
      // The full postal address, the state too: the law of bulk mail asks for it.
      postalAddress: [contact.street, contact.city, contact.region, contact.country]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(", "),
    };
  }

  /** The post's part of the mail: title, address, cover. */
  function postPart(post: AdminBlog): NonNullable<IssueContent["post"]> {
    const absolute = (src: string) => (src.startsWith("/") ? `${origin}${src}` : src);
    return {
      title: post.title,
      url: `${origin}${postPath(post)}`,
      // The original, not a WebP variant (and its JPEG when the original is WebP, in
      // issue-mail.ts): Outlook on Windows shows no WebP.
      ...(post.image && post.imageWidth && post.imageHeight
        ? {
            cover: {
              src: absolute(post.image),
              alt: post.imageAlt,
              width: post.imageWidth,
              height: post.imageHeight,
            },
          }
        : {}),
    };
  }

  async function findPost(id: string): Promise<AdminBlog | undefined> {
    try {
      return await deps.blogs.adminGet(id);
    } catch (error) {
      if (error instanceof NotFound) return undefined;
      throw error;
    }
  }

  /**
   * What a message asks to send: a published or scheduled post (400 when there is none,
   * 409 when it is a draft) with its title and excerpt unless others are given, or a
   * message of its own.
   */
  async function resolve(message: NewsletterMessage) {
    if (message.postId === undefined) {
      return {
        post: undefined,
        subject: message.subject!,
        previewText: message.previewText ?? "",
        body: [message.body!],
      };
    }
    const post = await findPost(message.postId);
    if (!post) throw new Invalid("There is no post with this id.");
    if (post.status !== "published" && post.status !== "scheduled") {
      throw new Conflict("Only a published or scheduled post can be sent: publish it first.");
    }
    return {
      post,
      subject: message.subject || post.title,
      previewText: message.previewText ?? post.excerpt,
      body: post.content,
    };
  }

  async function prepared(
    sendId: string,
    message: Awaited<ReturnType<typeof resolve>>,
  ): Promise<PreparedIssue> {
    return prepareIssue(
      {
        sendId,
        subject: message.subject,
        previewText: message.previewText,
        body: message.body,
        ...(message.post ? { post: postPart(message.post) } : {}),
      },
      await brand(),
    );
  }

  /** A send as its mails need it: the row, its post (if any), the rendered mail. */
  async function loadSend(id: string) {
    const send = await db
      .selectFrom("newsletter_sends")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!send) return undefined;
    const post = send.post_id ? await findPost(send.post_id) : undefined;
    const issue =
      send.post_id && (!post || post.status === "draft")
        ? undefined
        : await prepared(send.id, {
            post,
            subject: send.subject,
            previewText: send.preview_text,
            body: JSON.parse(send.body) as string[],
          });
    return { send, post, issue };
  }

  // The worker reads and renders each send once every PREPARED_TTL_MS (a changed post or
  // identity is seen that soon), not once per mail.
  const cache = new Map<string, { at: number; loaded: ReturnType<typeof loadSend> }>();

  function cachedSend(id: string): ReturnType<typeof loadSend> {
    const now = clock();
    const hit = cache.get(id);
    if (hit && now - hit.at < PREPARED_TTL_MS) return hit.loaded;
    for (const [key, entry] of cache) if (now - entry.at >= PREPARED_TTL_MS) cache.delete(key);
    const loaded = loadSend(id);
    cache.set(id, { at: now, loaded });
    loaded.catch(() => cache.delete(id));
    return loaded;
  }

  /** Counts per send, read from its deliveries. */
  async function counts(ids: string[]) {
    if (ids.length === 0) return new Map<string, { sent: number; failed: number }>();
    const rows = await db
      .selectFrom("newsletter_deliveries")
      .select((eb) => [
        "send_id",
        eb.fn.count<number | string>("sent_at").as("sent"),
        eb.fn.count<number | string>("failed_at").as("failed"),
      ])
      .where("send_id", "in", ids)
      .groupBy("send_id")
      .execute();
    return new Map(
      rows.map((row) => [row.send_id!, { sent: Number(row.sent), failed: Number(row.failed) }]),
    );
  }

  function toSend(row: SendRow, count = { sent: 0, failed: 0 }): NewsletterSend {
    const total = Number(row.total);
    return {
      _id: row.id,
      postId: row.post_id,
      subject: row.subject,
      previewText: row.preview_text,
      state: row.state as NewsletterSend["state"],
      total,
      sent: count.sent,
      failed: count.failed,
      waiting: Math.max(0, total - count.sent - count.failed),
      dueAt: row.due_at,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
    };
  }

  async function audience(): Promise<number> {
    const row = await db
      .selectFrom("newsletter_subscribers")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "confirmed")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function ratePerMinute(): Promise<number> {
    const row = await db
      .selectFrom("newsletter_settings")
      .select("rate_per_minute")
      .where("id", "=", SETTINGS_ID)
      .executeTakeFirst();
    return row ? Number(row.rate_per_minute) : DEFAULT_RATE_PER_MINUTE;
  }

  async function settings(): Promise<NewsletterSettings> {
    return {
      ratePerMinute: await ratePerMinute(),
      doubleOptIn: canSend(),
      canSend: canSend(),
      audience: await audience(),
    };
  }

  /** The mail of `row` (kind ISSUE) when its turn comes: see DeliveryRenderer. */
  const renderDelivery: DeliveryRenderer = async (row) => {
    if (!row.send_id) return "gone";
    const [loaded, subscriber] = await Promise.all([
      cachedSend(row.send_id),
      db
        .selectFrom("newsletter_subscribers")
        .select("status")
        .where("id", "=", row.subscriber_id)
        .executeTakeFirst(),
    ]);
    // Unsubscribed, bounced or erased since the send was made: never mailed again.
    if (!loaded || subscriber?.status !== "confirmed") return "gone";
    const { post, issue } = loaded;
    // The post deleted, or taken back to a draft: the newsletter about it is called off.
    if (!issue) return "gone";
    // Rescheduled later than the send was due: the mails wait for the post.
    if (post && !isPublic(post, nowIso())) return { later: post.publishedAt! };
    return issueMail(issue, row.email, unsubscribeUrl(row.subscriber_id));
  };

  return {
    get canSend() {
      return canSend();
    },
    settings,
    ratePerMinute,

    async saveSettings(input: { ratePerMinute: number }) {
      const before = await settings();
      const now = nowIso();
      await db
        .insertInto("newsletter_settings")
        .values({ id: SETTINGS_ID, rate_per_minute: input.ratePerMinute, updated_at: now })
        .onConflict((oc) =>
          oc.column("id").doUpdateSet({ rate_per_minute: input.ratePerMinute, updated_at: now }),
        )
        .execute();
      return { before, after: { ...before, ratePerMinute: input.ratePerMinute } };
    },

    /**
     * Queues a send to every confirmed subscriber: the send and one delivery per recipient
     * in one transaction (one INSERT … SELECT, however many subscribers). A scheduled
     * post's mails are due when it goes public. 409 without mail (nothing is written).
     */
    async create(message: NewsletterMessage, by: string | null): Promise<NewsletterSend> {
      if (!canSend()) throw new Conflict(NEEDS_MAIL);
      const resolved = await resolve(message);
      const now = nowIso();
      const publishedAt = resolved.post?.publishedAt;
      const dueAt = publishedAt && publishedAt > now ? publishedAt : now;
      const id = randomUUID();
      const send: SendRow = {
        id,
        post_id: resolved.post?._id ?? null,
        subject: resolved.subject,
        preview_text: resolved.previewText,
        body: JSON.stringify(resolved.body),
        state: "sending",
        total: 0,
        due_at: dueAt,
        created_at: now,
        created_by: by,
        finished_at: null,
      };
      const row = await db.transaction().execute(async (trx) => {
        // The send first (its deliveries reference it), its total once they are written.
        await trx.insertInto("newsletter_sends").values(send).execute();
        const inserted = await trx
          .insertInto("newsletter_deliveries")
          .columns([
            "id",
            "kind",
            "send_id",
            "subscriber_id",
            "email",
            "attempts",
            "next_attempt_at",
            "created_at",
          ])
          .expression((eb) =>
            eb
              .selectFrom("newsletter_subscribers")
              .select([
                // (send, subscriber) is unique: it names the row as well as a random id.
                sql<string>`${id} || ':' || id`.as("id"),
                sql<string>`${ISSUE}`.as("kind"),
                sql<string>`${id}`.as("send_id"),
                "id as subscriber_id",
                "email",
                sql<number>`0`.as("attempts"),
                sql<string>`${dueAt}`.as("next_attempt_at"),
                sql<string>`${now}`.as("created_at"),
              ])
              .where("status", "=", "confirmed"),
          )
          .executeTakeFirst();
        const total = Number(inserted.numInsertedOrUpdatedRows ?? 0);
        // Nobody to mail: done at once.
        const finished = total === 0 ? { state: "done", finished_at: now } : {};
        await trx
          .updateTable("newsletter_sends")
          .set({ total, ...finished })
          .where("id", "=", id)
          .execute();
        return { ...send, total, ...finished };
      });
      deps.nudge();
      return toSend(row);
    },

    async list(): Promise<NewsletterSend[]> {
      const rows = await db
        .selectFrom("newsletter_sends")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      const count = await counts(rows.map((row) => row.id));
      return rows.map((row) => toSend(row, count.get(row.id)));
    },

    async get(id: string): Promise<NewsletterSend> {
      const row = await db
        .selectFrom("newsletter_sends")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) throw new NotFound("There is no such send.");
      return toSend(row, (await counts([id])).get(id));
    },

    /**
     * A send as the public page shows it ("view in the browser"); undefined when none. A
     * send about a post is on the web exactly while its post is (issue 46, decision 0041):
     * not before a scheduled post is out, not once it is unpublished or deleted, again if
     * it is published again. `fixed` says whether what the page shows can still change
     * that way (a message of its own cannot), so whether it may be kept in shared caches.
     */
    async webView(id: string) {
      const row = await db
        .selectFrom("newsletter_sends")
        .select(["id", "subject", "body", "due_at", "post_id"])
        .where("id", "=", id)
        .executeTakeFirst();
      const now = nowIso();
      // A scheduled post's newsletter is not on the web before the post is.
      if (!row || row.due_at > now) return undefined;
      if (row.post_id !== null) {
        const post = await findPost(row.post_id);
        if (!post || !isPublic(post, now)) return undefined;
      }
      return {
        subject: row.subject,
        body: JSON.parse(row.body) as string[],
        date: row.due_at,
        fixed: row.post_id === null,
      };
    },

    /** The mail as a subscriber would get it (a sample unsubscribe link). */
    async preview(message: NewsletterMessage) {
      const issue = await prepared("preview", await resolve(message));
      const mail = issueMail(issue, "", `${origin}${unsubscribePath("preview")}`);
      return { subject: mail.subject, html: mail.html, text: mail.text };
    },

    /**
     * Mails the message to one address now, through the mail server (it throws with the
     * server's answer when refused); nothing is recorded. 409 without mail.
     */
    async sendTest(message: NewsletterMessage & { to: string }): Promise<void> {
      if (!canSend()) throw new Conflict(NEEDS_MAIL);
      const issue = await prepared("preview", await resolve(message));
      const mail = issueMail(issue, message.to, `${origin}${unsubscribePath("preview")}`);
      await mailer.send({ ...mail, subject: `[Test] ${mail.subject}` });
    },

    renderDelivery,
  };
}
export type NewsletterSends = ReturnType<typeof createNewsletterSends>;
