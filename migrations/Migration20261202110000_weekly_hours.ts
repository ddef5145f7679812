import { Migration } from '@mikro-orm/migrations';

/**
 * A coach's weekly hours, scheduling rules and the daily times of availability periods
 * (decision 044). The checks repeat the domain's bounds (domain/availability/schedule.ts), so a
 * row written around the domain is refused too.
 * - coach_weekly_hours: one row per range of a weekday (ISO 1–7), London wall-clock times on the
 *   quarter hour, start before end; ranges of one weekday never overlap (exclusion constraint).
 * - coach_profiles: the rules; the defaults are DEFAULT_SCHEDULING_RULES, so every existing coach
 *   keeps hourly starts, no buffers, 2 hours' notice and no daily cap.
 * - availability_periods: daily_start/daily_end, both or neither, start before end.
 */
export class Migration20261202110000_weekly_hours extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table coach_weekly_hours (
        id uuid primary key default gen_random_uuid(),
        coach_id uuid not null references users (id) on delete cascade,
        weekday smallint not null,
        start_time time(0) not null,
        end_time time(0) not null,
        location text,
        constraint weekly_hours_weekday check (weekday between 1 and 7),
        constraint weekly_hours_start_before_end check (start_time < end_time),
        constraint weekly_hours_quarter_hours check (extract(minute from start_time)::int % 15 = 0 and extract(minute from end_time)::int % 15 = 0 and extract(second from start_time) = 0 and extract(second from end_time) = 0),
        constraint weekly_hours_location_length check (location is null or char_length(location) between 1 and 200),
        constraint weekly_hours_no_overlap exclude using gist (
          coach_id with =,
          weekday with =,
          tsrange(date '2000-01-03' + start_time, date '2000-01-03' + end_time) with &&
        )
      );`);
    this.addSql(`create index coach_weekly_hours_by_coach on coach_weekly_hours (coach_id, weekday, start_time);`);

    this.addSql(`
      alter table coach_profiles
        add column slot_step_minutes smallint not null default 60,
        add column buffer_before_minutes smallint not null default 0,
        add column buffer_after_minutes smallint not null default 0,
        add column minimum_notice_minutes integer not null default 120,
        add column max_sessions_per_day smallint,
        add constraint coach_slot_step check (slot_step_minutes in (15, 30, 60)),
        add constraint coach_buffer_before check (buffer_before_minutes between 0 and 60),
        add constraint coach_buffer_after check (buffer_after_minutes between 0 and 60),
        add constraint coach_minimum_notice check (minimum_notice_minutes between 0 and 4320),
        add constraint coach_max_sessions_per_day check (max_sessions_per_day is null or max_sessions_per_day between 1 and 24);`);

    this.addSql(`
      alter table availability_periods
        add column daily_start time(0),
        add column daily_end time(0),
        add constraint availability_daily_times check ((daily_start is null) = (daily_end is null) and (daily_start is null or daily_start < daily_end));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table availability_periods drop constraint availability_daily_times, drop column daily_start, drop column daily_end;`);
    this.addSql(`
      alter table coach_profiles
        drop constraint coach_slot_step, drop constraint coach_buffer_before, drop constraint coach_buffer_after,
        drop constraint coach_minimum_notice, drop constraint coach_max_sessions_per_day,
        drop column slot_step_minutes, drop column buffer_before_minutes, drop column buffer_after_minutes,
        drop column minimum_notice_minutes, drop column max_sessions_per_day;`);
    this.addSql(`drop table if exists coach_weekly_hours;`);
  }
}
