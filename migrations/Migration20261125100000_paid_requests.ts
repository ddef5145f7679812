import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 18 A (decision 011): only paid requests reach the coach.
 * - bookings_unpaid_requests_by_created: the scheduled expiry finds unpaid requests older than
 *   30 minutes (`listUnpaidRequestsMadeBefore`: pending, payment pending or failed, by created_at)
 *   without scanning every pending request.
 * - bookings_one_pending_request_per_slot: one client cannot hold two pending requests for the
 *   same coach and start time (the last word behind requestBooking's check, for two submits at
 *   once). Duplicates left by the old rule are settled first: of each set, the paid request (or
 *   else the oldest) stays; the other unpaid ones are cancelled as 'Payment not completed', as the
 *   expiry would have done. Two duplicates that are both paid make the index fail loudly.
 */
export class Migration20261125100000_paid_requests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index bookings_unpaid_requests_by_created on bookings (created_at, id) where status = 'pending' and payment_status in ('pending', 'failed');`);
    this.addSql(`
      update bookings b
         set status = 'cancelled', cancelled_by = 'system', cancelled_at = now(), cancellation_reason = 'Payment not completed',
             declined = false, updated_at = now(), version = b.version + 1
        from (select id, row_number() over (partition by client_id, coach_id, starts_at
                                             order by (payment_status not in ('pending', 'failed')) desc, created_at, id) as n
                from bookings where status = 'pending') d
       where b.id = d.id and d.n > 1 and b.payment_status in ('pending', 'failed');`);
    this.addSql(`create unique index bookings_one_pending_request_per_slot on bookings (client_id, coach_id, starts_at) where status = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists bookings_one_pending_request_per_slot;');
    this.addSql('drop index if exists bookings_unpaid_requests_by_created;');
  }
}
