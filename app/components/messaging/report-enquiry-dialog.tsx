import { useState } from 'react';
import { FormAlert, Modal, dangerButton, inputClass, labelClass, secondaryButton } from '../booking/modal';
import { isSignedOutReply } from '../../auth/signed-out';

const MAX_REASON = 1000;

/**
 * 'Report to FACT': the coach tells the administrators about an enquiry, with a reason. The
 * server refuses a blank reason or a second report with words shown here.
 */
export function ReportEnquiryDialog({ enquiryId, onClose, onReported, onSignedOut }: { enquiryId: string; onClose: () => void; onReported: () => void; onSignedOut: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const blank = reason.trim() === '';

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (blank) {
      setError('Please say why you are reporting this enquiry.');
      return;
    }
    setBusy(true);
    try {
      const response = await fetch('/api/enquiry-report', { method: 'POST', body: new FormData(e.currentTarget), headers: { Accept: 'application/json' } });
      const body = (await response.json()) as { ok: boolean; error?: string };
      if (isSignedOutReply(body)) return onSignedOut();
      if (body.ok) return onReported();
      setError(body.error ?? 'Failed to send the report. Please try again.');
    } catch {
      setError('Failed to send the report. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Report to FACT" description="Tell the FACT team what is wrong with this enquiry. The client is not told who reported it or why." onClose={onClose}>
      <form method="post" action="/api/enquiry-report" noValidate onSubmit={(e) => void submit(e)}>
        <input type="hidden" name="enquiryId" value={enquiryId} />
        <FormAlert message={error} />
        <label htmlFor="enquiry-report-reason" className={labelClass}>
          Reason
        </label>
        <textarea
          id="enquiry-report-reason"
          name="reason"
          rows={4}
          maxLength={MAX_REASON}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          placeholder="For example: spam, abusive language, asking to pay outside FACT"
          className={inputClass}
          aria-invalid={error ? true : undefined}
        />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={busy || blank} className={dangerButton}>
            {busy ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
