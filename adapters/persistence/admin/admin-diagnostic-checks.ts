import { ERASED_EMAIL_DOMAIN, ERASED_NAME } from '../../../domain/accounts/users/user';

export { PACKAGE_CHECKS, PACKAGE_PROBLEMS_SQL, creditPriceSql } from './package-ledger-checks';

/**
 * The consistency checks of DataDiagnostic and `fact diagnose` (decision 056), as SQL. Every
 * check should count zero. They are answered by one statement (admin-diagnostics.query.ts) in
 * three shapes:
 * - scan checks: conditions on one pass over bookings b, left-joined to users c (client) and
 *   k (coach) and to the booking's transfer t (coach_transfers);
 * - indexed checks: each its own count over a partial index whose predicate is the check, so the
 *   index holds only failing rows (Migration20261203182000_diagnostic_check_indexes);
 * - counted checks: a count with no sample;
 * - package checks: the package ledger (package-ledger-checks.ts), one query of problems, each
 *   naming its purchase and what is wrong.
 */
export type CheckSeverity = 'error' | 'warning';

export interface CheckText {
  readonly key: string;
  readonly title: string;
  readonly explanation: string;
  readonly severity: CheckSeverity;
}

export interface ScanCheck extends CheckText {
  readonly condition: string;
}

export interface IndexedCheck extends CheckText {
  /** `from … where …` of the failing rows, using the partial index named in `index`. */
  readonly from: string;
  /** What the sample shows of a failing row (never personal data), in `order`. */
  readonly sample: string;
  readonly order: string;
  readonly index: string;
}

export interface CountedCheck extends CheckText {
  readonly count: string;
}

/**
 * coachShareOf(booking, t.commission_bps) (domain/payouts/coach-share.ts) in SQL, so the check scans
 * once: the session price kept (a late cancellation keeps the session price, anything else loses
 * the admin fee first), less the commission rounded down. test/integration/payouts/operators.test.ts
 * holds the two to the same answers.
 */
const NET_PAID_SQL = 'greatest(0, b.amount_captured_pence - b.amount_refunded_pence)';
const KEPT_SQL = `(case when b.status = 'cancelled' then least(b.service_price_pence, ${NET_PAID_SQL}) else greatest(0, least(b.service_price_pence, ${NET_PAID_SQL} - b.admin_fee_pence)) end)`;
export const COACH_SHARE_SQL = `(${KEPT_SQL} - (${KEPT_SQL}::bigint * t.commission_bps) / 10000)`;

/** A session paid for by a package credit has its money on the purchase, not on the booking (decision 058). */
const NOT_A_PACKAGE_SESSION = 'not exists (select 1 from package_credits pc where pc.booking_id = b.id)';

