import { useState } from 'react';

/**
 * SPEC §5: a privacy-friendly embedded player (youtube-nocookie / Vimeo with dnt), loaded only
 * when the viewer presses play, so nothing is fetched from the video host before that; links
 * that cannot be embedded are shown as 'Open video'.
 */
export function VideoPlayer({ url, embedUrl, title }: { url: string; embedUrl: string | null; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (!embedUrl) {
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="flex aspect-video items-center justify-center rounded-xl border border-slate-200 bg-slate-50 text-sm font-semibold text-pitch-700 hover:bg-slate-100"
      >
        Open video
      </a>
    );
  }
  if (playing) {
    return (
      <iframe
        src={`${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`}
        title={title}
        className="aspect-video w-full rounded-xl border-0 bg-black"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
      />
    );
  }
  return (
    <button type="button" onClick={() => setPlaying(true)} className="group relative flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-900 text-white">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow transition-transform group-hover:scale-105" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="ml-1 h-6 w-6 fill-current">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
      <span className="text-sm font-semibold">Play {title.toLowerCase()}</span>
      <span className="px-4 text-center text-xs text-slate-300">Loads the player from {embedUrl.includes('vimeo') ? 'Vimeo' : 'YouTube (no cookies)'}</span>
    </button>
  );
}
