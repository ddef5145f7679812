import { Form, Link, useFetcher, useNavigation, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import type { FormFailure } from '~/auth/form-failure';
import { loginPathFor } from '~/auth/signed-out';
import { GoogleMark } from '../auth/google-button';
import { PasswordInput } from '../auth/password-input';
import { SignedOutPageFrame } from '../auth/signed-out-page-frame';
import { inputClass, primaryButtonClass } from '../auth/field-styles';
import { Field, errorProps } from '../forms/field';
import { FormAlert } from '../forms/form-alert';
import { AgeConfirmation } from './age-confirmation';
import { RegisterCoachFields } from './coach-fields';
import { RegisterProfileFields } from './profile-fields';
import { UserTypeToggle, type RegisterType } from './user-type-toggle';

type Tab = 'email' | 'google';

/** SPEC §2 Register: Back, the type toggle, tabs 'Email & Password' and 'Google', every field. */
export function RegisterPage({ initialType, googleConfigured, emailFailure }: { initialType: RegisterType; googleConfigured: boolean; emailFailure: FormFailure | null }) {
  const [params, setParams] = useSearchParams();
  // SPEC's authRedirect: the page to come back to once the account is verified and signed in (the server checks it).
  const redirectTo = params.get('redirectTo') || null;
  const keepRedirect = redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
  const [type, setType] = useState<RegisterType>(initialType);
  const [tab, setTab] = useState<Tab>('email');
  const google = useFetcher<FormFailure>({ key: 'google-register' });
  const submitting = useNavigation().state === 'submitting';
  const chooseType = (next: RegisterType) => {
    setType(next);
    const copy = new URLSearchParams(params);
    copy.set('type', next);
    setParams(copy, { replace: true, preventScrollReset: true });
  };
  const tabClass = (t: Tab) => `flex-1 rounded-md px-3 py-2 text-sm font-semibold transition-colors ${tab === t ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`;
  const emailErrors = emailFailure?.fieldErrors ?? {};
  const googleErrors = google.data?.fieldErrors ?? {};

  return (
    <SignedOutPageFrame width="max-w-2xl">
      <main className="flex-1 px-4 py-8 sm:px-6">
        <div className="mx-auto max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Create your account</h1>
          <p className="mt-2 text-slate-600">Join FACT to {type === 'coach' ? 'coach players one to one' : 'train with expert coaches'}.</p>
          <div className="mt-6">
            <UserTypeToggle value={type} onChange={chooseType} />
          </div>
          <div role="tablist" aria-label="Sign-up method" className="mt-6 flex gap-1 rounded-lg bg-slate-200/70 p-1">
            <button type="button" role="tab" id="tab-email" aria-controls="panel-email" aria-selected={tab === 'email'} className={tabClass('email')} onClick={() => setTab('email')}>
              Email &amp; Password
            </button>
            <button type="button" role="tab" id="tab-google" aria-controls="panel-google" aria-selected={tab === 'google'} className={tabClass('google')} onClick={() => setTab('google')}>
              Google
            </button>
          </div>

          <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <div role="tabpanel" id="panel-email" aria-labelledby="tab-email" hidden={tab !== 'email'}>
              <Form method="post" noValidate className="flex flex-col gap-5">
                <input type="hidden" name="userType" value={type} />
                {keepRedirect}
                <FormAlert message={emailFailure?.message} />
                <Field id="reg-email" label="Email" required error={emailErrors.email}>
                  <input id="reg-email" name="email" type="email" autoComplete="email" className={inputClass} {...errorProps('reg-email', emailErrors.email)} />
                </Field>
                <Field id="reg-password" label="Password" required hint="At least 6 characters" error={emailErrors.password}>
                  <PasswordInput id="reg-password" name="password" autoComplete="new-password" className={inputClass} {...errorProps('reg-password', emailErrors.password)} />
                </Field>
                <RegisterProfileFields prefix="reg" errors={emailErrors} />
                {type === 'coach' ? <RegisterCoachFields prefix="reg" errors={emailErrors} /> : null}
                <AgeConfirmation id="reg-confirmAge" error={emailErrors.confirmAge} />
                <button type="submit" className={`${primaryButtonClass} w-full py-3 text-base`} disabled={submitting}>
                  {submitting ? 'Creating account…' : 'Create Account'}
                </button>
              </Form>
            </div>

            <div role="tabpanel" id="panel-google" aria-labelledby="tab-google" hidden={tab !== 'google'}>
              <google.Form method="post" action="/auth/google" noValidate className="flex flex-col gap-5">
                <input type="hidden" name="intent" value="register" />
                <input type="hidden" name="userType" value={type} />
                {keepRedirect}
                <p className="text-sm text-slate-600">Tell us about yourself, then continue with your Google account. Your email comes from Google.</p>
                <FormAlert message={google.data?.message} />
                <RegisterProfileFields prefix="google" errors={googleErrors} nameRequired={false} />
                {type === 'coach' ? <RegisterCoachFields prefix="google" errors={googleErrors} /> : null}
                <AgeConfirmation id="google-confirmAge" error={googleErrors.confirmAge} />
                <button
                  type="submit"
                  disabled={!googleConfigured || google.state !== 'idle'}
                  className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70"
                >
                  <GoogleMark />
                  <span className="flex flex-col items-start leading-tight">
                    <span>Continue with Google</span>
                    {googleConfigured ? null : <span className="text-xs font-normal text-slate-500">Google sign-in is not configured</span>}
                  </span>
                </button>
              </google.Form>
            </div>
          </div>
          <p className="mt-6 text-center text-sm text-slate-600">
            Already have an account?{' '}
            <Link to={redirectTo ? loginPathFor(redirectTo) : '/?login=1'} className="font-semibold text-pitch-700 hover:underline">
              Log in
            </Link>
          </p>
        </div>
      </main>
    </SignedOutPageFrame>
  );
}
