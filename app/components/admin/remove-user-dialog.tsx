import type { AdminUserRow } from '../../../adapters/persistence/admin/admin-users.query';
import { dangerButton, FormAlert, inputClass, labelClass, Modal, secondaryButton } from '~/components/booking/modal';
import { nameOrUnnamed } from './format';
import { useAdminAction } from './use-admin-action';

/** SPEC §2 dialog 'Remove user': optional reason (admins only see it), soft deactivation. */
export default function RemoveUserDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const { fetcher, busy, error } = useAdminAction({ onSuccess: onClose });
  return (
    <Modal title="Remove user" description={<>{nameOrUnnamed(user.fullName)} will be deactivated and signed out everywhere. You can restore the account later.</>} onClose={onClose}>
      <FormAlert message={error} />
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="remove_user" />
        <input type="hidden" name="userId" value={user.id} />
        <label htmlFor="remove-reason" className={labelClass}>
          Reason (optional, visible to administrators only)
        </label>
        <textarea id="remove-reason" name="reason" rows={3} maxLength={500} className={inputClass} />
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={dangerButton} disabled={busy}>
            {busy ? 'Removing…' : 'Remove user'}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
