import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { showToast } from '~/components/toaster';
import { PROCESS_FAILED, withRateLimitSign, type AdminActionResult } from '~/admin/admin-messages';

/**
 * Posts an admin action (`intent` + ids) to the page's route. Success and refusal are toasted
 * (with the SPEC's words, composed on the server); `onSuccess` closes a dialog.
 */
export function useAdminAction(options: { onSuccess?: (data: AdminActionResult) => void } = {}) {
  const fetcher = useFetcher<AdminActionResult>();
  const seen = useRef<unknown>(null);
  useEffect(() => {
    // The answer arrives while the page revalidates (state 'loading'): toast it then, before the
    // revalidated list can unmount the row or dialog that asked.
    if (!fetcher.data || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    const data = fetcher.data;
    if (data.ok) {
      showToast({ type: 'success', title: data.message, ...(data.detail ? { description: data.detail } : {}) });
      options.onSuccess?.(data);
    } else {
      showToast({ type: 'error', title: withRateLimitSign(data.message || PROCESS_FAILED), description: data.detail });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return { fetcher, busy: fetcher.state !== 'idle', error: failed ? (failed.detail ?? failed.message) : null };
}
