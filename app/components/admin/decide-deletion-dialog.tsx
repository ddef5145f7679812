import { useState } from 'react';
import type { PendingDeletionRow } from '../../../adapters/persistence/admin/admin-dashboard.query';
import { dangerButton, FormAlert, inputClass, labelClass, Modal, secondaryButton } from '~/components/booking/modal';
import { CONSEQUENCE } from './deletion-requests';
import { nameOrUnnamed } from './format';
import { useAdminAction } from './use-admin-action';

type Row = PendingDeletionRow;

/** SPEC §2 dialog 'Decide deletion request': optional reason, Approve, Reject, Cancel. */
export default function DecideDeletionDialog({ request, onClose }: { request: Row; onClose: () => void }) {
  const { fetcher, busy, error } = useAdminAction({ onSuccess: onClose });
  const [reason, setReason] = useState('');
  const submit = (intent: 'approve_deletion' | 'reject_deletion') => fetcher.submit({ intent, requestId: request.id, reason }, { method: 'post' });
  return (
    <Modal title="Decide deletion request" description={<>Account of {nameOrUnnamed(request.userName)}.</>} onClose={onClose}>
      <FormAlert message={error} />
      <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{CONSEQUENCE}</p>
      <label htmlFor="decision-reason" className={labelClass}>
        Reason (optional)
      </label>
      <textarea id="decision-reason" rows={3} maxLength={1000} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={secondaryButton} onClick={() => submit('reject_deletion')} disabled={busy}>
          Reject
        </button>
        <button type="button" className={dangerButton} onClick={() => submit('approve_deletion')} disabled={busy}>
          Approve
        </button>
      </div>
    </Modal>
  );
}
