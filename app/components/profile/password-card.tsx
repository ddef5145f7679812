import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { inputClass, primaryButtonClass } from '../auth/field-styles';
import { PasswordInput } from '../auth/password-input';
import { Field, errorProps } from '../forms/field';
import { FormAlert } from '../forms/form-alert';
import { failureOf, formAlertOf, useActionToast, useFormResult, type ActionResult } from './action-result';

/**
 * The profile page's 'Password' card: current password, new password and its confirmation.
 * Every other session of the person ends when it is saved; this one stays signed in. A
 * Google-only account has no password to change: it is told how to set one.
 */
export function PasswordCard({ hasPassword, email }: { hasPassword: boolean; email: string | null }) {
  const fetcher = useFetcher<ActionResult>({ key: 'password' });
  const form = useRef<HTMLFormElement>(null);
  useActionToast(fetcher.data);
  const answer = useFormResult(fetcher.data, 'password');
  const failure = failureOf(answer.result);
  const errors = failure?.fieldErrors ?? {};
  const saving = fetcher.state !== 'idle';
  // A field's own error is shown under it; the alert is for the rest (a limit, a change elsewhere),
  // or the success of a change posted as a page (no toast announces that one).
  const alert = Object.keys(errors).length > 0 ? null : formAlertOf(answer);

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <section aria-labelledby="password-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="password-title" className="text-lg font-semibold text-slate-900">
        Password
      </h2>
      {hasPassword ? (
        <>
          <p className="mt-1 text-sm text-slate-600">Changing your password signs you out on every other device. You stay signed in here.</p>
          <fetcher.Form ref={form} method="post" noValidate className="mt-4 flex max-w-md flex-col gap-4">
            <input type="hidden" name="intent" value="password" />
            {/* For password managers: whose password this is. */}
            {email ? <input type="email" autoComplete="username" value={email} readOnly hidden /> : null}
            <FormAlert message={alert?.message} tone={alert?.tone} />
            <Field id="password-current" label="Current password" required error={errors.currentPassword}>
              <PasswordInput id="password-current" name="currentPassword" autoComplete="current-password" required className={inputClass} {...errorProps('password-current', errors.currentPassword)} />
            </Field>
            <Field id="password-new" label="New password" required hint="At least 6 characters" error={errors.newPassword}>
              <PasswordInput id="password-new" name="newPassword" autoComplete="new-password" required minLength={6} className={inputClass} {...errorProps('password-new', errors.newPassword)} />
            </Field>
            <Field id="password-confirm" label="Confirm new password" required error={errors.confirmPassword}>
              <PasswordInput id="password-confirm" name="confirmPassword" autoComplete="new-password" required className={inputClass} {...errorProps('password-confirm', errors.confirmPassword)} />
            </Field>
            <div>
              <button type="submit" className={`${primaryButtonClass} w-full sm:w-auto`} disabled={saving}>
                {saving ? 'Changing password…' : 'Change Password'}
              </button>
            </div>
          </fetcher.Form>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          You sign in with Google, so your account has no password. If you would also like to log in with your email and a password, set one with{' '}
          <Link to="/ForgotPassword" className="font-semibold text-pitch-700 hover:underline">
            Forgot your password?
          </Link>{' '}
          — we will email you a link to choose it.
        </p>
      )}
    </section>
  );
}