export const SCAN_CHECKS: readonly ScanCheck[] = [
  {
    key: 'party_missing',
    title: 'Bookings whose client or coach no longer exists',
    explanation: 'The client_id or coach_id points at no user row.',
    severity: 'error',
    condition: 'c.id is null or k.id is null',
  },
  {
    key: 'active_with_gone_party',
    title: 'Open bookings with an erased or deactivated party',
    explanation: 'Pending, confirmed, in-session or disputed bookings where the client or coach has been removed or erased.',
    severity: 'warning',
    condition: `b.status in ('pending','confirmed','in_session','disputed') and (not c.is_active or not k.is_active or c.erased_at is not null or k.erased_at is not null)`,
  },
  {
    key: 'user_id_mismatch',
    title: 'Bookings where user_id differs from client_id',
    explanation: 'SPEC §3: the legacy user_id must equal client_id.',
    severity: 'error',
    condition: 'b.user_id is distinct from b.client_id',
  },
  {
    key: 'totals_do_not_add_up',
    title: 'Bookings whose totals do not add up',
    explanation: 'total must equal service price plus admin fee; captured must not exceed authorised (a refund over the capture has its own check).',
    severity: 'error',
    condition:
      'b.total_price_pence <> b.service_price_pence + b.admin_fee_pence or b.amount_captured_pence > greatest(b.amount_authorized_pence, b.total_price_pence) or b.service_price_pence < 0 or b.admin_fee_pence < 0',
  },
  {
    key: 'session_without_payment',
    title: 'Confirmed sessions with no payment held',
    explanation: 'Confirmed or in-session bookings whose payment is still pending, failed or voided (a completed one has its own check).',
    severity: 'warning',
    condition: `b.status in ('confirmed','in_session') and b.payment_status in ('pending','failed','voided')`,
  },
  {
    key: 'cancelled_still_held',
    title: 'Cancelled bookings with money still on hold',
    explanation: 'A cancelled booking whose card authorisation was not cancelled, or whose captured money was neither refunded nor released after the hold date.',
    severity: 'warning',
    condition: `b.status = 'cancelled' and (b.payment_status = 'authorized' or (b.payment_status = 'captured' and b.payment_held_until < now() - interval '1 hour'))`,
  },
  {
    key: 'paid_out_too_early',
    title: 'Payments released before the session finished',
    explanation: 'Money paid to the coach while the booking is pending, confirmed, in session or disputed.',
    severity: 'error',
    condition: `b.payment_status = 'released' and b.status in ('pending','confirmed','in_session','disputed')`,
  },
  {
    key: 'refunded_but_active',
    title: 'Refunded or voided payments on live bookings',
    explanation: 'The client got the money back but the booking is still confirmed or in session.',
    severity: 'error',
    condition: `b.payment_status in ('refunded','voided') and b.status in ('confirmed','in_session')`,
  },
  {
    key: 'release_overdue',
    title: 'Releases overdue by more than a day',
    explanation: 'Completed, undisputed bookings whose hold ended over 24 hours ago and whose money is still held.',
    severity: 'warning',
    condition: `b.status = 'completed' and b.payment_status in ('captured','partially_refunded') and b.payment_released_at is null and b.payment_held_until < now() - interval '24 hours' and b.dispute_status is distinct from 'open'`,
  },
  {
    key: 'dispute_state_mismatch',
    title: 'Dispute flag and status out of step',
    explanation: "A booking is 'disputed' exactly when its dispute is open.",
    severity: 'error',
    condition: `(b.status = 'disputed') <> (b.dispute_status is not distinct from 'open')`,
  },
  {
    key: 'released_without_transfer',
    title: 'Released payments with no coach transfer',
    explanation: "Money released over an hour ago with no transfer of the coach's share recorded: `fact payments reconcile` queues it.",
    severity: 'error',
    // A session paid with a package has no card payment of its own: its transfer is made from the purchase's.
    condition: `b.payment_status = 'released' and (b.payment_intent_id is not null or b.package_purchase_id is not null) and t.booking_id is null and b.payment_released_at < now() - interval '1 hour'`,
  },
  {
    key: 'transfer_split_mismatch',
    title: 'Coach transfers that do not match the payout policy',
    explanation: "Coach share plus platform share must equal captured minus refunded, and the coach share must be the session price kept less the transfer's commission (decision 012).",
    severity: 'error',
    condition: `t.booking_id is not null and (t.coach_share_pence + t.platform_share_pence <> b.amount_captured_pence - b.amount_refunded_pence or t.coach_share_pence <> ${COACH_SHARE_SQL})`,
  },
  {
    key: 'transfer_over_coach_share',
    title: "Transfers larger than the coach's share",
    explanation: "The coach's transfer is more than the session price kept less the commission (decision 012): the platform pays the coach money that is not theirs. Also counted as a split mismatch.",
    severity: 'error',
    condition: `t.booking_id is not null and t.coach_share_pence > ${COACH_SHARE_SQL}`,
  },
  {
    key: 'transfer_to_erased_coach',
    title: 'Transfers still to be sent to an erased coach',
    explanation: 'Waiting or pending transfers whose coach has been erased or whose deletion was approved: decide what happens to the money.',
    severity: 'warning',
    condition: `t.status in ('waiting','pending') and exists (select 1 from users e where e.id = t.coach_id and (e.erased_at is not null or exists (select 1 from account_deletion_requests d where d.user_id = e.id and d.status = 'approved')))`,
  },
];

