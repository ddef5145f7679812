import { useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { isSignedOutReply, loginPathFor } from '../../auth/signed-out';
import { FormAlert, Modal, inputClass, labelClass, primaryButton, secondaryButton } from '../booking/modal';
import { MAX_LENGTH } from './composer';

/**
 * The 'Message' dialog of a coach's profile: a client's question before booking. The first
 * message opens an enquiry, later ones continue it; the server enforces who may ask, the
 * message limit and the five-new-coaches-a-day rule, and its words are shown here.
 */
export function EnquiryDialog({ coachId, coachName, onClose }: { coachId: string; coachName: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const length = content.trim().length;

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || length === 0 || length > MAX_LENGTH) return;
    setBusy(true);
    try {
      const response = await fetch('/api/enquiries', { method: 'POST', body: new FormData(e.currentTarget), headers: { Accept: 'application/json' } });
      const body = (await response.json()) as { ok: boolean; enquiryId?: string; error?: string };
      if (isSignedOutReply(body)) return navigate(loginPathFor(`/CoachProfile?userId=${coachId}&open=enquiry`));
      if (body.ok && body.enquiryId) return navigate(`/Conversation?enquiry_id=${body.enquiryId}`);
      setError(body.error ?? 'Failed to send message. Please try again.');
    } catch {
      setError('Failed to send message. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={`Message ${coachName}`}
      description="Ask a question before you book. It appears in your Messages as an enquiry, and becomes your booking’s conversation if you book this coach."
      onClose={onClose}
    >
      <form method="post" action="/api/enquiries" noValidate onSubmit={(e) => void submit(e)}>
        <input type="hidden" name="coachId" value={coachId} />
        <FormAlert message={error} />
        <label htmlFor="enquiry-content" className={labelClass}>
          Your message
        </label>
        <textarea
          id="enquiry-content"
          name="content"
          rows={5}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            setError(null);
          }}
          placeholder="Type your message..."
          className={inputClass}
          aria-invalid={error ? true : undefined}
        />
        <p className={`mt-1 text-right text-xs ${length > MAX_LENGTH ? 'font-semibold text-red-700' : 'text-slate-500'}`}>
          {length} / {MAX_LENGTH}
        </p>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={busy || length === 0 || length > MAX_LENGTH} className={primaryButton}>
            {busy ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
