import type { Actor } from '../../../policy/actor';
import { enforceRateLimit } from '../../../rate-limit/check-rate-limit';
import type { RateLimitStore } from '../../../rate-limit/rate-limit-store';
import { idSchema } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import { bookingFormSchema } from '../../../validation/booking-forms';
import { parseForm } from '../../../validation/parse-form';
import type { Booking } from '../../lifecycle/booking';
import { requestBooking } from './request-booking';

type RequestBookingDeps = Parameters<typeof requestBooking>[0];

/**
 * The booking dialog's submit (SPEC §2, §5, §9): the form is parsed with the shared schema (London
 * date and time → UTC instant), the attempt counts against the booking limit (10 per hour per
 * user, 'Too many booking attempts. Please wait until {time}'), then requestBooking decides.
 * A malformed form is refused before it counts.
 */
export async function submitBookingRequest(deps: RequestBookingDeps & { readonly rateLimits: RateLimitStore }, input: { actor: Actor; coachId: unknown; form: unknown }): Promise<Result<Booking>> {
  const now = deps.clock.now();
  const coachId = parseForm(idSchema, input.coachId);
  if (!coachId.ok) return coachId;
  const form = parseForm(bookingFormSchema(now), input.form);
  if (!form.ok) return form;
  const allowed = await enforceRateLimit(deps.rateLimits, 'booking', { userId: input.actor.userId }, now);
  if (!allowed.ok) return allowed;
  const f = form.value;
  return requestBooking(deps, {
    actor: input.actor,
    coachId: coachId.value,
    serviceType: f.serviceType,
    startsAt: f.startsAt,
    durationMinutes: f.durationMinutes,
    locationType: f.locationType,
    locationAddress: f.locationAddress ?? null,
    locationNotes: f.locationNotes ?? null,
    clientNotes: f.clientNotes ?? null,
    playerId: f.playerId ?? null,
  });
}
