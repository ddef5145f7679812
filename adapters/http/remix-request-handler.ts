// Not in the package's index, but exported and typed by its dist/server (Remix 2.17).
// eslint-disable-next-line import/no-unresolved
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';

export interface RemixRequestHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}

/**
 * Remix behind express: @remix-run/express's own request and response code, except for a page
 * rendered whole (issue 20 §2). Its handler reads every response back out of its web stream,
 * chunk by awaited chunk, and sends it chunked; a page already in bytes (`context.renderedPage`,
 * set by app/entry.server.tsx) is written with one `res.end`, with a Content-Length. Only when the
 * response Remix returns is that page's own: a HEAD request, a redirect or an error answer goes
 * the usual way.
 */
export function remixRequestHandler({ build, mode, getLoadContext }: RemixRequestHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const context = getLoadContext(req, res);
      const response = await handleRequest(createRemixRequest(req, res), context);
      const page = context.renderedPage;
      if (page !== undefined && page.response === response) sendPage(res, response, page.bytes);
      else await sendRemixResponse(res, response);
    } catch (error) {
      // Express 4 does not see a rejected promise: the error goes on by hand.
      next(error);
    }
  };
}

/** The response's status and headers as sendRemixResponse sets them, then the page's bytes at once. */
function sendPage(res: ExpressResponse, response: Response, bytes: Uint8Array): void {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  // Set here, as compression() writes the head before the body: a length it removes when it compresses.
  res.setHeader('Content-Length', bytes.byteLength);
  res.end(bytes);
}
