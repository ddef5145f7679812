import { useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useEffect } from 'react';
import { isSignedOutReply, loginPathFor } from './signed-out';

/**
 * Opens the login dialog and comes back to this page afterwards, as a page's own loader would
 * have done: for a caller that read a SIGNED_OUT reply itself (a send, a `fetch`).
 */
export function useSendToLogin(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(() => navigate(loginPathFor(`${pathname}${search}`)), [navigate, pathname, search]);
}

/**
 * When a fetcher's JSON resource answers that the session has ended (401, SIGNED_OUT_REPLY),
 * sends the person to the login dialog, back to this page (useSendToLogin).
 */
export function useLoginWhenSignedOut(reply: unknown): void {
  const sendToLogin = useSendToLogin();
  const signedOut = isSignedOutReply(reply);
  useEffect(() => {
    if (signedOut) sendToLogin();
  }, [signedOut, sendToLogin]);
}
