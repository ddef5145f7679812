import { Link, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import type { BookedSummary } from '~/components/booking/booking-dialog';
import { BookingDialog, PaymentStep } from '~/components/lazy-dialogs';
import { primaryButton } from '~/components/booking/button-classes';
import { loginPathFor } from '~/auth/signed-out';
import { DIALOG_PARAM, withoutDialog } from '~/public/dialog-param';
import { coachProfileBookPath } from '~/public/profile-actions-paths';

/**
 * 'Book' on a coach's profile. Signed in, it opens the booking dialog FindCoaches' cards open
 * (and `open=book` opens it on load); signed out, it goes to the login dialog, from which the
 * visitor may register instead, and comes back here with the dialog open.
 */
export function BookCoachButton({ coachId, coachName, signedIn, forPlayerId }: { coachId: string; coachName: string; signedIn: boolean; forPlayerId: string | null }) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(() => signedIn && params.get(DIALOG_PARAM) === 'book');
  const [booked, setBooked] = useState<BookedSummary | null>(null);
  const label = `Book a session with ${coachName}`;
  if (!signedIn) {
    return (
      <Link to={loginPathFor(coachProfileBookPath(coachId, forPlayerId))} className={primaryButton} aria-label={label}>
        Book
      </Link>
    );
  }
  const close = () => {
    setOpen(false);
    if (params.get(DIALOG_PARAM) === 'book') setParams(withoutDialog(params), { replace: true, preventScrollReset: true });
  };
  return (
    <>
      <button type="button" className={primaryButton} onClick={() => setOpen(true)} aria-label={label}>
        Book
      </button>
      {open ? (
        <BookingDialog
          coachId={coachId}
          coachName={coachName}
          playerId={forPlayerId}
          onClose={close}
          onBooked={(b) => {
            close();
            setBooked(b);
          }}
        />
      ) : null}
      {booked ? <PaymentStep booking={booked} onDone={() => setBooked(null)} /> : null}
    </>
  );
}
