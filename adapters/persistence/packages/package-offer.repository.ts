import type { EntityManager } from '@mikro-orm/postgresql';
import { parsePackageOffer, type PackageOffer } from '../../../domain/packages/package-offer';
import type { PackageOfferRepository } from '../../../domain/packages/package-offer.repository';
import { parseAvailabilityPeriod } from '../../../domain/availability/availability-period';
import { DomainFailure } from '../../../domain/shared/errors';
import { isId } from '../../../domain/shared/ids';
import { AVAILABILITY_SELECT } from '../accounts/availability.repository';
import { parseRows } from '../accounts/sql-rows';

interface OfferRow {
  id: string;
  coach_id: string;
  sessions: number;
  duration_minutes: number;
  total_price_pence: number;
  validity_weeks: number;
  title: string | null;
  retired_at: Date | string | null;
}

const COLUMNS = 'id, coach_id, sessions, duration_minutes, total_price_pence, validity_weeks, title, retired_at';

function offerOf(row: OfferRow): PackageOffer {
  const parsed = parsePackageOffer({
    id: row.id,
    coachId: row.coach_id,
    sessions: row.sessions,
    durationMinutes: row.duration_minutes,
    totalPricePence: row.total_price_pence,
    validityWeeks: row.validity_weeks,
    title: row.title,
    retiredAt: row.retired_at === null ? null : new Date(row.retired_at),
  });
  if (!parsed.ok) throw new DomainFailure(parsed.error);
  return parsed.value;
}

/** Package offers in PostgreSQL (table package_offers). */
export function createPackageOfferRepository(em: EntityManager): PackageOfferRepository {
  return {
    async listOnSale(coachId) {
      const rows = await em.execute<OfferRow[]>(`select ${COLUMNS} from package_offers where coach_id = ? and retired_at is null order by created_at, id`, [coachId]);
      return rows.map(offerOf);
    },
    async findById(id) {
      const rows = await em.execute<OfferRow[]>(`select ${COLUMNS} from package_offers where id = ?`, [id]);
      return rows[0] ? offerOf(rows[0]) : null;
    },
    async profileOfferings(coachId) {
      if (!isId(coachId)) return { periods: [], packages: [] };
      const [row] = await em.execute<{ periods: unknown[]; packages: OfferRow[] }[]>(
        `select
           (select coalesce(json_agg(a order by a."startsAt", a.id), '[]') from (${AVAILABILITY_SELECT} where coach_id = ?) a) as periods,
           (select coalesce(json_agg(o order by o.created_at, o.id), '[]') from (select ${COLUMNS}, created_at from package_offers where coach_id = ? and retired_at is null) o) as packages`,
        [coachId, coachId],
      );
      return { periods: parseRows('availability_periods', (row?.periods ?? []) as Record<string, unknown>[], parseAvailabilityPeriod), packages: (row?.packages ?? []).map(offerOf) };
    },
    async lockCoach(coachId) {
      // The coach's profile row is the lock: every offer change of one coach queues behind it.
      await em.execute(`select 1 from coach_profiles where user_id = ? for update`, [coachId]);
    },
    async insert(o) {
      await em.execute(`insert into package_offers (id, coach_id, sessions, duration_minutes, total_price_pence, validity_weeks, title, retired_at) values (?, ?, ?, ?, ?, ?, ?, ?)`, [
        o.id,
        o.coachId,
        o.sessions,
        o.durationMinutes,
        o.totalPricePence,
        o.validityWeeks,
        o.title,
        o.retiredAt,
      ]);
    },
    async update(o) {
      await em.execute(`update package_offers set sessions = ?, duration_minutes = ?, total_price_pence = ?, validity_weeks = ?, title = ?, retired_at = ?, updated_at = now() where id = ?`, [
        o.sessions,
        o.durationMinutes,
        o.totalPricePence,
        o.validityWeeks,
        o.title,
        o.retiredAt,
        o.id,
      ]);
    },
  };
}
