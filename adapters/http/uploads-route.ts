import type { Express } from 'express';
import { handleAsync } from './async-handler';
import { serveProfilePhoto } from '../../domain/accounts/media/use-cases/serve-profile-photo';
import type { Application } from '../composition-root';
import { UPLOADS_URL_PREFIX } from '../storage/local-file-storage';

/**
 * Serves stored photos at /uploads/<key> through the storage port (only keys the storage
 * accepts; the type comes from the stored key, never from the request), and only while the
 * owner's live profile shows the photo (decision 038: an erased person's photo is answered 404
 * at once, though its file is removed later by the worker that owns the storage).
 * Names change with each upload, but a photo may be withdrawn: browsers may keep it for a day,
 * shared caches not at all, so a withdrawn photo is not answered from a cache the site cannot empty.
 */
export function mountUploads(server: Express, app: Application): void {
  server.get(
    `${UPLOADS_URL_PREFIX}*`,
    handleAsync(async (req, res, next) => {
      try {
        const file = await serveProfilePhoto(app.deps(), req.path.slice(UPLOADS_URL_PREFIX.length));
        if (!file) {
          res.status(404).type('text/plain').send('Not found');
          return;
        }
        res.setHeader('Content-Type', file.contentType);
        res.setHeader('Cache-Control', 'private, max-age=86400');
        res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
        res.send(Buffer.from(file.bytes));
      } catch (error) {
        next(error);
      }
    }),
  );
}
