/**
 * What the admin pages say after an action (SPEC §8 'Profile and admin' where it gives the
 * words: 'Failed to remove user: {message}', 'Failed to restore user', 'Failed to approve
 * request: {message}', 'Failed to reject request: {message}', 'Failed to process request').
 */
export type AdminIntent = 'remove_user' | 'restore_user' | 'verify_coach' | 'unverify_coach' | 'approve_deletion' | 'reject_deletion' | 'resolve_dispute' | 'cancel_booking' | 'retry_payout';

export interface AdminActionResult {
  readonly ok: boolean;
  readonly intent: AdminIntent;
  /** The user, request or booking acted on. */
  readonly target: string | null;
  readonly message: string;
  /** More words for the toast (the domain's reason when the title is SPEC's fixed text). */
  readonly detail?: string;
  /** After a removal or an approved deletion (decision 016): what happened to the account's bookings. */
  readonly settlement?: SettlementAnswer;
}

export interface SettlementAnswer {
  readonly declined: number;
  readonly cancelled: number;
  /** Sessions under way, in dispute or past their start: an administrator settles them. */
  readonly leftForAdministrator: readonly { bookingId: string; referenceCode: string; status: string; why: string; startsAt: string }[];
}

export const ADMIN_MESSAGES: Record<AdminIntent, { success: string; failure: (message: string) => string }> = {
  remove_user: { success: 'User removed. Their sessions have ended.', failure: (m) => `Failed to remove user: ${m}` },
  restore_user: { success: 'User restored.', failure: () => 'Failed to restore user' },
  verify_coach: { success: 'Coach verified.', failure: (m) => `Failed to verify coach: ${m}` },
  unverify_coach: { success: 'Verification removed.', failure: (m) => `Failed to remove verification: ${m}` },
  approve_deletion: {
    success: 'Deletion request approved. The account is deactivated and its personal data erased.',
    failure: (m) => `Failed to approve request: ${m}`,
  },
  reject_deletion: { success: 'Deletion request rejected.', failure: (m) => `Failed to reject request: ${m}` },
  resolve_dispute: { success: 'Dispute resolved.', failure: (m) => `Failed to resolve dispute: ${m}` },
  cancel_booking: { success: 'Booking cancelled.', failure: (m) => `Failed to cancel booking: ${m}` },
  retry_payout: { success: 'Payout queued again.', failure: (m) => `Failed to retry payout: ${m}` },
};

/** SPEC §8: errors containing 'rate limit' are shown with a warning sign. */
export function withRateLimitSign(message: string): string {
  return /rate limit/i.test(message) ? `⚠️ ${message}` : message;
}

/** When the server could not answer at all. */
export const PROCESS_FAILED = 'Failed to process request';
