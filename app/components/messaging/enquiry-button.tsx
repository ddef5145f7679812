import { Link, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loginPathFor } from '../../auth/signed-out';
import { SHELL_ROUTE_ID, type ShellData } from '../shell/shell-user';
import { secondaryButton } from '../booking/button-classes';

const EnquiryDialog = lazy(() => import('./enquiry-dialog').then((m) => ({ default: m.EnquiryDialog })));

/**
 * 'Message' on a coach's profile (decision 052). Signed out, it asks the visitor to log in or
 * register and comes back here with the dialog open (`open=enquiry`). Signed in as a client, it
 * opens the enquiry dialog. Coaches and administrators do not start enquiries: no button.
 */
export function EnquiryButton({ coachId, coachName }: { coachId: string; coachName: string }) {
  const user = useRouteLoaderData<ShellData>(SHELL_ROUTE_ID)?.user ?? null;
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const asked = params.get('open') === 'enquiry';
  const mayAsk = user !== null && user.role !== 'admin' && user.userType === 'client' && user.id !== coachId;

  useEffect(() => {
    if (asked && mayAsk) setOpen(true);
  }, [asked, mayAsk]);

  if (user === null)
    return (
      <Link to={loginPathFor(`/CoachProfile?userId=${coachId}&open=enquiry`)} className={secondaryButton}>
        Message
      </Link>
    );
  if (!mayAsk) return null;

  const close = () => {
    setOpen(false);
    if (asked) {
      const next = new URLSearchParams(params);
      next.delete('open');
      setParams(next, { replace: true, preventScrollReset: true });
    }
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={secondaryButton} aria-haspopup="dialog">
        Message
      </button>
      {open ? (
        <Suspense fallback={null}>
          <EnquiryDialog coachId={coachId} coachName={coachName} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