export const SCAN_FROM = 'from bookings b left join users c on c.id = b.client_id left join users k on k.id = b.coach_id left join coach_transfers t on t.booking_id = b.id';

export const INDEXED_CHECKS: readonly IndexedCheck[] = [
  {
    key: 'completed_not_captured',
    title: 'Completed sessions whose payment was never captured',
    explanation: 'The session took place but the payment is still pending, only authorised, failed or voided: the coach is never paid.',
    severity: 'error',
    from: `from bookings b where b.status = 'completed' and b.total_price_pence > 0 and b.payment_status in ('pending', 'authorized', 'failed', 'voided') and ${NOT_A_PACKAGE_SESSION}`,
    sample: 'b.reference_code',
    order: 'b.created_at desc, b.id desc',
    index: 'bookings_completed_uncaptured',
  },
  {
    key: 'released_without_capture',
    title: 'Money released that was never captured',
    explanation: "The payment is marked released to the coach but nothing was captured from the client: the coach's share would come from nowhere.",
    severity: 'error',
    from: `from bookings b where b.payment_status = 'released' and b.amount_captured_pence = 0 and ${NOT_A_PACKAGE_SESSION}`,
    sample: 'b.reference_code',
    order: 'b.created_at desc, b.id desc',
    index: 'bookings_released_uncaptured',
  },
  {
    key: 'refund_over_capture',
    title: 'Refunds larger than the capture',
    explanation: 'More was refunded to the client than was ever captured.',
    severity: 'error',
    from: 'from bookings b where b.amount_refunded_pence > b.amount_captured_pence',
    sample: 'b.reference_code',
    order: 'b.created_at desc, b.id desc',
    index: 'bookings_refund_over_capture',
  },
  {
    key: 'erased_with_identity',
    title: 'Erased accounts that still hold an email or name',
    explanation: `An erased account must be called '${ERASED_NAME}' with the email deleted-<id>@${ERASED_EMAIL_DOMAIN} (decision 038). The sample gives account ids, never what was left.`,
    severity: 'error',
    // Spelled as the index's predicate, so the planner can use it.
    from: `from users u where u.erased_at is not null and (u.email <> ('deleted-' || u.id::text || '@${ERASED_EMAIL_DOMAIN}') or u.full_name is distinct from '${ERASED_NAME}')`,
    sample: 'u.id::text',
    order: 'u.created_at desc, u.id desc',
    index: 'users_erased_with_identity',
  },
];

export const COUNTED_CHECKS: readonly CountedCheck[] = [
  {
    key: 'stray_messages',
    title: 'Messages sent by someone outside the booking',
    explanation: 'The sender is neither party of the booking nor an administrator.',
    severity: 'error',
    count: `select count(*) from messages m join bookings b on b.id = m.booking_id
      where m.sender_id not in (b.client_id, b.coach_id) and not exists (select 1 from users a where a.id = m.sender_id and a.role = 'admin')`,
  },
  {
    key: 'coach_without_profile',
    title: 'Coaches without a coach profile',
    explanation: 'They cannot be listed on FindCoaches.',
    severity: 'warning',
    count: `select count(*) from users u where u.user_type = 'coach' and not exists (select 1 from coach_profiles p where p.user_id = u.id)`,
  },
  {
    key: 'pending_for_erased',
    title: 'Pending deletion requests of erased accounts',
    explanation: 'The account is already erased; the request should be closed.',
    severity: 'warning',
    count: `select count(*) from account_deletion_requests d join users u on u.id = d.user_id where d.status = 'pending' and u.erased_at is not null`,
  },
];
