import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';

export interface RemixRequestHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}

/**
 * Remix behind express: @remix-run/express's handler (2.17), except for a page rendered whole
 * (issue 20 §2). That adapter reads every response back out of its web stream, chunk by awaited
 * chunk, and sends it chunked; a page already in bytes (`context.renderedPage`, set by
 * app/entry.server.tsx) is written with one `res.end`, with a Content-Length. Only when the
 * response Remix returns is that page's own: a HEAD request, a redirect or an error answer goes
 * the usual way.
 */
export function remixRequestHandler({ build, mode, getLoadContext }: RemixRequestHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = remixRequest(req, res);
      const context = getLoadContext(req, res);
      const response = await handleRequest(request, context);
      const page = context.renderedPage;
      if (page !== undefined && page.response === response) {
        sendHead(res, response);
        // Set here, as compression() writes the head before the body: a length it removes when it compresses.
        res.setHeader('Content-Length', page.bytes.byteLength);
        res.end(page.bytes);
      } else {
        sendHead(res, response);
        if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
        if (response.body) await writeReadableStreamToWritable(response.body, res);
        else res.end();
      }
    } catch (error) {
      // Express 4 does not see a rejected promise: the error goes on by hand.
      next(error);
    }
  };
}

/** The Fetch request Remix wants, as @remix-run/express makes it. */
function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname drops the port: take it from X-Forwarded-Host or Host.
  const forwardedPort = Number.parseInt(req.get('X-Forwarded-Host')?.split(':')[1] ?? '', 10);
  const hostPort = Number.parseInt(req.get('host')?.split(':')[1] ?? '', 10);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : '';
  // req.hostname and req.protocol follow the 'trust proxy' setting.
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: remixHeaders(req.headers), signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  // Loaders and actions are aborted once the answer can no longer be written ('close' without 'finish').
  res.on('finish', () => (controller = null));
  res.on('close', () => controller?.abort());
  return new Request(url.href, init);
}

function remixHeaders(incoming: ExpressRequest['headers']): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(incoming)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function sendHead(res: ExpressResponse, response: Response): void {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
}
