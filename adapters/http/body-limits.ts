import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger';

/** Forms and JSON: the longest text field (a 2 000-character message, a bio) is far below this. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** multipart/form-data: one profile photo (under 5 MB, SPEC §9) and its form. */
export const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;

export interface BodyLimitOptions {
  maxBytes?: number;
  maxMultipartBytes?: number;
  /** Paths that take another kind of body (the Stripe webhook's JSON): size limits only. */
  anyContentType?: readonly string[];
  logger: Logger;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Request bodies are refused before anyone reads them: above the size limit (413), without a
 * length (411: a chunked body could be endless; browsers always send Content-Length for forms
 * and fetch), or compressed (415: nothing here inflates request bodies, and an inflater is a
 * decompression bomb's way in). Node's parser never hands on more bytes than Content-Length.
 * Every action takes a form: another content type is refused (415), and a body-less POST is
 * read as an empty form instead of failing deep inside a route.
 */
export function bodyLimits(options: BodyLimitOptions): RequestHandler {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const maxMultipart = options.maxMultipartBytes ?? MAX_MULTIPART_BYTES;
  const anyType = new Set(options.anyContentType ?? []);
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      next();
      return;
    }
    const refuse = (status: number, message: string) => {
      options.logger.warn({ requestId: res.locals.requestId, method: req.method, path: req.path, status, contentLength: req.get('content-length') ?? null }, 'refused: request body');
      // A body too big (or of unknown length) is not read: close the connection after answering.
      // Node reads and discards a small unread body itself, keeping the connection.
      if (status === 413 || status === 411 || status === 400) res.setHeader('Connection', 'close');
      res.status(status).type('text/plain').send(message);
    };
    const encoding = req.get('content-encoding');
    if (encoding && encoding.trim().toLowerCase() !== 'identity') return refuse(415, 'Compressed request bodies are not accepted');
    const lengthHeader = req.get('content-length');
    if (lengthHeader === undefined && req.get('transfer-encoding')) return refuse(411, 'Content-Length required');
    const length = lengthHeader === undefined ? 0 : Number(lengthHeader);
    const multipart = /^multipart\/form-data/i.test(req.get('content-type') ?? '');
    if (!Number.isSafeInteger(length) || length < 0) return refuse(400, 'Bad Content-Length');
    if (length > (multipart ? maxMultipart : maxBytes)) return refuse(413, 'Request body too large');
    // An action that never read its body (logout, a redirect) would leave the rest of it in
    // the socket and stall the next request on that keep-alive connection: drain it.
    // (Remix's stream pump pauses the request whenever its buffer is full: take it off first.)
    res.on('finish', () => {
      if (req.complete || req.destroyed) return;
      req.removeAllListeners('data');
      req.resume();
    });
    if (!anyType.has(req.path)) {
      const type = req.get('content-type');
      if (!type && length === 0) req.headers['content-type'] = 'application/x-www-form-urlencoded';
      else if (!type || !FORM_TYPES.test(type)) return refuse(415, 'Send a form (application/x-www-form-urlencoded or multipart/form-data)');
    }
    next();
  };
}
