import { describe, expect, it } from 'vitest';
import { videoClipListSchema, videoClipsSchema, videoEmbedUrl, videoHostOf } from './video-clips';

describe('video clip links (SPEC §5)', () => {
  it("requires http:// or https://: 'Please enter a valid URL starting with http:// or https://'", () => {
    const r = videoClipsSchema.safeParse({ videoClip1: 'youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(r.error?.issues[0]?.message).toBe('Please enter a valid URL starting with http:// or https://');
    expect(videoClipsSchema.safeParse({ videoClip1: 'ftp://youtube.com/x' }).error?.issues[0]?.message).toBe('Please enter a valid URL starting with http:// or https://');
  });

  it("accepts YouTube and Vimeo only: 'Only YouTube or Vimeo URLs are allowed.'", () => {
    expect(videoClipsSchema.safeParse({ videoClip2: 'https://example.com/video.mp4' }).error?.issues[0]?.message).toBe('Only YouTube or Vimeo URLs are allowed.');
    expect(videoClipsSchema.parse({ videoClip1: 'https://youtu.be/dQw4w9WgXcQ', videoClip3: ' https://vimeo.com/76979871 ' })).toEqual({
      videoClip1: 'https://youtu.be/dQw4w9WgXcQ',
      videoClip3: 'https://vimeo.com/76979871',
    });
    expect(videoHostOf('https://evil-youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
  });

  it('clears a clip that is left blank', () => {
    expect(videoClipsSchema.parse({ videoClip1: '' })).toEqual({ videoClip1: null });
  });

  it('allows at most three clips', () => {
    expect(videoClipListSchema.safeParse(['', '', '', '']).error?.issues[0]?.message).toBe('You can add up to 3 video clips');
    expect(videoClipListSchema.parse(['https://youtu.be/dQw4w9WgXcQ', ''])).toEqual(['https://youtu.be/dQw4w9WgXcQ']);
  });
});

describe('videoEmbedUrl', () => {
  it('turns YouTube links into youtube-nocookie embeds', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe(embed);
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe(embed);
    expect(videoEmbedUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(embed);
    expect(videoEmbedUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(embed);
    expect(videoEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(embed);
  });

  it('turns Vimeo links into player.vimeo.com embeds with dnt=1', () => {
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(videoEmbedUrl('https://vimeo.com/channels/staffpicks/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(videoEmbedUrl('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(videoEmbedUrl('https://vimeo.com/76979871/abcdef1234')).toBe('https://player.vimeo.com/video/76979871?dnt=1&h=abcdef1234');
  });

  it('gives null for links that are not a recognisable video', () => {
    expect(videoEmbedUrl('https://www.youtube.com/@somechannel')).toBeNull();
    expect(videoEmbedUrl('https://vimeo.com/about')).toBeNull();
    expect(videoEmbedUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
  });
});
