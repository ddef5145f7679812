import { useFetcher } from '@remix-run/react';
import { inputClass } from '../auth/field-styles';
import { FormAlert } from '../forms/form-alert';
import { formAlertOf, useActionToast, useFormResult, type ActionResult } from './action-result';

/** SPEC §2 account-deletion card: a request with an optional reason; 'Deletion Requested (Pending)' after. */
export function DeletionCard({ pending }: { pending: boolean }) {
  const fetcher = useFetcher<ActionResult>({ key: 'delete-account' });
  useActionToast(fetcher.data);
  const alert = formAlertOf(useFormResult(fetcher.data, 'delete-account'));
  const submitting = fetcher.state !== 'idle';
  return (
    <section aria-labelledby="delete-account-title" className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="delete-account-title" className="text-lg font-semibold text-slate-900">
        Delete account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Ask for your account to be deleted. An admin reviews every request; once approved, your personal details, photo and videos are erased. Your bookings stay on record for the other party without
        your details.
      </p>
      {pending ? (
        <button type="button" disabled className="mt-4 inline-flex cursor-not-allowed items-center rounded-lg border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm font-semibold text-amber-800">
          Deletion Requested (Pending)
        </button>
      ) : (
        <fetcher.Form method="post" className="mt-4 flex flex-col gap-3">
          <input type="hidden" name="intent" value="delete-account" />
          <FormAlert message={alert?.message} tone={alert?.tone} />
          <label htmlFor="deletion-reason" className="text-sm font-medium text-slate-800">
            Reason (optional)
          </label>
          <textarea id="deletion-reason" name="reason" rows={2} maxLength={1000} className={inputClass} />
          <div>
            <button type="submit" disabled={submitting} className="inline-flex items-center rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60">
              {submitting ? 'Sending request…' : 'Request Account Deletion'}
            </button>
          </div>
        </fetcher.Form>
      )}
    </section>
  );
}
