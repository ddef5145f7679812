import type { AppLoadContext } from '@remix-run/node';
import type { Id } from '../../domain/shared/ids';
import { viewLinkedCalendar } from '../../domain/availability/use-cases/view-linked-calendar';
import { requestDeps } from '~/request-deps.server';
import { linkedCalendarView, type LinkedCalendarView } from './linked-calendar-view';

/**
 * The coach's 'Your own calendar' card for a page's loader (one query): the hint, the last
 * successful sync in London time, the last failure's reason, whether a sync is on its way. The
 * page passes the signed-in coach's own id; the view never holds the address.
 */
export async function loadLinkedCalendar(context: AppLoadContext, coachId: Id): Promise<LinkedCalendarView> {
  return linkedCalendarView(await viewLinkedCalendar(requestDeps(context), { coachId }));
}
