import type { Id } from '../../../shared/ids';
import { conflict } from '../../../shared/errors';
import { err, ok, type Result } from '../../../shared/result';
import type { Repositories } from '../../../repositories';
import { ACCOUNT_END_STATUSES, accountEndOutcome, cancelForEndedAccount } from '../account-end';
import { commitChange } from '../../lifecycle/use-cases/change-booking';
import { cancellationMoney } from '../../money/cancellation-money';
import type { AccountEnd, AccountSettlement, LeftBooking, SettledBooking } from '../../../accounts/erasure/account-settlement';
import { ACCOUNT_END_BOOKING_LIMIT, leftBooking, partyOf, planAccountEnd } from '../account-end-plan';

/**
 * A step of removeUser and of an approved deletion (decision 016), run inside their transaction:
 * the user's open bookings are listed with one indexed query, then each one to settle is locked
 * the way the booking use cases lock (the coach's advisory lock, then the row), decided again on
 * the locked row, saved, its payment instructions queued and the other party told by email.
 * Sessions under way, in dispute or past their start are left untouched and listed.
 */
export async function settleEndedAccount(tx: Repositories, input: { userId: Id; actorId: Id; now: Date }): Promise<Result<AccountSettlement>> {
  const { userId, actorId, now } = input;
  const open = await tx.bookings.list({ partyId: userId, statuses: ACCOUNT_END_STATUSES, orderBy: 'starts_asc', limit: ACCOUNT_END_BOOKING_LIMIT + 1 });
  if (open.length > ACCOUNT_END_BOOKING_LIMIT) return err(conflict('TOO_MANY_OPEN_BOOKINGS', `This account has more than ${ACCOUNT_END_BOOKING_LIMIT} open bookings; settle some of them first.`));
  const plan = planAccountEnd(open, userId, now);
  const declined: SettledBooking[] = [];
  const cancelled: SettledBooking[] = [];
  const left: LeftBooking[] = [...plan.left];
  for (const listed of plan.toSettle) {
    const booking = await tx.bookings.findByIdForUpdate(listed.id);
    if (!booking) continue;
    const party = partyOf(booking, userId);
    const what = accountEndOutcome(booking, party, now);
    if (what.outcome === 'left') left.push(leftBooking(booking, party, what.why));
    if (what.outcome !== 'declined' && what.outcome !== 'cancelled') continue;
    const change = cancelForEndedAccount(booking, party, now);
    if (!change.ok) return change;
    const saved = await commitChange(tx, change.value, change.value.outcome, actorId, now, booking);
    const money = cancellationMoney(saved, booking);
    const settled: SettledBooking = {
      bookingId: saved.id,
      referenceCode: saved.referenceCode,
      startsAt: saved.startsAt,
      party,
      refundPence: money.refundPence ?? 0,
      keptPence: money.keptPence ?? 0,
    };
    (change.value.outcome === 'declined' ? declined : cancelled).push(settled);
  }
  left.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return ok({ declined, cancelled, leftForAdministrator: left });
}

/** The accounts context's AccountEnd port (tx.accountEnd), as the adapters and the test doubles wire it. */
export const accountEnd: AccountEnd = { settle: settleEndedAccount };
