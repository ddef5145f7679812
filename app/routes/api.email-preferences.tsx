import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { DomainError } from '../../domain/shared/errors';
import { updateEmailPreference, viewEmailPreferences, type EmailPreferencesView } from '../../domain/notifications/use-cases/email-preferences';
import { actorOf, apiUser } from '~/auth/guards.server';
import { requestDeps } from '~/request-deps.server';

/**
 * The profile page's email section: GET the signed-in person's email kinds, POST
 * `kind` + `enabled` ('on' | 'off') to turn one on or off. Money and account-security emails
 * cannot be turned off (422). Answers JSON, never a page, and is never cached.
 */
export type EmailPreferencesResponse = { ok: true; preferences: EmailPreferencesView } | { ok: false; code: string; error: string };

const STATUS: Record<DomainError['kind'], number> = { invalid: 422, forbidden: 403, not_found: 404, conflict: 409, rate_limited: 429, unavailable: 503 };
const headers = { 'Cache-Control': 'no-store' };

function reply(result: { ok: true; value: EmailPreferencesView } | { ok: false; error: DomainError }) {
  if (result.ok) return json<EmailPreferencesResponse>({ ok: true, preferences: result.value }, { headers });
  return json<EmailPreferencesResponse>({ ok: false, code: result.error.code, error: result.error.message }, { status: STATUS[result.error.kind], headers });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  return reply(await viewEmailPreferences(requestDeps(context), { actor: actorOf(user) }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json<EmailPreferencesResponse>({ ok: false, code: 'METHOD_NOT_ALLOWED', error: 'Method not allowed' }, { status: 405, headers });
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const form = await request.formData();
  const result = await updateEmailPreference(requestDeps(context), { actor: actorOf(user), form: { kind: form.get('kind'), enabled: form.get('enabled') } });
  if (result.ok) context.log.info({ userId: user.id, kind: form.get('kind'), enabled: form.get('enabled') }, 'email preference changed');
  return reply(result);
}
