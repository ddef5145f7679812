import { toCount, toIsoRequired, toText, type Sql } from './sql';

/**
 * DataDiagnostic (admins only) and `fact diagnose`: counts, and consistency checks that should
 * all be zero. Booking checks share one scan of bookings; samples are read only for failing checks.
 */
export type CheckSeverity = 'error' | 'warning';

export interface DiagnosticCheck {
  readonly key: string;
  readonly title: string;
  readonly explanation: string;
  readonly severity: CheckSeverity;
  readonly count: number;
  /** Up to 10 booking references (or ids) that fail the check. */
  readonly sample: string[];
}

interface CheckDefinition {
  key: string;
  title: string;
  explanation: string;
  severity: CheckSeverity;
  /** A boolean SQL condition on bookings b, left-joined to users c (client) and k (coach) and to its transfer t (coach_transfers). */
  condition: string;
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

const BOOKING_CHECKS: readonly CheckDefinition[] = [
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
    explanation: 'total must equal service price plus admin fee; refunded must not exceed captured, captured not exceed authorised.',
    severity: 'error',
    condition:
      'b.total_price_pence <> b.service_price_pence + b.admin_fee_pence or b.amount_refunded_pence > b.amount_captured_pence or b.amount_captured_pence > greatest(b.amount_authorized_pence, b.total_price_pence) or b.service_price_pence < 0 or b.admin_fee_pence < 0',
  },
  {
    key: 'session_without_payment',
    title: 'Confirmed or finished sessions with no payment held',
    explanation: 'Confirmed, in-session or completed bookings whose payment is still pending, failed or voided.',
    severity: 'warning',
    condition: `b.status in ('confirmed','in_session','completed') and b.payment_status in ('pending','failed','voided')`,
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
    condition: `b.payment_status = 'released' and b.payment_intent_id is not null and t.booking_id is null and b.payment_released_at < now() - interval '1 hour'`,
  },
  {
    key: 'transfer_split_mismatch',
    title: 'Coach transfers that do not match the payout policy',
    explanation: "Coach share plus platform share must equal captured minus refunded, and the coach share must be the session price kept less the transfer's commission (decision 012).",
    severity: 'error',
    condition: `t.booking_id is not null and (t.coach_share_pence + t.platform_share_pence <> b.amount_captured_pence - b.amount_refunded_pence or t.coach_share_pence <> ${COACH_SHARE_SQL})`,
  },
  {
    key: 'transfer_to_erased_coach',
    title: 'Transfers still to be sent to an erased coach',
    explanation: 'Waiting or pending transfers whose coach has been erased or whose deletion was approved: decide what happens to the money.',
    severity: 'warning',
    condition: `t.status in ('waiting','pending') and exists (select 1 from users e where e.id = t.coach_id and (e.erased_at is not null or exists (select 1 from account_deletion_requests d where d.user_id = e.id and d.status = 'approved')))`,
  },
];

const JOINS = 'from bookings b left join users c on c.id = b.client_id left join users k on k.id = b.coach_id left join coach_transfers t on t.booking_id = b.id';

async function bookingChecks(sql: Sql): Promise<DiagnosticCheck[]> {
  const select = BOOKING_CHECKS.map((c, i) => `count(*) filter (where ${c.condition}) as c${i}`).join(', ');
  const [counts] = await sql<Record<string, unknown>>(`select ${select} ${JOINS}`);
  return Promise.all(
    BOOKING_CHECKS.map(async (check, i) => {
      const count = toCount(counts?.[`c${i}`]);
      const sample = count === 0 ? [] : (await sql<{ ref: string }>(`select b.reference_code as ref ${JOINS} where ${check.condition} order by b.created_at desc limit 10`)).map((r) => r.ref);
      const { condition: _condition, ...rest } = check;
      return { ...rest, count, sample };
    }),
  );
}

async function otherChecks(sql: Sql): Promise<DiagnosticCheck[]> {
  const [r] = await sql<Record<string, unknown>>(`
    select
      (select count(*) from messages m join bookings b on b.id = m.booking_id
        where m.sender_id not in (b.client_id, b.coach_id) and not exists (select 1 from users a where a.id = m.sender_id and a.role = 'admin')) as stray_messages,
      (select count(*) from users u where u.user_type = 'coach' and not exists (select 1 from coach_profiles p where p.user_id = u.id)) as coach_without_profile,
      (select count(*) from account_deletion_requests d join users u on u.id = d.user_id where d.status = 'pending' and u.erased_at is not null) as pending_for_erased`);
  const n = (k: string) => toCount(r?.[k]);
  return [
    {
      key: 'stray_messages',
      title: 'Messages sent by someone outside the booking',
      explanation: 'The sender is neither party of the booking nor an administrator.',
      severity: 'error',
      count: n('stray_messages'),
      sample: [],
    },
    {
      key: 'coach_without_profile',
      title: 'Coaches without a coach profile',
      explanation: 'They cannot be listed on FindCoaches.',
      severity: 'warning',
      count: n('coach_without_profile'),
      sample: [],
    },
    {
      key: 'pending_for_erased',
      title: 'Pending deletion requests of erased accounts',
      explanation: 'The account is already erased; the request should be closed.',
      severity: 'warning',
      count: n('pending_for_erased'),
      sample: [],
    },
  ];
}

