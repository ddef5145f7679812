import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportMyData } from '../../domain/accounts/data-export/use-cases/export-my-data';
import { actorOf, requireUser } from '~/auth/guards.server';
import { requestDeps } from '~/request-deps.server';

/**
 * GET /account/export — 'Download my data' (PRODUCT.md): the signed-in person's
 * copy of their own data as a JSON file made on the server (domain/accounts/data-export.ts),
 * never cached. 3 per hour per person (the shared rate-limit store): the 4th is a 429 whose
 * plain-text body is the sentence to show. Each download is logged with who and how many bytes,
 * never what it holds. Signed out (or deactivated): the login redirect.
 */
const NO_STORE = 'private, no-store';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const result = await exportMyData(requestDeps(context), { actor: actorOf(user) });
  if (!result.ok) {
    const limited = result.error.kind === 'rate_limited';
    context.log.warn({ event: limited ? 'data_export_rate_limited' : 'data_export_refused', userId: user.id, code: result.error.code }, 'data export refused');
    return new Response(result.error.message, {
      status: limited ? 429 : result.error.kind === 'not_found' ? 404 : 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE, ...(limited ? { 'Retry-After': '3600' } : {}) },
    });
  }
  const { fileName } = result.value;
  const pieces = result.value.pieces();
  const encoder = new TextEncoder();
  let bytes = 0;
  // Sent as it is made, about 64 KB at a time: the whole file is never held as one text.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let text = '';
      let next = pieces.next();
      while (!next.done) {
        text += next.value;
        if (text.length >= 65_536) break;
        next = pieces.next();
      }
      if (text) {
        const chunk = encoder.encode(text);
        bytes += chunk.byteLength;
        controller.enqueue(chunk);
      }
      if (next.done) {
        context.log.info({ event: 'data_export', userId: user.id, via: 'web', bytes }, 'data export downloaded');
        controller.close();
      }
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': NO_STORE,
    },
  });
}
