import { createHash, randomBytes } from 'node:crypto';
import { FEED_TOKEN_BYTES } from '../../domain/notifications/calendar-feed';
import type { FeedSecrets } from '../../domain/notifications/calendar-feed-ports';

/** Calendar feed tokens from the operating system's CSPRNG (256 bits), and SHA-256 digests. */
export const cryptoFeedSecrets: FeedSecrets = {
  newToken: () => randomBytes(FEED_TOKEN_BYTES).toString('base64url'),
  digest: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
};