export interface DiagnosticCounts {
  readonly users: number;
  readonly clients: number;
  readonly coaches: number;
  readonly admins: number;
  readonly deactivated: number;
  readonly erased: number;
  readonly bookings: number;
  readonly bookingsByStatus: Record<string, number>;
  readonly messages: number;
  readonly unreadMessages: number;
  readonly reviews: number;
  readonly deletionRequests: Record<string, number>;
  readonly outboxFailed: number;
}

async function diagnosticCounts(sql: Sql): Promise<DiagnosticCounts> {
  const [u] = await sql<Record<string, unknown>>(`
    select count(*) as users, count(*) filter (where role = 'user' and user_type in ('client','user')) as clients,
      count(*) filter (where role = 'user' and user_type = 'coach') as coaches, count(*) filter (where role = 'admin') as admins,
      count(*) filter (where not is_active) as deactivated, count(*) filter (where erased_at is not null) as erased,
      (select count(*) from messages) as messages, (select count(*) from messages where not is_read) as unread_messages,
      (select count(*) from reviews) as reviews,
      (select count(*) from outbox_jobs where status = 'failed') as outbox_failed
    from users`);
  const byStatus = await sql<{ status: string; n: unknown }>(`select status, count(*) as n from bookings group by status order by status`);
  const requests = await sql<{ status: string; n: unknown }>(`select status, count(*) as n from account_deletion_requests group by status order by status`);
  const n = (k: string) => toCount(u?.[k]);
  const bookingsByStatus = Object.fromEntries(byStatus.map((s) => [s.status, toCount(s.n)]));
  return {
    users: n('users'),
    clients: n('clients'),
    coaches: n('coaches'),
    admins: n('admins'),
    deactivated: n('deactivated'),
    erased: n('erased'),
    bookings: Object.values(bookingsByStatus).reduce((a, b) => a + b, 0),
    bookingsByStatus,
    messages: n('messages'),
    unreadMessages: n('unread_messages'),
    reviews: n('reviews'),
    deletionRequests: Object.fromEntries(requests.map((s) => [s.status, toCount(s.n)])),
    outboxFailed: n('outbox_failed'),
  };
}

export interface DiagnosticMessageRow {
  readonly id: string;
  readonly bookingId: string;
  readonly referenceCode: string;
  readonly senderName: string;
  readonly receiverName: string;
  readonly preview: string;
  readonly isRead: boolean;
  readonly createdAt: string;
}

/** The newest messages (a preview of 120 characters), for the diagnostic listing. */
export async function listRecentMessages(sql: Sql, limit = 25): Promise<DiagnosticMessageRow[]> {
  const rows = await sql<Record<string, unknown>>(
    `select m.id, m.booking_id, b.reference_code, coalesce(s.full_name, '') as sender_name, coalesce(r.full_name, '') as receiver_name,
       left(m.content, 120) as preview, m.is_read, m.created_at
     from messages m join bookings b on b.id = m.booking_id left join users s on s.id = m.sender_id left join users r on r.id = m.receiver_id
     order by m.created_at desc, m.id desc limit ?`,
    [limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    bookingId: String(r.booking_id),
    referenceCode: String(r.reference_code),
    senderName: String(r.sender_name),
    receiverName: String(r.receiver_name),
    preview: toText(r.preview) ?? '',
    isRead: Boolean(r.is_read),
    createdAt: toIsoRequired(r.created_at),
  }));
}

export interface AuditRow {
  readonly id: string;
  readonly actorId: string | null;
  readonly actorName: string | null;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string | null;
  readonly details: Record<string, unknown>;
  readonly createdAt: string;
}

export async function listRecentAudit(sql: Sql, limit = 20): Promise<AuditRow[]> {
  const rows = await sql<Record<string, unknown>>(
    `select a.id, a.actor_id, u.full_name as actor_name, a.action, a.target_type, a.target_id, a.details, a.created_at
     from audit_log a left join users u on u.id = a.actor_id order by a.created_at desc, a.id desc limit ?`,
    [limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    actorId: toText(r.actor_id),
    actorName: toText(r.actor_name),
    action: String(r.action),
    targetType: String(r.target_type),
    targetId: toText(r.target_id),
    details: typeof r.details === 'object' && r.details !== null ? (r.details as Record<string, unknown>) : {},
    createdAt: toIsoRequired(r.created_at),
  }));
}

export interface DiagnosticsReport {
  readonly counts: DiagnosticCounts;
  readonly checks: DiagnosticCheck[];
  /** True when every error-level check is zero. */
  readonly healthy: boolean;
}

export async function runDiagnostics(sql: Sql): Promise<DiagnosticsReport> {
  const [counts, booking, other] = await Promise.all([diagnosticCounts(sql), bookingChecks(sql), otherChecks(sql)]);
  const checks = [...booking, ...other];
  return { counts, checks, healthy: checks.every((c) => c.severity !== 'error' || c.count === 0) };
}
