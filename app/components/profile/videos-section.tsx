import { VideoPlayer } from './video-player';

/** A coach's videos on their profile (none: nothing is shown). */
export function VideosSection({ clips }: { clips: readonly { url: string; embedUrl: string | null }[] }) {
  if (clips.length === 0) return null;
  return (
    <section aria-labelledby="videos-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="videos-title" className="mb-4 text-lg font-semibold text-slate-900">
        Videos
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {clips.map((clip, i) => (
          <VideoPlayer key={clip.url} url={clip.url} embedUrl={clip.embedUrl} title={`Video ${i + 1}`} />
        ))}
      </div>
    </section>
  );
}
