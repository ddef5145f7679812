import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 19 §1 (decision 017): players of a guardian's account, and who a session is for.
 * - players: a guardian's (client's) players; removal is soft (removed_at) so bookings keep them;
 *   a player under 18 needs the guardian's consent, whose time is kept (checked by the domain:
 *   'under 18' depends on the day). Erasing the guardian deletes their players (bookings keep
 *   the session, player_id set null).
 * - bookings.player_id: the player the session is for (null: the client themself), indexed for
 *   the foreign key and 'this player's bookings'.
 * - coach_profiles_age_groups: FindCoaches' age-group filter (`age_groups @> array[…]`) as a GIN
 *   index scan, like services_offered.
 */
export class Migration20261125160000_players extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table players (
        id uuid primary key,
        guardian_id uuid not null references users (id) on delete cascade,
        first_name text not null,
        last_name text not null,
        date_of_birth date not null,
        notes text,
        guardian_consent_at timestamptz,
        removed_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1,
        constraint players_first_name_length check (char_length(first_name) between 1 and 50),
        constraint players_last_name_length check (char_length(last_name) between 1 and 50),
        constraint players_notes_length check (notes is null or char_length(notes) <= 1000)
      );`);
    this.addSql(`create index players_guardian on players (guardian_id, created_at) where removed_at is null;`);
    this.addSql(`alter table bookings add column player_id uuid references players (id) on delete set null;`);
    this.addSql(`create index bookings_player on bookings (player_id) where player_id is not null;`);
    this.addSql(`create index if not exists coach_profiles_age_groups on coach_profiles using gin (age_groups);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists coach_profiles_age_groups;');
    this.addSql('drop index if exists bookings_player;');
    this.addSql('alter table bookings drop column if exists player_id;');
    this.addSql('drop table if exists players;');
  }
}
