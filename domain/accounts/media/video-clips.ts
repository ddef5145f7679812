import * as z from 'zod';

/**
 * SPEC §5 video clips: up to three, http(s) only, YouTube or Vimeo only, shown in a
 * privacy-friendly player (youtube-nocookie, Vimeo with dnt) or, failing that, as a link.
 */
export const MAX_VIDEO_CLIPS = 3;
export const MAX_URL_LENGTH = 2048;

export const VIDEO_MESSAGES = {
  protocol: 'Please enter a valid URL starting with http:// or https://',
  host: 'Only YouTube or Vimeo URLs are allowed.',
  tooLong: 'URL too long',
  tooMany: `You can add up to ${MAX_VIDEO_CLIPS} video clips`,
} as const;

const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtu.be', 'www.youtube-nocookie.com', 'youtube-nocookie.com'];
const VIMEO_HOSTS = ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'];

export type VideoHost = 'youtube' | 'vimeo';

function parseHttpUrl(text: string): URL | null {
  // A link is one token: whitespace, quotes or angle brackets mean markup riding along.
  if (!/^https?:\/\//i.test(text) || /[\s"'<>`]/.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Which allowed service a URL belongs to, or null. */
export function videoHostOf(text: string): VideoHost | null {
  const url = parseHttpUrl(text.trim());
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.includes(host)) return 'youtube';
  if (VIMEO_HOSTS.includes(host)) return 'vimeo';
  return null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') candidate = segments[0];
  else if (segments[0] === 'watch') candidate = url.searchParams.get('v');
  else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) candidate = segments[1];
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

function vimeoEmbed(url: URL): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  let index: number;
  if (url.hostname.toLowerCase() === 'player.vimeo.com') index = segments[0] === 'video' ? 1 : -1;
  else index = segments.findIndex((s) => /^\d+$/.test(s));
  const id = index >= 0 ? segments[index] : undefined;
  if (!id || !/^\d+$/.test(id)) return null;
  // Unlisted videos carry a hash: vimeo.com/ID/HASH or ?h=HASH.
  const next = segments[index + 1];
  const hash = url.searchParams.get('h') ?? (next && /^[0-9a-f]{6,}$/i.test(next) ? next : null);
  return `https://player.vimeo.com/video/${id}?dnt=1${hash ? `&h=${encodeURIComponent(hash)}` : ''}`;
}

/**
 * The privacy-friendly embed address of a YouTube or Vimeo link:
 * https://www.youtube-nocookie.com/embed/ID or https://player.vimeo.com/video/ID?dnt=1.
 * Null when the link is not a recognisable video (the page then shows an 'Open video' link).
 */
export function videoEmbedUrl(text: string): string | null {
  const url = parseHttpUrl(text.trim());
  if (!url) return null;
  const host = videoHostOf(url.href);
  if (host === 'youtube') {
    const id = youtubeId(url);
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === 'vimeo') return vimeoEmbed(url);
  return null;
}

/** One optional clip field: blank or null clears it (null); absent stays absent. */
export const videoClipUrlSchema = z
  .preprocess(
    (v) => (v === null ? '' : v),
    z
      .string()
      .trim()
      .transform((text, ctx): string | null => {
        if (text === '') return null;
        if (text.length > MAX_URL_LENGTH) {
          ctx.addIssue({ code: 'custom', message: VIDEO_MESSAGES.tooLong });
          return z.NEVER;
        }
        if (!parseHttpUrl(text)) {
          ctx.addIssue({ code: 'custom', message: VIDEO_MESSAGES.protocol });
          return z.NEVER;
        }
        if (!videoHostOf(text)) {
          ctx.addIssue({ code: 'custom', message: VIDEO_MESSAGES.host });
          return z.NEVER;
        }
        return text;
      }),
  )
  .optional();

/** The three clip fields of the coach profile form. */
export const videoClipsSchema = z.object({
  videoClip1: videoClipUrlSchema,
  videoClip2: videoClipUrlSchema,
  videoClip3: videoClipUrlSchema,
});

/** Clips as a list (API form): at most three, each as above, blanks dropped. */
export const videoClipListSchema = z
  .array(videoClipUrlSchema)
  .max(MAX_VIDEO_CLIPS, VIDEO_MESSAGES.tooMany)
  .transform((list) => list.filter((v): v is string => typeof v === 'string'));
