import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000001_initial } from './Migration20261121000001_initial';
import { Migration20261122000001_persistence_indexes } from './Migration20261122000001_persistence_indexes';
import { Migration20261122001900_notifications } from './Migration20261122001900_notifications';
import { Migration20261122010000_search_count_indexes } from './Migration20261122010000_search_count_indexes';
import { Migration20261125100000_paid_requests } from './Migration20261125100000_paid_requests';
import { Migration20261125120000_payouts } from './Migration20261125120000_payouts';
import { Migration20261125130000_reminders } from './Migration20261125130000_reminders';
import { Migration20261125140000_calendar_feeds } from './Migration20261125140000_calendar_feeds';
import { Migration20261125153000_data_export } from './Migration20261125153000_data_export';
import { Migration20261125160000_account_end } from './Migration20261125160000_account_end';
import { Migration20261125160000_players } from './Migration20261125160000_players';
import { Migration20261125170000_coach_search_text } from './Migration20261125170000_coach_search_text';
import { Migration20261127170000_admin_user_list_indexes } from './Migration20261127170000_admin_user_list_indexes';
import { Migration20261201160000_reference_numbers } from './Migration20261201160000_reference_numbers';
import { Migration20261202110000_weekly_hours } from './Migration20261202110000_weekly_hours';
import { Migration20261202120000_coach_calendar_links } from './Migration20261202120000_coach_calendar_links';
import { Migration20261202130000_session_lengths } from './Migration20261202130000_session_lengths';
import { Migration20261202160000_request_deadlines } from './Migration20261202160000_request_deadlines';
import { Migration20261202170000_reschedule_withdrawn } from './Migration20261202170000_reschedule_withdrawn';
import { Migration20261202180000_enquiries } from './Migration20261202180000_enquiries';
import { Migration20261203140000_package_offers } from './Migration20261203140000_package_offers';

/** Every migration, in order. Listed explicitly so the bundled server and the CLI run the same set. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000001_initial', class: Migration20261121000001_initial },
  { name: 'Migration20261122000001_persistence_indexes', class: Migration20261122000001_persistence_indexes },
  { name: 'Migration20261122001900_notifications', class: Migration20261122001900_notifications },
  { name: 'Migration20261122010000_search_count_indexes', class: Migration20261122010000_search_count_indexes },
  { name: 'Migration20261125100000_paid_requests', class: Migration20261125100000_paid_requests },
  { name: 'Migration20261125120000_payouts', class: Migration20261125120000_payouts },
  { name: 'Migration20261125130000_reminders', class: Migration20261125130000_reminders },
  { name: 'Migration20261125140000_calendar_feeds', class: Migration20261125140000_calendar_feeds },
  { name: 'Migration20261125153000_data_export', class: Migration20261125153000_data_export },
  { name: 'Migration20261125160000_account_end', class: Migration20261125160000_account_end },
  { name: 'Migration20261125160000_players', class: Migration20261125160000_players },
  { name: 'Migration20261125170000_coach_search_text', class: Migration20261125170000_coach_search_text },
  { name: 'Migration20261127170000_admin_user_list_indexes', class: Migration20261127170000_admin_user_list_indexes },
  { name: 'Migration20261201160000_reference_numbers', class: Migration20261201160000_reference_numbers },
  { name: 'Migration20261202110000_weekly_hours', class: Migration20261202110000_weekly_hours },
  { name: 'Migration20261202120000_coach_calendar_links', class: Migration20261202120000_coach_calendar_links },
  { name: 'Migration20261202130000_session_lengths', class: Migration20261202130000_session_lengths },
  { name: 'Migration20261202160000_request_deadlines', class: Migration20261202160000_request_deadlines },
  { name: 'Migration20261202170000_reschedule_withdrawn', class: Migration20261202170000_reschedule_withdrawn },
  { name: 'Migration20261202180000_enquiries', class: Migration20261202180000_enquiries },
  { name: 'Migration20261203140000_package_offers', class: Migration20261203140000_package_offers },
];
