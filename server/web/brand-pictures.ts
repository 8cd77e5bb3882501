import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import { carriesBuiltInColour, pictureColourMap, recolourSvg } from "../../common/brand-colours.ts";
import {
  pictureVersion,
  SHARE_CARD_PATH,
  shareCardSvg,
  shareCardVersion,
} from "../../common/built-in-pictures.ts";
import type { SiteIdentity } from "../../common/identity.ts";
import { CACHED_READ_MS } from "../lib/cached-read.ts";
import type { ChangeFeed } from "../lib/changes.ts";
import { etagOf, memoryAnswer, type MemoryAnswer } from "./memory-answer.ts";

/** A built-in picture answered at an address with the version it was asked for. */
const VERSIONED = "public, max-age=86400";
/** A recoloured picture at its plain address: asked again each time (a 304 when unchanged). */
const UNVERSIONED = "no-cache";

/** At most this many recoloured answers are kept (the current identity's; one per picture). */
const KEPT = 200;

/**
 * The built-in pictures in the stored identity's colours and name (issue 47, item 3; decision
 * 0049). The client build's SVGs that carry a built-in colour, and the share card, are
 * answered at their own addresses: as built (the static file, untouched) while the identity
 * keeps the built-in colours and name; else recoloured (the share card drawn again with sharp),
 * made once per identity version and kept in memory. An address with `?v=<version>` (what the
 * pages write, common/built-in-pictures.ts) may be kept a day; the plain address is asked
 * again each time, so a colour change shows at once.
 */
export function createBrandPictures(deps: {
  identity: () => Promise<SiteIdentity>;
  changes: ChangeFeed;
  /** The change feed's topic of an identity write. */
  topic: string;
  log: FastifyBaseLogger;
}) {
  let current: SiteIdentity | undefined;
  let readAt = 0;
  let reading: Promise<void> | undefined;
  const made = new Map<string, MemoryAnswer | Promise<MemoryAnswer>>();

  function refresh(): Promise<void> {
    const read: Promise<void> = deps
      .identity()
      .then((identity) => {
        current = identity;
        readAt = Date.now();
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, "could not read the identity for the built-in pictures");
        readAt = Date.now();
      })
      .finally(() => {
        if (reading === read) reading = undefined;
      });
    reading = read;
    return read;
  }
  deps.changes.subscribe((topic) => {
    if (topic === deps.topic) void refresh();
  });

  /** The version of a picture for the identity (undefined: as built). */
  const versionOf = (url: string, identity: SiteIdentity) =>
    url === SHARE_CARD_PATH ? shareCardVersion(identity) : pictureVersion(identity);

  async function make(
    url: string,
    original: MemoryAnswer,
    identity: SiteIdentity,
    versioned: boolean,
  ): Promise<MemoryAnswer> {
    let body: Buffer;
    if (url === SHARE_CARD_PATH) {
      const card = shareCardSvg({
        name: identity.name,
        tagline: identity.tagline,
        primary: identity.primaryColour,
        accent: identity.accentColour,
      });
      body = await sharp(Buffer.from(card)).png({ compressionLevel: 9, palette: true }).toBuffer();
    } else {
      const map = pictureColourMap({
        primary: identity.primaryColour,
        accent: identity.accentColour,
      })!;
      body = Buffer.from(recolourSvg(original.body.identity.toString("utf8"), map));
    }
    const compress = url.endsWith(".svg") && body.length > 1024;
    return memoryAnswer(
      { ...original.headers, "cache-control": versioned ? VERSIONED : UNVERSIONED },
      `"${etagOf(body)}"`,
      {
        identity: body,
        ...(compress && {
          br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
          gzip: gzipSync(body, { level: 9 }),
        }),
      },
    );
  }

  /** The answer for the identity, made or being made. */
  function answerFor(
    url: string,
    query: string,
    original: MemoryAnswer,
    identity: SiteIdentity,
  ): MemoryAnswer | Promise<MemoryAnswer> {
    const version = versionOf(url, identity);
    if (!version) return original;
    const versioned = new URLSearchParams(query).get("v") === version;
    const key = `${url}|${version}|${versioned}`;
    let answer = made.get(key);
    if (!answer) {
      if (made.size >= KEPT) made.clear();
      const making = make(url, original, identity, versioned).then(
        (done) => {
          if (made.get(key) === making) made.set(key, done);
          return done;
        },
        (error: unknown) => {
          made.delete(key);
          throw error;
        },
      );
      answer = making;
      made.set(key, making);
    }
    return answer;
  }

  return {
    /** Whether a file of the client build follows the identity. */
    follows(url: string, body: Buffer): boolean {
      if (url === SHARE_CARD_PATH) return true;
      return url.endsWith(".svg") && carriesBuiltInColour(body.toString("utf8"));
    },

    /** The answer when it is ready (the identity read, the picture made); else undefined. */
    answerNow(url: string, query: string, original: MemoryAnswer): MemoryAnswer | undefined {
      if (reading || !current) return undefined;
      if (Date.now() - readAt > CACHED_READ_MS) void refresh();
      const answer = answerFor(url, query, original, current);
      return answer instanceof Promise ? undefined : answer;
    },

    /** The answer, once the identity is read and the picture made. */
    async answer(url: string, query: string, original: MemoryAnswer): Promise<MemoryAnswer> {
      if (reading) await reading;
      else if (!current || Date.now() - readAt > CACHED_READ_MS) await refresh();
      return current ? answerFor(url, query, original, current) : original;
    },
  };
}
export type BrandPictures = ReturnType<typeof createBrandPictures>;
