import { showToast } from '~/components/toaster';

/** SPEC §8 'Search' messages, word for word. */
export const SEARCH_MESSAGES = {
  noneInline: 'No bookings found with that reference',
  noneToast: (text: string) => `No bookings found for "${text}"`,
  one: (reference: string) => `Found booking ${reference}`,
  many: (n: number) => `Found ${n} matching bookings`,
  failed: 'Failed to search bookings. Please try again.',
  failedWith: (message: string) => `Search failed: ${message}`,
  viewing: (reference: string) => `Viewing details for ${reference}`,
  copied: 'Booking reference copied to clipboard',
  copyFailed: 'Failed to copy reference',
} as const;

/** A booking reference to the clipboard, said in a toast (SPEC §8 'Search'): AdminBookings' rows and the search's detail card. */
export async function copyReference(reference: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(reference);
    showToast({ type: 'success', title: SEARCH_MESSAGES.copied });
  } catch {
    showToast({ type: 'error', title: SEARCH_MESSAGES.copyFailed });
  }
}

export function CopyButton({ reference }: { reference: string }) {
  return <button type="button" onClick={() => void copyReference(reference)} className="copy-btn" aria-label={`Copy reference ${reference}`} title="Copy reference" />;
}
