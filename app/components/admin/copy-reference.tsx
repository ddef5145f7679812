import { showToast } from '~/components/toaster';
import { SEARCH_MESSAGES } from './reference-search-types';

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
  return (
    <button
      type="button"
      onClick={() => void copyReference(reference)}
      className="copy-btn"
      aria-label={`Copy reference ${reference}`}
      title="Copy reference"
    />
  );
}
