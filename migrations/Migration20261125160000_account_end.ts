import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 19 §1 (decision 016): ending an account settles its bookings and erasure leaves no name.
 * - bookings_open_by_client / _by_coach: the settlement lists one person's open bookings
 *   (pending, confirmed, in session, disputed) in one statement, a BitmapOr of two small partial
 *   index scans, however many finished bookings the person has.
 * - notification_deliveries_subject_trgm: erasure redacts the name in other people's email
 *   subjects ('New booking request from <name>: …') with an ILIKE the trigram index serves,
 *   instead of reading every delivery ever recorded.
 */
export class Migration20261125160000_account_end extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index bookings_open_by_client on bookings (client_id, starts_at) where status in ('pending', 'confirmed', 'in_session', 'disputed');`);
    this.addSql(`create index bookings_open_by_coach on bookings (coach_id, starts_at) where status in ('pending', 'confirmed', 'in_session', 'disputed');`);
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index notification_deliveries_subject_trgm on notification_deliveries using gin (subject gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists notification_deliveries_subject_trgm;');
    this.addSql('drop index if exists bookings_open_by_coach;');
    this.addSql('drop index if exists bookings_open_by_client;');
  }
}
