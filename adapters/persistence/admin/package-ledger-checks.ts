import type { CheckText } from './admin-diagnostic-checks';

/**
 * The package ledger checks of DataDiagnostic and `fact diagnose` (issue 48, decisions 058–060),
 * as one set-based query: every paid purchase, its credits and the sessions booked from it are
 * read once, and each problem comes back as a row naming the purchase and what is wrong. The
 * report (admin-diagnostics.query.ts) counts them per check and keeps the newest 10 of each.
 *
 * What must hold for a paid purchase:
 * - package_credit_count: one credit per session, numbered 0 … N − 1.
 * - package_credit_booking: a booked, used or released credit names a booking of this purchase,
 *   between its client and coach, priced at the credit's price and captured, in a state that
 *   agrees with the credit's (booked: a live or completed session with its money held; used: a
 *   late cancellation or a completed session, money held; released: its money released).
 * - package_booking_without_credit: a booking paid with the package holds one of its credits,
 *   unless it gave it back (a decline or an early cancellation, or a dispute's full refund: its
 *   payment then reads refunded in full), or a lost chargeback took the package's credits back.
 * - package_payment_mismatch: what the card payment shows received less refunded equals what
 *   the client paid, less the ledger's refunds (refunded credits, the admin fee if it went back)
 *   and less the part refunds a dispute made on a session still holding its credit, which the
 *   credits do not record. A lost chargeback is not a refund: the card payment does not show it,
 *   so charged-back pence are not taken off.
 * - package_transfer_mismatch: the transfers made from the purchase's card payment, less their
 *   reversals, equal the coach's shares of its released credits (by each transfer's commission)
 *   less what was reversed of them.
 * The two money checks read the offline test gateway's own record (test_gateway_intents and
 * test_gateway_transfers); a purchase paid through Stripe has no row there, and is left to
 * `fact payments reconcile`.
 */
export const PACKAGE_CHECKS: readonly CheckText[] = [
  {
    key: 'package_credit_count',
    title: 'Packages whose credits do not match their sessions',
    explanation: 'A paid package has exactly one credit per session it was bought with, numbered from the first to the last.',
    severity: 'error',
  },
  {
    key: 'package_credit_booking',
    title: 'Package credits out of step with their sessions',
    explanation:
      "A booked, used or released credit must name an existing session of the same package, between its client and coach, priced at the credit's price, whose state agrees: booked with a session still to happen or completed and its money held, used with a late cancellation, released with its money released.",
    severity: 'error',
  },
  {
    key: 'package_booking_without_credit',
    title: 'Sessions paid with a package that hold no credit of it',
    explanation: 'A session booked from a package holds one of its credits, unless the credit went back (a decline, an early cancellation or a full refund).',
    severity: 'error',
  },
  {
    key: 'package_payment_mismatch',
    title: "Package payments that do not match the package's ledger",
    explanation:
      "What the card payment shows received less refunded must equal what the client paid less the package's refunds (refunded sessions, the admin fee if it went back, a dispute's part refund of a session). Offline test gateway only.",
    severity: 'error',
  },
  {
    key: 'package_transfer_mismatch',
    title: 'Transfers from a package that do not match its released sessions',
    explanation: "The transfers from the package's card payment, less reversals, must equal the coach's shares of its released sessions less reversals. Offline test gateway only.",
    severity: 'error',
  },
];

const pounds = (pence: string): string => `('£' || to_char((${pence}) / 100.0, 'FM999999990.00'))`;

/** sessionPricePence (domain/packages/session-prices.ts) in SQL: total ÷ N rounded down, the last credit the remainder. */
export const creditPriceSql = (position: string, sessions: string, total: string): string =>
  `(case when ${position} = ${sessions} - 1 then ${total} - (${total} / ${sessions}) * (${sessions} - 1) else ${total} / ${sessions} end)`;

/** coachShareOf for a package session (no admin fee): the credit's price kept, less the transfer's commission rounded down. */
const KEPT = 'greatest(0, least(s.price_pence, s.amount_captured_pence - s.amount_refunded_pence))';
const SHARE = `(${KEPT} - (${KEPT}::bigint * s.commission_bps) / 10000)`;

