import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { CoalescedStream } from './coalesced-stream.server';
import { NonceContext } from './csp-nonce';
import { inlineCssFor } from './inline-css.server';
import { InlineCssContext } from './inline-stylesheet';
import { pageBytes } from './page-bytes.server';

/**
 * Remix's node entry, plus: the response's CSP nonce on every inline script (Remix's, React's
 * streaming ones), and unexpected loader/action errors logged with the request id and reported to
 * the database-outage gate (so a lost database answers 503, not 500).
 *
 * A page whose loaders deferred nothing is rendered to one string (issue 20 §2): with nothing to
 * wait for, streaming sends the same bytes at the same moment (React's "shell" is then the whole
 * page), only through a byte encoder, a Node stream and a web stream, for 7–15 % more CPU per
 * page (docs/benchmarks.md). A page with deferred data (`defer()`) streams as before.
 */
const ABORT_DELAY = 5_000;

export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs): void {
  if (request.signal.aborted) return;
  context.reportError?.(error);
  const path = new URL(request.url).pathname;
  if (context.log) context.log.error({ err: error, path, method: request.method }, 'unhandled error in a loader or action');
  else console.error(error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  const nonce = loadContext.cspNonce;
  const matches = remixContext.staticHandlerContext.matches;
  const inlineCss = inlineCssFor(matches[matches.length - 1]?.route.id);
  const page = (
    <NonceContext.Provider value={nonce}>
      <InlineCssContext.Provider value={inlineCss}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </InlineCssContext.Provider>
    </NonceContext.Provider>
  );
  if (!remixContext.staticHandlerContext.activeDeferreds) {
    // A render error throws here as a shell error rejects below: Remix renders the error boundary.
    // React adds the doctype itself only when streaming.
    const html = renderToString(page);
    responseHeaders.set('Content-Type', 'text/html');
    // Bytes, not a string: undici would first copy the whole page into a well-formed string
    // (toUSVString, ~2 % of a page's CPU) and then encode it anyway; pageBytes encodes once, and
    // writes a lone surrogate as U+FFFD just as that conversion would.
    const bytes = pageBytes(`<!DOCTYPE html>${html}`);
    // FACT's server writes these bytes as they are, so the response gets no body of its own
    // (context.writesRenderedPage says why); called by anything else, it carries the page.
    const response = new Response(loadContext.writesRenderedPage ? null : bytes, { headers: responseHeaders, status: responseStatusCode });
    loadContext.renderedPage = { response, bytes };
    return response;
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let abortTimer: NodeJS.Timeout | undefined;
    const ready = () => {
      shellRendered = true;
      const body = new CoalescedStream();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set('Content-Type', 'text/html');
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // A page fully rendered has nothing left to abort: its timer goes (one fewer live timer per request).
      onAllReady() {
        if (waitForAll) ready();
        clearTimeout(abortTimer);
      },
      ...(waitForAll ? {} : { onShellReady: ready }),
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) loadContext.log?.error({ err: error }, 'error while streaming a page');
      },
    });
    abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}
