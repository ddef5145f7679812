import { Link, useFetcher, useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { GoogleButton } from './google-button';
import { PasswordInput } from './password-input';
import { inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from './field-styles';

interface LoginFailure {
  ok: false;
  code: string;
  message: string;
}

/**
 * SPEC §2 Landing login dialog: 'Continue with Google' or 'Continue with Email', then email and
 * password (show/hide), Back and Login. Opens from the header button or with ?login=1 (where
 * signed-out visitors are sent, with redirectTo for the way back).
 */
export function LoginDialog({ googleConfigured }: { googleConfigured: boolean }) {
  const [params, setParams] = useSearchParams();
  const dialog = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState<'choose' | 'email'>('choose');
  const fetcher = useFetcher<LoginFailure>({ key: 'login' });
  const resend = useFetcher<{ ok: boolean; message?: string }>({ key: 'resend-verification' });
  const [email, setEmail] = useState('');
  const wanted = params.get('login') === '1';
  const redirectTo = params.get('redirectTo') ?? '';
  const submitting = fetcher.state !== 'idle';
  const failure = fetcher.data && fetcher.data.ok === false ? fetcher.data : null;

  useEffect(() => {
    const d = dialog.current;
    if (wanted && d && !d.open) d.showModal();
  }, [wanted]);

  const open = () => {
    setStep('choose');
    dialog.current?.showModal();
  };
  const onClose = () => {
    if (params.has('login') || params.has('redirectTo')) {
      const next = new URLSearchParams(params);
      next.delete('login');
      next.delete('redirectTo');
      setParams(next, { replace: true, preventScrollReset: true });
    }
  };

  return (
    <>
      <button type="button" onClick={open} className={secondaryButtonClass}>
        Login
      </button>
      <dialog
        ref={dialog}
        onClose={onClose}
        aria-labelledby="login-title"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border-0 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
      >
        <div className="p-6 sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id="login-title" className="text-xl font-bold tracking-tight">
                Welcome back
              </h2>
              <p className="mt-1 text-sm text-slate-600">Log in to book sessions, manage your coaching and message.</p>
            </div>
            <form method="dialog">
              <button type="submit" className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label="Close">
                <svg viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </form>
          </div>

          {step === 'choose' ? (
            <div className="mt-6 flex flex-col gap-3">
              <GoogleButton configured={googleConfigured} hidden={redirectTo ? { redirectTo } : {}} />
              <button type="button" className={`${primaryButtonClass} w-full py-3`} onClick={() => setStep('email')}>
                Continue with Email
              </button>
            </div>
          ) : (
            <fetcher.Form method="post" action="/auth/login" className="mt-6 flex flex-col gap-4" noValidate>
              {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
              {failure ? (
                <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                  <p>{failure.message}</p>
                  {failure.code === 'EMAIL_NOT_VERIFIED' ? (
                    <button type="button" className="mt-1 font-semibold underline" onClick={() => resend.submit({ email }, { method: 'post', action: '/auth/resend-verification' })}>
                      Send the verification link again
                    </button>
                  ) : null}
                  {resend.data?.message ? <p className="mt-1 text-red-900">{resend.data.message}</p> : null}
                </div>
              ) : null}
              <div>
                <label htmlFor="login-email" className={labelClass}>
                  Email
                </label>
                <input
                  id="login-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself when it opens (WAI-ARIA dialog pattern)
                  autoFocus
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  className={inputClass}
                />
              </div>
              <div>
                <label htmlFor="login-password" className={labelClass}>
                  Password
                </label>
                <PasswordInput id="login-password" name="password" autoComplete="current-password" required className={inputClass} />
                <p className="mt-2 text-right text-sm">
                  <Link to="/ForgotPassword" className="font-medium text-pitch-700 hover:underline">
                    Forgot your password?
                  </Link>
                </p>
              </div>
              <div className="mt-2 flex gap-3">
                <button type="button" className={`${secondaryButtonClass} flex-1`} onClick={() => setStep('choose')}>
                  Back
                </button>
                <button type="submit" className={`${primaryButtonClass} flex-1`} disabled={submitting}>
                  {submitting ? 'Logging in…' : 'Login'}
                </button>
              </div>
            </fetcher.Form>
          )}
          <p className="mt-6 text-center text-sm text-slate-600">
            New to FACT?{' '}
            <Link to={redirectTo ? `/Register?type=user&redirectTo=${encodeURIComponent(redirectTo)}` : '/Register?type=user'} className="font-semibold text-pitch-700 hover:underline">
              Create an account
            </Link>
          </p>
        </div>
      </dialog>
    </>
  );
}
