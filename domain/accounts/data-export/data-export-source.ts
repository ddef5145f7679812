import type { Id } from '../../shared/ids';
import type { DataExportLimits, DataExportRows } from './data-export-rows';

/**
 * Port: reads every section of one person's data for 'Download my data', each
 * section bounded by `limits` (newest first; one row more than the limit marks it truncated),
 * in one consistent read-only snapshot. Null when there is no such user.
 *
 * A person's copy holds only what they have been shown: of the bookings they coach, only those
 * that reached them (`hasReachedCoach`, decision 011), and so no booking, message, review or
 * payout of a request never paid.
 */
export interface DataExportSource {
  gather(userId: Id, limits: DataExportLimits): Promise<DataExportRows | null>;
}
