import { json, type AppLoadContext } from '@remix-run/node';
import { PASSWORD_NOTICES } from '../../domain/accounts/sign-in/password-emails';
import { changePassword } from '../../domain/accounts/sign-in/use-cases/change-password';
import { toActor, type User } from '../../domain/accounts/users/user';
import { formFailure, withRateLimitSign } from '~/auth/form-failure.server';
import { startUserSession } from '~/auth/session.server';
import { requestDeps } from '~/request-deps.server';

/**
 * The profile page's 'Password' card. On success every other session of the person has ended
 * (the session version went up); this device gets a fresh cookie with the new version, so the
 * person stays signed in here. Logged as `password_changed` (never a password).
 */
export async function saveNewPassword(request: Request, context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const result = await changePassword(requestDeps(context), { actor: toActor(user), form, ip: context.clientIp });
  if (!result.ok) {
    const error = result.error;
    if (error.code !== 'VALIDATION_FAILED') context.log.info({ event: 'password_change_refused', userId: user.id, code: error.code, ip: context.clientIp }, 'password change refused');
    return formFailure(error, 'password', error.kind === 'rate_limited' ? withRateLimitSign(error.message) : error.message);
  }
  const cookie = await startUserSession(request, context, result.value);
  context.log.info({ event: 'password_changed', userId: user.id }, 'password changed; other sessions ended');
  return json({ ok: true as const, intent: 'password', message: PASSWORD_NOTICES.changed }, { headers: { 'Set-Cookie': cookie } });
}
