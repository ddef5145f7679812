import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { User } from '../../domain/accounts/users/user';
import { listAvailability } from '../../domain/availability/use-cases/list-availability';
import { viewScheduleSettings } from '../../domain/availability/use-cases/view-schedule-settings';
import { utcToLondon } from '../../domain/shared/london-time';
import { actorOf, requireUser } from '~/auth/guards.server';
import { redirectFor } from '~/navigation/routing';
import { readForm } from '~/profile/profile-actions.server';
import { availabilityRow } from '~/profile/availability-view';
import { loadLinkedCalendar } from './linked-calendar.server';
import { requestDeps } from '~/request-deps.server';
import { removeAvailability, saveAvailability, saveRules, saveWeek } from './availability-actions.server';

/** The signed-in coach; anyone else goes where the other coach-only pages send them. */
async function requireCoach(request: Request, context: LoaderFunctionArgs['context']): Promise<User> {
  const user = await requireUser(request, context);
  const away = redirectFor('CoachAvailability', actorOf(user));
  if (away) throw redirect(`/${away}`);
  return user;
}

/** The coach's weekly hours, rules and upcoming exceptions (past ones are left out). */
export async function loadAvailabilityPage({ request, context }: LoaderFunctionArgs) {
  const user = await requireCoach(request, context);
  const deps = requestDeps(context);
  const actor = actorOf(user);
  const settings = await viewScheduleSettings(deps, { viewer: actor, coachId: user.id });
  const periods = await listAvailability(deps, { viewer: actor, coachId: user.id });
  if (!settings.ok || !periods.ok) throw new Response('Not found', { status: 404 });
  const calendar = await loadLinkedCalendar(context, user.id);
  return json(
    { weeklyHours: settings.value.weeklyHours, rules: settings.value.rules, exceptions: periods.value.map(availabilityRow), calendar, today: utcToLondon(deps.clock.now()).date },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/** The page's forms, by intent; the use cases let only the coach change their own schedule. */
export async function availabilityAction({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await readForm(request);
  switch (form.intent) {
    case 'weekly-hours':
      return saveWeek(context, user, form);
    case 'scheduling-rules':
      return saveRules(context, user, form);
    case 'availability-save':
      return saveAvailability(context, user, form);
    case 'availability-delete':
      return removeAvailability(context, user, form);
    default:
      return json({ ok: false, intent: 'unknown', code: 'UNKNOWN_INTENT', message: 'Unknown action', fieldErrors: {} }, { status: 400 });
  }
}
