import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { CALENDAR_MESSAGES, requireCalendarOwner } from '../../domain/availability/external-calendar';
import { linkCalendar } from '../../domain/availability/use-cases/link-calendar';
import { syncCalendarNow } from '../../domain/availability/use-cases/sync-calendar-now';
import { unlinkCalendar } from '../../domain/availability/use-cases/unlink-calendar';
import type { DomainError } from '../../domain/shared/errors';
import { actorOf, apiUser, safeRedirectPath } from '~/auth/guards.server';
import type { LinkedCalendarView } from '~/availability/linked-calendar-view';
import { loadLinkedCalendar } from '~/availability/linked-calendar.server';
import { intentOf, STATUS_OF } from '~/booking/domain-response.server';
import { requestDeps } from '~/request-deps.server';
import { redirectWithToast } from '~/toast.server';

/**
 * The coach's own calendar (the 'Your own calendar' card): GET its state; POST `intent` =
 * 'link' (with `address`) | 'unlink' | 'sync'. Only the coach themself (administrators and
 * everyone else 403). A fetcher sends `reply=json` and gets JSON with the card's new state; a
 * plain form (before the page's JavaScript runs) is sent back to `returnTo` with a toast. The
 * address is read from the form and never logged or answered back.
 */
export type LinkedCalendarResponse =
  | { ok: true; intent: LinkedCalendarIntent; message: string; calendar: LinkedCalendarView }
  | { ok: false; intent: string; code: string; error: string; fieldErrors: Record<string, readonly string[]> };

const INTENTS = ['link', 'unlink', 'sync'] as const;
export type LinkedCalendarIntent = (typeof INTENTS)[number];
const headers = { 'Cache-Control': 'private, no-store' };
/** Where the card lives (a plain form says where it came from; this is for one that does not). */
const DEFAULT_PAGE = '/CoachAvailability';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const allowed = requireCalendarOwner(actorOf(user), user.id);
  if (!allowed.ok) return json<LinkedCalendarResponse>({ ok: false, intent: 'view', code: allowed.error.code, error: allowed.error.message, fieldErrors: {} }, { status: 403, headers });
  return json({ ok: true as const, calendar: await loadLinkedCalendar(context, user.id) }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false, intent: 'unknown', code: 'METHOD_NOT_ALLOWED', error: 'Method not allowed', fieldErrors: {} }, { status: 405, headers });
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  const asJson = form.get('reply') === 'json';
  const back = safeRedirectPath(form.get('returnTo'), DEFAULT_PAGE);
  if (!intent) return json({ ok: false, intent: 'unknown', code: 'UNKNOWN_INTENT', error: 'Unknown action', fieldErrors: {} }, { status: 400, headers });

  const actor = actorOf(user);
  const deps = requestDeps(context);
  const input = { actor, coachId: user.id };
  let message: string;
  let failure: DomainError | null = null;
  if (intent === 'link') {
    const result = await linkCalendar(deps, { ...input, address: form.get('address') });
    message = CALENDAR_MESSAGES.linked;
    if (!result.ok) failure = result.error;
  } else if (intent === 'unlink') {
    const result = await unlinkCalendar(deps, input);
    message = CALENDAR_MESSAGES.unlinked;
    if (!result.ok) failure = result.error;
  } else {
    const result = await syncCalendarNow(deps, input);
    message = result.ok && result.value.alreadyPending ? CALENDAR_MESSAGES.syncAlreadyPending : CALENDAR_MESSAGES.syncRequested;
    if (!result.ok) failure = result.error;
  }

  if (failure) {
    context.log.info({ event: `linked_calendar_${intent}_refused`, userId: user.id, code: failure.code }, 'linked calendar change refused');
    if (!asJson) return redirectWithToast(back, { type: 'error', title: failure.message }, { status: 303 });
    return json<LinkedCalendarResponse>(
      { ok: false, intent, code: failure.code, error: failure.message, fieldErrors: { ...(failure.fieldErrors ?? {}) } },
      { status: STATUS_OF[failure.kind], headers },
    );
  }
  context.log.info({ event: `linked_calendar_${intent}`, userId: user.id }, 'linked calendar changed');
  if (!asJson) return redirectWithToast(back, { type: 'success', title: message }, { status: 303 });
  return json<LinkedCalendarResponse>({ ok: true, intent, message, calendar: await loadLinkedCalendar(context, user.id) }, { headers });
}
