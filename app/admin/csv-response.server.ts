import type { AppLoadContext } from '@remix-run/node';
import { NO_STORE } from './admin.server';

/** One page of a CSV: its lines, and the cursor of the next page (null: the last). */
export interface CsvPage {
  readonly text: string;
  readonly next: string | null;
}

/**
 * A CSV download that streams (decision 056, as the Earnings CSV): the heading, then one keyset
 * page per SQL statement, written as it is read, so a long history is never held in memory.
 */
export function streamCsv(context: AppLoadContext, options: { fileName: string; header: string; event: string; page: (cursor: string | null) => Promise<CsvPage> }): Response {
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so spreadsheet programs read names with accents as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${options.header}`));
        return;
      }
      try {
        const page = await options.page(cursor);
        if (page.text) controller.enqueue(encoder.encode(page.text));
        cursor = page.next;
        if (!cursor) controller.close();
      } catch (error) {
        context.log.error({ err: error, event: options.event }, 'admin CSV failed');
        controller.error(error);
      }
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${options.fileName}"`, ...NO_STORE },
  });
}

/** A filter the CSV cannot take: 400 and the reason, nothing written. */
export function csvRefusal(message: string): Response {
  return new Response(message, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } });
}
