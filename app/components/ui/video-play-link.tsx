import { PlayIcon } from "./icons.tsx";

/**
 * The play button laid over a video's picture (inside a `relative group`): a link that
 * opens the video on YouTube in a new tab, so nothing of YouTube loads before the click.
 * The portfolio's videos and the videos inside posts show the same one.
 */
export function VideoPlayLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="absolute inset-0 flex items-center justify-center bg-navy/30 transition-colors group-hover:bg-navy/10"
      aria-label={label}
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-accent text-navy shadow-xl transition-transform group-hover:scale-110 motion-reduce:transition-none sm:size-16">
        <PlayIcon width={24} />
      </span>
    </a>
  );
}
