import { useRowFetcher } from '~/components/forms/use-row-fetcher';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '~/components/toaster';

export interface BookingActionResult {
  readonly ok: boolean;
  readonly intent: string;
  readonly bookingId: string | null;
  readonly message: string;
  readonly code?: string;
  readonly fieldErrors?: Record<string, readonly string[]>;
}

/** SPEC §8: what a failure says when the server could not even answer. */
const FALLBACK: Record<string, string> = {
  cancel: 'Error cancelling booking. Please try again.',
  accept: 'Error accepting booking. Please try again.',
  decline: 'Error declining booking. Please try again.',
  review: 'Error submitting review. Please try again.',
  propose_reschedule: 'Failed to request reschedule',
  accept_reschedule: 'Failed to accept reschedule',
  decline_reschedule: 'Failed to decline reschedule',
  withdraw_reschedule: 'Failed to withdraw reschedule',
};

export function fallbackMessage(intent: string): string {
  return FALLBACK[intent] ?? 'Something went wrong. Please try again.';
}

/**
 * What a refused action says. A form error (field errors) and the rate limit keep their own
 * words (SPEC §5, §8); any other refusal of an action SPEC names is headed by SPEC's text
 * ('Error accepting booking. Please try again.') with the server's reason as the detail.
 */
export function failureText(data: Pick<BookingActionResult, 'intent' | 'message' | 'code' | 'fieldErrors'>): { title: string; detail: string | null } {
  const spec = FALLBACK[data.intent];
  const formError = Object.keys(data.fieldErrors ?? {}).length > 0;
  if (!data.message) return { title: fallbackMessage(data.intent), detail: null };
  if (!spec || formError || data.code === 'RATE_LIMITED' || data.message === spec) return { title: data.message, detail: null };
  return { title: spec, detail: data.message };
}

/**
 * Posts a booking action to the page's route (one action, `intent` + `bookingId`). A success is
 * toasted and `onSuccess` runs (a dialog closes); a refusal is toasted unless a dialog shows it.
 * The answer is handled as soon as it arrives, while the page still revalidates: by the time
 * the lists reload, the card that asked may have moved to another tab and be gone.
 */
export function useBookingAction(options: { onSuccess?: () => void; toastErrors?: boolean } = {}) {
  const fetcher = useRowFetcher<BookingActionResult>();
  const seen = useRef<unknown>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  useEffect(() => {
    if (fetcher.state === 'submitting' || !fetcher.data || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    const data = fetcher.data;
    if (data.ok) {
      showToast({ type: 'success', title: data.message });
      options.onSuccess?.();
    } else if (options.toastErrors) {
      const { title, detail } = failureText(data);
      showToast({ type: 'error', title, ...(detail ? { description: detail } : {}) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  const failed = fetcher.state !== 'submitting' && fetcher.data && !fetcher.data.ok && fetcher.data !== dismissed ? fetcher.data : null;
  const text = failed ? failureText(failed) : null;
  return {
    fetcher,
    busy: fetcher.state !== 'idle',
    error: text?.title ?? null,
    /** The server's reason under SPEC's headline, when there is one. */
    errorDetail: text?.detail ?? null,
    fieldErrors: failed?.fieldErrors ?? {},
    /** Hides the last refusal once the person changes the form. */
    clearError: () => setDismissed(fetcher.data),
  };
}
