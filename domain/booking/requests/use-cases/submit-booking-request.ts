import type { Actor } from '../../../policy/actor';
import { enforceRateLimit } from '../../../rate-limit/check-rate-limit';
import type { RateLimitStore } from '../../../rate-limit/rate-limit-store';
import { idSchema } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import { invalid } from '../../../shared/errors';
import { err, ok } from '../../../shared/result';
import { SELF_PLAYER, bookingFormSchema, seriesStartsSchema } from '../../../validation/booking-forms';
import { BOOKING_MESSAGES } from '../../../validation/booking-limits';
import { parseForm } from '../../../validation/parse-form';
import type { Booking } from '../../lifecycle/booking';
import { requestBooking, type RequestBookingInput } from './request-booking';
import { requestSeries } from './request-series';
import type { BookingSeries } from '../booking-series';

type RequestBookingDeps = Parameters<typeof requestBooking>[0];

/**
 * The booking dialog's submit (SPEC §2, §5, §9): the form is parsed with the shared schema (London
 * date and time → UTC instant), the attempt counts against the booking limit (10 per hour per
 * user, 'Too many booking attempts. Please wait until {time}'), then requestBooking decides.
 * A malformed form is refused before it counts, and so is a form that does not say who the
 * session is for when the client has players: a parent must choose ('Me' or a player), so the
 * coach never gets the wrong age and notes because nobody looked.
 */
export async function submitBookingRequest(deps: RequestBookingDeps & { readonly rateLimits: RateLimitStore }, input: { actor: Actor; coachId: unknown; form: unknown }): Promise<Result<Booking>> {
  const request = await parseBookingSubmit(deps, input);
  return request.ok ? requestBooking(deps, request.value) : request;
}

/** 'Repeat weekly' (decision 062): the same form, with every session's London start in `seriesStarts`. */
export async function submitSeriesRequest(
  deps: RequestBookingDeps & { readonly rateLimits: RateLimitStore },
  input: { actor: Actor; coachId: unknown; form: unknown },
): Promise<Result<{ series: BookingSeries; bookings: readonly Booking[] }>> {
  const request = await parseBookingSubmit(deps, input);
  if (!request.ok) return request;
  const starts = parseForm(seriesStartsSchema, input.form);
  if (!starts.ok) return starts;
  return requestSeries(deps, { ...request.value, starts: starts.value.seriesStarts });
}

async function parseBookingSubmit(deps: RequestBookingDeps & { readonly rateLimits: RateLimitStore }, input: { actor: Actor; coachId: unknown; form: unknown }): Promise<Result<RequestBookingInput>> {
  const now = deps.clock.now();
  const coachId = parseForm(idSchema, input.coachId);
  if (!coachId.ok) return coachId;
  const form = parseForm(bookingFormSchema(now), input.form);
  if (!form.ok) return form;
  if (form.value.playerId === undefined && (await deps.uow.read.players.listActiveByGuardian(input.actor.userId)).length > 0) {
    return err(invalid('VALIDATION_FAILED', BOOKING_MESSAGES.playerRequired, { playerId: [BOOKING_MESSAGES.playerRequired] }));
  }
  const allowed = await enforceRateLimit(deps.rateLimits, 'booking', { userId: input.actor.userId }, now);
  if (!allowed.ok) return allowed;
  const f = form.value;
  return ok({
    actor: input.actor,
    coachId: coachId.value,
    serviceType: f.serviceType,
    startsAt: f.startsAt,
    durationMinutes: f.durationMinutes,
    locationType: f.locationType,
    locationAddress: f.locationAddress ?? null,
    locationNotes: f.locationNotes ?? null,
    clientNotes: f.clientNotes ?? null,
    playerId: f.playerId === undefined || f.playerId === SELF_PLAYER ? null : f.playerId,
    packagePurchaseId: f.packagePurchaseId ?? null,
  });
}