/** A session holding a credit of its package, whose state or price disagrees with the credit's: why, or null. */
const SESSION_WHY = `case
  when s.client_id <> s.purchase_client_id or s.coach_id <> s.purchase_coach_id then format('booking %s is not between the package''s client and coach', s.reference_code)
  when not (case s.state
      when 'booked' then s.status in ('pending', 'confirmed', 'in_session', 'completed', 'disputed') and s.payment_status in ('captured', 'partially_refunded')
      when 'used' then s.status in ('completed', 'cancelled', 'disputed') and s.payment_status in ('captured', 'partially_refunded')
      else s.payment_status = 'released' end)
    then format('booking %s is %s with its payment %s', s.reference_code, s.status, s.payment_status)
  when s.service_price_pence <> s.price_pence or s.admin_fee_pence <> 0 or s.amount_captured_pence <> s.price_pence
    then format('booking %s costs %s + %s fee with %s captured, the credit %s', s.reference_code, ${pounds('s.service_price_pence')}, ${pounds('s.admin_fee_pence')},
                ${pounds('s.amount_captured_pence')}, ${pounds('s.price_pence')})
  end`;

/**
 * Every problem as (purchase_id, created_at, key, what), in one pass over paid purchases, their
 * credits, and the bookings paid with a package (bookings_by_package), each with the credit of
 * its package it holds and its transfer. The test gateway's transfers are summed once per card
 * payment (test_gateway_transfers_by_source).
 */
