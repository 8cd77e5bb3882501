// YouTube links of portfolio videos (kept free of zod for the browser bundle).

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtu.be",
  "www.youtube-nocookie.com",
  "youtube-nocookie.com",
]);

/** The 11-character id of a YouTube video URL, or undefined when it is not one. */
export function youtubeId(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!["http:", "https:"].includes(parsed.protocol) || !YOUTUBE_HOSTS.has(parsed.hostname)) {
    return undefined;
  }
  let id: string | null | undefined;
  if (parsed.hostname === "youtu.be") id = parsed.pathname.split("/")[1];
  else if (parsed.pathname === "/watch") id = parsed.searchParams.get("v");
  else {
    const match = /^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(parsed.pathname);
    id = match?.[1];
  }
  return id && /^[\w-]{11}$/.test(id) ? id : undefined;
}

/** The canonical watch URL of a YouTube video URL. */
export function youtubeWatchUrl(url: string): string | undefined {
  const id = youtubeId(url);
  return id ? `https://www.youtube.com/watch?v=${id}` : undefined;
}
