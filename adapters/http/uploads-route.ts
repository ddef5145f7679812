import type { Express } from 'express';
import type { Application } from '../composition-root';
import { UPLOADS_URL_PREFIX } from '../storage/local-file-storage';

/**
 * Serves stored photos at /uploads/<key> through the storage port (only keys the storage
 * accepts; the type comes from the stored key, never from the request). Names change with each
 * upload, so responses may be cached for a long time.
 */
export function mountUploads(server: Express, app: Application): void {
  const storage = app.deps().storage;
  server.get(`${UPLOADS_URL_PREFIX}*`, async (req, res, next) => {
    try {
      const file = await storage.get(req.path.slice(UPLOADS_URL_PREFIX.length));
      if (!file) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
      res.send(Buffer.from(file.bytes));
    } catch (error) {
      next(error);
    }
  });
}
