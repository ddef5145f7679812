import type { AdminBookingRow } from '../../../adapters/persistence/admin/admin-bookings.query';

/** The answer of GET /admin/booking-search. */
export type ReferenceSearchReply =
  | { readonly ok: true; readonly query: string; readonly items: AdminBookingRow[]; readonly more: boolean }
  | { readonly ok: false; readonly code: string; readonly message: string };

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
