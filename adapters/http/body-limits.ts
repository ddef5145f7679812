import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger';

/** Forms and JSON: the longest text field (a 2 000-character message, a bio) is far below this. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** multipart/form-data: one profile photo (under 5 MB, SPEC §9) and its form. */
export const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;

export interface BodyLimitOptions {
  maxBytes?: number;
  maxMultipartBytes?: number;
  logger: Logger;
}

/**
 * Request bodies are refused before anyone reads them: above the size limit (413), without a
 * length (411: a chunked body could be endless; browsers always send Content-Length for forms
 * and fetch), or compressed (415: nothing here inflates request bodies, and an inflater is a
 * decompression bomb's way in). Node's parser never hands on more bytes than Content-Length.
 */
export function bodyLimits(options: BodyLimitOptions): RequestHandler {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const maxMultipart = options.maxMultipartBytes ?? MAX_MULTIPART_BYTES;
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      next();
      return;
    }
    const refuse = (status: number, message: string) => {
      options.logger.warn(
        { requestId: res.locals.requestId, method: req.method, path: req.path, status, contentLength: req.get('content-length') ?? null },
        'refused: request body',
      );
      // The unread body is not drained: close the connection after answering.
      res.setHeader('Connection', 'close');
      res.status(status).type('text/plain').send(message);
    };
    const encoding = req.get('content-encoding');
    if (encoding && encoding.trim().toLowerCase() !== 'identity') return refuse(415, 'Compressed request bodies are not accepted');
    const lengthHeader = req.get('content-length');
    if (lengthHeader === undefined) {
      if (req.get('transfer-encoding')) return refuse(411, 'Content-Length required');
      next();
      return;
    }
    const length = Number(lengthHeader);
    const multipart = /^multipart\/form-data/i.test(req.get('content-type') ?? '');
    if (!Number.isSafeInteger(length) || length < 0) return refuse(400, 'Bad Content-Length');
    if (length > (multipart ? maxMultipart : maxBytes)) return refuse(413, 'Request body too large');
    next();
  };
}
