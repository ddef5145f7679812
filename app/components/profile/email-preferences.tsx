import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { EmailPreferencesView } from '../../../domain/notifications/use-cases/email-preferences';
import type { EmailPreferencesResponse } from '~/routes/api.email-preferences';
import { useLoadOnce } from '../forms/use-load-once';
import { useLoginWhenSignedOut } from '~/auth/use-login-when-signed-out';

const ENDPOINT = '/api/email-preferences';

type Kind = EmailPreferencesView['kinds'][number];

/**
 * The profile page's 'Email notifications' section: one switch per kind of email.
 * Payments, cancellations, disputes and account emails are always sent and shown locked. Loads
 * and saves through /api/email-preferences; each switch saves as soon as it is changed.
 */
export function EmailPreferences() {
  const load = useLoadOnce<EmailPreferencesResponse>(ENDPOINT);
  const save = useFetcher<EmailPreferencesResponse>();
  useLoginWhenSignedOut(save.data);
  const [view, setView] = useState<EmailPreferencesView | null>(null);

  useEffect(() => {
    if (load.data?.ok) setView(load.data.preferences);
  }, [load.data]);
  useEffect(() => {
    if (save.state === 'idle' && save.data?.ok) setView(save.data.preferences);
  }, [save.state, save.data]);

  const pendingKind = save.formData?.get('kind');
  const pendingEnabled = save.formData?.get('enabled') === 'on';
  const failure = save.state === 'idle' && save.data && !save.data.ok ? save.data.error : load.data && !load.data.ok ? load.data.error : null;

  function toggle(kind: Kind, enabled: boolean) {
    save.submit({ kind: kind.kind, enabled: enabled ? 'on' : 'off' }, { method: 'post', action: ENDPOINT });
  }

  return (
    <section id="email-preferences" aria-labelledby="email-preferences-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="email-preferences-title" className="text-lg font-semibold text-slate-900">
        Email notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">Choose which emails FACT sends you. Times in emails are shown in London time.</p>
      {failure ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      {view === null ? (
        <p className="mt-4 text-sm text-slate-500" aria-live="polite">
          Loading your email settings…
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {view.kinds.map((kind) => {
            const busy = pendingKind === kind.kind;
            const checked = busy ? pendingEnabled : kind.enabled;
            const id = `email-kind-${kind.kind}`;
            return (
              <li key={kind.kind} className="flex items-start justify-between gap-4 py-3">
                <div>
                  <label htmlFor={id} className="text-sm font-medium text-slate-900">
                    {kind.label}
                  </label>
                  <p id={`${id}-help`} className="text-sm text-slate-500">
                    {kind.description}
                  </p>
                </div>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  aria-describedby={`${id}-help`}
                  checked={checked}
                  disabled={!kind.optional || busy}
                  onChange={(e) => toggle(kind, e.currentTarget.checked)}
                  className="mt-1 h-5 w-5 shrink-0 cursor-pointer accent-green-700 disabled:cursor-not-allowed disabled:opacity-60"
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
