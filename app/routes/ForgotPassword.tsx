import { json, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { PASSWORD_NOTICES } from '../../domain/accounts/sign-in/password-emails';
import { requestPasswordReset } from '../../domain/accounts/sign-in/use-cases/request-password-reset';
import { collectFormEntries } from '../../domain/validation/parse-form';
import type { FormFailure } from '~/auth/form-failure';
import { formFailure, withRateLimitSign } from '~/auth/form-failure.server';
import { inputClass, primaryButtonClass } from '~/components/auth/field-styles';
import { Field, errorProps } from '~/components/forms/field';
import { FormAlert } from '~/components/forms/form-alert';
import { BackToLogin, PasswordPageFrame } from '~/components/password/password-page-frame';
import { requestDeps } from '~/request-deps.server';

export const meta: MetaFunction = () => [{ title: 'Forgot your password? · FACT' }];

type Answer = { ok: true; message: string } | FormFailure;

/**
 * 'Forgot your password?' (public, outside the shell). The answer is the same whether or not an
 * account has the email, and so is the work: the request only queues a job with the email; the
 * outbox worker looks the account up and mails the link (sendPasswordResetMail).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = collectFormEntries(await request.formData());
  const result = await requestPasswordReset(requestDeps(context), { form, ip: context.clientIp });
  if (!result.ok) {
    const error = result.error;
    if (error.kind === 'rate_limited') context.log.info({ event: 'password_reset_limited', ip: context.clientIp }, 'password reset request refused');
    return formFailure(error, 'forgot-password', error.kind === 'rate_limited' ? withRateLimitSign(error.message) : error.message);
  }
  context.log.info({ event: 'password_reset_requested', ip: context.clientIp }, 'password reset requested');
  return json<Answer>({ ok: true, message: PASSWORD_NOTICES.resetRequested });
}

export default function ForgotPassword() {
  const answer = useActionData<Answer>();
  const submitting = useNavigation().state === 'submitting';
  if (answer?.ok) {
    return (
      <PasswordPageFrame title="Check your email">
        <FormAlert tone="success" message={answer.message} />
        <p className="mt-4 text-sm leading-relaxed text-slate-600">
          Nothing after a few minutes? Look in your spam folder, check the address you typed, or{' '}
          <Link to="/ForgotPassword" className="font-semibold text-pitch-700 hover:underline">
            ask again
          </Link>
          .
        </p>
        <BackToLogin />
      </PasswordPageFrame>
    );
  }
  const failure = answer && !answer.ok ? answer : null;
  const errors = failure?.fieldErrors ?? {};
  return (
    <PasswordPageFrame title="Forgot your password?" intro="Enter the email address you use for FACT and we will send you a link to choose a new password.">
      <Form method="post" noValidate className="flex flex-col gap-5">
        <FormAlert message={failure && !errors.email ? failure.message : null} />
        <Field id="forgot-email" label="Email" required error={errors.email}>
          <input id="forgot-email" name="email" type="email" autoComplete="email" required className={inputClass} {...errorProps('forgot-email', errors.email)} />
        </Field>
        <button type="submit" className={`${primaryButtonClass} w-full py-3 text-base`} disabled={submitting}>
          {submitting ? 'Sending…' : 'Send reset link'}
        </button>
      </Form>
      <BackToLogin />
    </PasswordPageFrame>
  );
}
