import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { PASSWORD_NOTICES } from '../../domain/accounts/sign-in/password-emails';
import { passwordErrors } from '../../domain/accounts/sign-in/password-errors';
import { checkPasswordResetLink, resetPassword } from '../../domain/accounts/sign-in/use-cases/reset-password';
import { collectFormEntries } from '../../domain/validation/parse-form';
import type { FormFailure } from '~/auth/form-failure';
import { formFailure } from '~/auth/form-failure.server';
import { inputClass, primaryButtonClass } from '~/components/auth/field-styles';
import { PasswordInput } from '~/components/auth/password-input';
import { Field, errorProps } from '~/components/forms/field';
import { FormAlert } from '~/components/forms/form-alert';
import { BackToLogin, PasswordPageFrame } from '~/components/password/password-page-frame';
import { redirectWithToast } from '~/toast.server';
import { requestDeps } from '~/request-deps.server';

export const meta: MetaFunction = () => [{ title: 'Choose a new password · FACT' }];

/** The link's token is a credential for an hour: never cached, never sent on as a Referer. */
const PRIVATE = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
export const headers: HeadersFunction = () => PRIVATE;

type LinkState = { valid: true; token: string; email: string } | { valid: false; message: string };
type Refusal = FormFailure & { linkInvalid?: boolean };

/** The link in the reset mail: shows the form if the link can still be used. Reads only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const link = await checkPasswordResetLink(requestDeps(context), { token });
  const state: LinkState = link.ok ? { valid: true, token, email: link.value.email } : { valid: false, message: link.error.message };
  return json(state, { headers: PRIVATE });
}

/**
 * The new password: the link is checked again in full, then the hash, a bumped session version
 * (every session ends, this link with them) and a verified email are saved together. Then the
 * login dialog, with 'Your password has been reset. You can now log in.'
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = collectFormEntries(await request.formData());
  const result = await resetPassword(requestDeps(context), form);
  if (!result.ok) {
    const error = result.error;
    if (error.code === 'VALIDATION_FAILED') return formFailure(error, 'reset-password');
    // A used, expired or forged link, or a link overtaken meanwhile: one answer for all.
    context.log.info({ event: 'password_reset_refused', code: error.code, ip: context.clientIp }, 'password reset link refused');
    const body: Refusal = { ...passwordErrors.resetLinkInvalid(), ok: false, intent: 'reset-password', fieldErrors: {}, linkInvalid: true };
    return json(body, { status: 422, headers: PRIVATE });
  }
  context.log.info({ event: 'password_reset', userId: result.value.id }, 'password reset through an emailed link; every session ended');
  return redirectWithToast('/?login=1', { type: 'success', title: PASSWORD_NOTICES.reset });
}

function InvalidLink({ message }: { message: string }) {
  return (
    <PasswordPageFrame title="This link can’t be used">
      <FormAlert message={message} />
      <p className="mt-4 text-sm leading-relaxed text-slate-600">Reset links work once, for one hour after we send them, and stop working when you change your password or log out.</p>
      <Link to="/ForgotPassword" className={`${primaryButtonClass} mt-6 w-full py-3 text-base`}>
        Request a new link
      </Link>
      <BackToLogin />
    </PasswordPageFrame>
  );
}

export default function ResetPasswordPage() {
  const link = useLoaderData<typeof loader>();
  const refusal = useActionData<Refusal>();
  const submitting = useNavigation().state === 'submitting';
  if (!link.valid) return <InvalidLink message={link.message} />;
  if (refusal?.linkInvalid) return <InvalidLink message={refusal.message} />;
  const errors = refusal?.fieldErrors ?? {};
  return (
    <PasswordPageFrame
      title="Choose a new password"
      intro={
        <>
          For <span className="font-semibold text-slate-800">{link.email}</span>. Once it is saved, you are signed out on every device and can log in with the new password.
        </>
      }
    >
      <Form method="post" noValidate className="flex flex-col gap-5">
        <input type="hidden" name="token" value={link.token} />
        <input type="email" autoComplete="username" value={link.email} readOnly hidden />
        <Field id="reset-new" label="New password" required hint="At least 6 characters" error={errors.newPassword}>
          <PasswordInput id="reset-new" name="newPassword" autoComplete="new-password" required className={inputClass} {...errorProps('reset-new', errors.newPassword)} />
        </Field>
        <Field id="reset-confirm" label="Confirm new password" required error={errors.confirmPassword}>
          <PasswordInput id="reset-confirm" name="confirmPassword" autoComplete="new-password" required className={inputClass} {...errorProps('reset-confirm', errors.confirmPassword)} />
        </Field>
        <button type="submit" className={`${primaryButtonClass} w-full py-3 text-base`} disabled={submitting}>
          {submitting ? 'Saving…' : 'Set new password'}
        </button>
      </Form>
      <BackToLogin />
    </PasswordPageFrame>
  );
}
