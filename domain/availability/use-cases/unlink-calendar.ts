import type { Actor } from '../../policy/actor';
import { notFound } from '../../shared/errors';
import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { CALENDAR_MESSAGES, requireCalendarOwner } from '../external-calendar';

/** The coach unlinks their calendar: the sealed address and every busy time read from it are deleted. */
export async function unlinkCalendar(deps: { readonly uow: UnitOfWork }, input: { readonly actor: Actor; readonly coachId: Id }): Promise<Result<void>> {
  const allowed = requireCalendarOwner(input.actor, input.coachId);
  if (!allowed.ok) return allowed;
  return deps.uow.transaction(async (tx) => ((await tx.calendarLinks.unlink(input.coachId)) ? ok(undefined) : err(notFound('CALENDAR_NOT_LINKED', CALENDAR_MESSAGES.notLinked))));
}
