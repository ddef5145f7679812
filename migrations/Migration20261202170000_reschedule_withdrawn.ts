import { Migration } from '@mikro-orm/migrations';

/**
 * A reschedule proposal can be withdrawn by its proposer (decision 051): the proposal is kept with
 * status 'withdrawn', so the other party's email can say which time was taken back.
 */
export class Migration20261202170000_reschedule_withdrawn extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table bookings drop constraint bookings_reschedule_status_check;`);
    this.addSql(`alter table bookings add constraint bookings_reschedule_status_check check (reschedule_status in ('pending', 'accepted', 'declined', 'withdrawn'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`update bookings set reschedule_status = 'declined' where reschedule_status = 'withdrawn';`);
    this.addSql(`alter table bookings drop constraint bookings_reschedule_status_check;`);
    this.addSql(`alter table bookings add constraint bookings_reschedule_status_check check (reschedule_status in ('pending', 'accepted', 'declined'));`);
  }
}
