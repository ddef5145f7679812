import { PassThrough } from 'node:stream';
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from './csp-nonce';
import { inlineCssFor } from './inline-css.server';
import { InlineCssContext } from './inline-stylesheet';

/**
 * Remix's node entry, plus: the response's CSP nonce on every inline script (Remix's and React's
 * streaming ones), the landing page's stylesheet inlined, and unexpected loader/action errors
 * logged with the request id and reported to the database-outage gate (so a lost database
 * answers 503, not 500). Crawlers get the whole page at once; browsers get it streamed.
 */
const ABORT_DELAY = 5_000;

export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs): void {
  if (request.signal.aborted) return;
  context.reportError?.(error);
  const path = new URL(request.url).pathname;
  if (context.log) context.log.error({ err: error, path, method: request.method }, 'unhandled error in a loader or action');
  else console.error(error);
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  const nonce = loadContext.cspNonce;
  const matches = remixContext.staticHandlerContext.matches;
  const inlineCss = inlineCssFor(matches[matches.length - 1]?.route.id);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const send = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html');
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={inlineCss}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </InlineCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) send();
        },
        onAllReady() {
          if (waitForAll) send();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell rejects above; one after it is only logged.
          if (shellRendered) loadContext.log?.error({ err: error }, 'error while streaming a page');
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
