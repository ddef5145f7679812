import { useState, type ReactNode } from 'react';
import { FieldError, FormAlert, Modal, dangerButton, inputClass, labelClass, primaryButton, secondaryButton } from './modal';
import { useBookingAction } from './use-booking-action';

/**
 * A dialog that asks for a reason or a description and posts one booking action: cancel,
 * decline (SPEC 'Decline Booking Request'), report an issue, complete early. `notice` goes above
 * the field: what the action does with the money, for cancelling and declining.
 */
export function ReasonDialog({
  title,
  description,
  intent,
  bookingId,
  field = 'reason',
  label,
  placeholder,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  disableUntilFilled = false,
  notice,
  onClose,
}: {
  title: string;
  description?: ReactNode;
  intent: string;
  bookingId: string;
  field?: 'reason' | 'description';
  label: string;
  placeholder?: string;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  disableUntilFilled?: boolean;
  notice?: ReactNode;
  onClose: () => void;
}) {
  const { fetcher, busy, error, errorDetail, fieldErrors, clearError } = useBookingAction({ onSuccess: onClose });
  const [value, setValue] = useState('');
  const empty = value.trim() === '';
  return (
    <Modal title={title} description={description} onClose={onClose}>
      <fetcher.Form method="post" noValidate onChange={clearError}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="bookingId" value={bookingId} />
        <FormAlert message={error} detail={errorDetail} />
        {notice}
        <label htmlFor={`${intent}-${field}`} className={labelClass}>
          {label}
        </label>
        <textarea
          id={`${intent}-${field}`}
          name={field}
          rows={4}
          maxLength={field === 'description' ? 2000 : 500}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={placeholder}
          className={inputClass}
          aria-invalid={fieldErrors[field] ? true : undefined}
        />
        <FieldError id={`${intent}-${field}-error`} messages={fieldErrors[field]} />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            {cancelLabel}
          </button>
          <button type="submit" disabled={busy || (disableUntilFilled && empty)} className={tone === 'danger' ? dangerButton : primaryButton}>
            {busy ? 'Please wait…' : confirmLabel}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

/** SPEC §2 'Decline Booking Request': a reason shared with the client; confirm disabled until one is typed. */
export function DeclineDialog({ bookingId, clientName, notice, onClose }: { bookingId: string; clientName: string; notice?: ReactNode; onClose: () => void }) {
  return (
    <ReasonDialog
      title="Decline Booking Request"
      description={`Please give ${clientName} a reason. It will be shared with them.`}
      intent="decline"
      bookingId={bookingId}
      label="Reason for declining"
      placeholder="For example: I am away that week."
      confirmLabel="Decline Request"
      cancelLabel="Cancel"
      disableUntilFilled
      notice={notice}
      onClose={onClose}
    />
  );
}