export const PACKAGE_PROBLEMS_SQL = `
  with paid as (
    select p.id, p.client_id, p.coach_id, p.sessions, p.total_price_pence, p.admin_fee_pence, p.admin_fee_refunded,
           p.admin_fee_charged_back_pence, p.payment_intent_id, p.created_at
      from package_purchases p where p.paid_at is not null
  ),
  credit as materialized (
    select c.purchase_id, c.position, c.state, c.booking_id, pa.sessions, pa.created_at, ${creditPriceSql('c.position', 'pa.sessions', 'pa.total_price_pence')} as price_pence
      from package_credits c join paid pa on pa.id = c.purchase_id
  ),
  credit_totals as (
    select cr.purchase_id, count(*) as credits, max(cr.position) as top, coalesce(sum(cr.price_pence) filter (where cr.state = 'refunded'), 0) as refunded_pence
      from credit cr group by cr.purchase_id
  ),
  session as materialized (
    select b.id, b.package_purchase_id, b.reference_code, b.client_id, b.coach_id, b.status, b.payment_status, b.service_price_pence, b.admin_fee_pence,
           b.amount_captured_pence, b.amount_refunded_pence, b.dispute_outcome, p.paid_at, p.created_at, p.client_id as purchase_client_id, p.coach_id as purchase_coach_id,
           cr.position, cr.sessions, cr.state, cr.price_pence, ct.status as transfer_status, ct.commission_bps, ct.coach_share_pence, ct.reversed_pence
      from bookings b join package_purchases p on p.id = b.package_purchase_id
      left join credit cr on cr.booking_id = b.id and cr.purchase_id = b.package_purchase_id
      left join coach_transfers ct on ct.booking_id = b.id
     where b.package_purchase_id is not null
  ),
  session_totals as (
    select s.package_purchase_id as purchase_id,
           -- A dispute's refund of a session holding its credit went back to the card; a credit given back moved no card money.
           coalesce(sum(s.amount_refunded_pence) filter (where s.state is not null and s.dispute_outcome is not null), 0) as refunded_pence,
           coalesce(sum(case when s.state = 'released' then ${SHARE} - s.reversed_pence
                             -- The credit went with a chargeback: its transfer counts as recorded.
                             when s.state is null then s.coach_share_pence - s.reversed_pence
                             else 0 end) filter (where s.transfer_status in ('paid', 'reversed', 'partially_reversed')), 0) as coach_pence
      from session s group by s.package_purchase_id
  ),
  at_gateway as (
    select pa.id as purchase_id, i.amount_received_pence, i.amount_refunded_pence, coalesce(t.transferred_pence, 0) as transferred_pence
      from paid pa join test_gateway_intents i on i.id = pa.payment_intent_id
      left join lateral (select sum(t.amount_pence - t.reversed_pence) as transferred_pence from test_gateway_transfers t where t.source_intent_id = pa.payment_intent_id) t on true
  )
  select pa.id as purchase_id, pa.created_at, 'package_credit_count' as key,
         format('%s credits for %s sessions%s', coalesce(n.credits, 0), pa.sessions, case when n.top >= pa.sessions then format(', one numbered %s', n.top + 1) else '' end) as what
    from paid pa left join credit_totals n on n.purchase_id = pa.id
   where coalesce(n.credits, 0) <> pa.sessions or n.top >= pa.sessions
  union all
  -- A held credit whose booking is no session of its package: the booking is looked up for the few that fail.
  select cr.purchase_id, cr.created_at, 'package_credit_booking',
         format('credit %s of %s is %s, but %s', cr.position + 1, cr.sessions, cr.state,
                coalesce((select format('booking %s is not paid with this package', b.reference_code) from bookings b where b.id = cr.booking_id), 'its booking does not exist'))
    from credit cr
   where cr.booking_id is not null and not exists (select 1 from session s where s.id = cr.booking_id and s.package_purchase_id = cr.purchase_id)
  union all
  select x.package_purchase_id, x.created_at, 'package_credit_booking', format('credit %s of %s is %s, but %s', x.position + 1, x.sessions, x.state, x.why)
    from (select s.*, ${SESSION_WHY} as why from session s where s.state is not null) x
   where x.why is not null
  union all
  select s.package_purchase_id, s.created_at, 'package_booking_without_credit',
         format('booking %s (%s, payment %s) holds none of its credits%s', s.reference_code, s.status, s.payment_status, case when s.paid_at is null then ', and the package was never paid' else '' end)
    from session s
   where s.state is null and (s.paid_at is null or s.payment_status <> 'refunded' or s.amount_refunded_pence <> s.amount_captured_pence)
     -- A lost chargeback took the package's credits back (decision 060): its sessions hold none.
     and not exists (select 1 from package_chargebacks pc where pc.purchase_id = s.package_purchase_id and pc.applied_at is not null)
  union all
  select pa.id, pa.created_at, 'package_payment_mismatch',
         format('the card payment shows %s received and %s refunded; the package''s ledger keeps %s (%s paid, %s refunded)',
                ${pounds('g.amount_received_pence')}, ${pounds('g.amount_refunded_pence')}, ${pounds('e.kept_pence')}, ${pounds('pa.total_price_pence + pa.admin_fee_pence')},
                ${pounds('pa.total_price_pence + pa.admin_fee_pence - e.kept_pence')})
    from paid pa join at_gateway g on g.purchase_id = pa.id
    left join credit_totals n on n.purchase_id = pa.id left join session_totals st on st.purchase_id = pa.id
   cross join lateral (select pa.total_price_pence + pa.admin_fee_pence - coalesce(n.refunded_pence, 0) - coalesce(st.refunded_pence, 0)
                              - case when pa.admin_fee_refunded then pa.admin_fee_pence - pa.admin_fee_charged_back_pence else 0 end as kept_pence) e
   where g.amount_received_pence - g.amount_refunded_pence <> e.kept_pence
  union all
  select pa.id, pa.created_at, 'package_transfer_mismatch',
         format('transfers from its card payment come to %s; its released sessions'' coach shares less reversals to %s', ${pounds('g.transferred_pence')}, ${pounds('coalesce(st.coach_pence, 0)')})
    from paid pa join at_gateway g on g.purchase_id = pa.id left join session_totals st on st.purchase_id = pa.id
   where g.transferred_pence <> coalesce(st.coach_pence, 0)`;
