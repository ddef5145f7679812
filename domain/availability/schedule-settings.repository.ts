import type { Id } from '../shared/ids';
import type { Result } from '../shared/result';
import type { SchedulingRules, WeeklyRange } from './schedule';

/** What a coach set of their schedule: the weekly hours (empty: SPEC's default grid) and the rules. */
export interface ScheduleSettings {
  readonly weeklyHours: readonly WeeklyRange[];
  readonly rules: SchedulingRules;
}

/** Port: coaches' weekly hours and scheduling rules (rows re-validated by the adapter). */
export interface ScheduleSettingsRepository {
  /** The settings of each coach among `coachIds` who has a coach profile, in one query. */
  scheduleSettingsFor(coachIds: readonly Id[]): Promise<Map<Id, ScheduleSettings>>;
  /**
   * Holds the coach's schedule until the transaction ends, so two saves of one coach (a week, a
   * period) run one after the other and each checks what the other wrote. False: no coach profile.
   */
  lockSchedule(coachId: Id): Promise<boolean>;
  /** The whole week replaced at once: every range the coach had is gone, `ranges` are the week. */
  replaceWeeklyHours(coachId: Id, ranges: readonly WeeklyRange[]): Promise<Result<void>>;
  saveRules(coachId: Id, rules: SchedulingRules): Promise<Result<void>>;
}
