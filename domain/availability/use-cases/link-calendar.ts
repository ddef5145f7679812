import type { Actor } from '../../policy/actor';
import type { Clock } from '../../shared/clock';
import type { Id } from '../../shared/ids';
import { ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { calendarAddressHint, readCalendarAddress, requireCalendarOwner, type CalendarAddressVault, type CalendarFetchPolicy } from '../external-calendar';
import { queueCalendarSync, syncDueAfter } from './queue-calendar-sync';

export interface LinkCalendarDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly calendarVault: CalendarAddressVault;
  readonly calendarFetchPolicy: CalendarFetchPolicy;
}

/**
 * The coach links their own calendar by its secret ICS address (or replaces the one linked). The
 * address is stored sealed, shown back only as its hint, and fetched by the worker right after.
 * Re-linking the same address keeps the busy times already read; another address drops them.
 */
export async function linkCalendar(deps: LinkCalendarDeps, input: { readonly actor: Actor; readonly coachId: Id; readonly address: unknown }): Promise<Result<{ readonly hint: string }>> {
  const allowed = requireCalendarOwner(input.actor, input.coachId);
  if (!allowed.ok) return allowed;
  const address = readCalendarAddress(input.address, deps.calendarFetchPolicy);
  if (!address.ok) return address;
  const now = deps.clock.now();
  const hint = calendarAddressHint(address.value);
  return deps.uow.transaction(async (tx) => {
    const previous = await tx.calendarLinks.find(input.coachId);
    const keepBusy = previous !== null && deps.calendarVault.open(input.coachId, previous.sealedAddress) === address.value;
    const syncDueAt = syncDueAfter(previous, now);
    await tx.calendarLinks.link({ coachId: input.coachId, sealedAddress: deps.calendarVault.seal(input.coachId, address.value), hint, now, syncDueAt, keepBusy });
    await queueCalendarSync(tx.outbox, input.coachId, syncDueAt);
    return ok({ hint });
  });
}
