import { useLocation, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { isSignedOutReply, loginPathFor } from './signed-out';

/**
 * When a JSON resource answers that the session has ended (401, SIGNED_OUT_REPLY), opens the login
 * dialog and comes back to this page afterwards, as a page's own loader would have done.
 */
export function useLoginWhenSignedOut(reply: unknown): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedOut = isSignedOutReply(reply);
  useEffect(() => {
    if (signedOut) navigate(loginPathFor(`${pathname}${search}`));
  }, [signedOut, navigate, pathname, search]);
}
