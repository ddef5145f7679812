import type { Actor } from '../../policy/actor';
import type { Clock } from '../../shared/clock';
import { notFound } from '../../shared/errors';
import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { CALENDAR_MESSAGES, requireCalendarOwner } from '../external-calendar';
import { queueCalendarSync, syncDueAfter } from './queue-calendar-sync';

/**
 * 'Sync now': the coach asks for their calendar to be fetched again, at once or a minute after
 * the previous fetch. While one sync is waiting, asking again adds nothing (`alreadyPending`).
 */
export async function syncCalendarNow(
  deps: { readonly uow: UnitOfWork; readonly clock: Clock },
  input: { readonly actor: Actor; readonly coachId: Id },
): Promise<Result<{ readonly alreadyPending: boolean }>> {
  const allowed = requireCalendarOwner(input.actor, input.coachId);
  if (!allowed.ok) return allowed;
  const now = deps.clock.now();
  return deps.uow.transaction<{ readonly alreadyPending: boolean }>(async (tx) => {
    const link = await tx.calendarLinks.find(input.coachId);
    if (!link) return err(notFound('CALENDAR_NOT_LINKED', CALENDAR_MESSAGES.notLinked));
    const dueAt = syncDueAfter(link, now);
    if (!(await tx.calendarLinks.requestSync(input.coachId, dueAt, now))) return ok({ alreadyPending: true });
    await queueCalendarSync(tx.outbox, input.coachId, dueAt);
    return ok({ alreadyPending: false });
  });
}
