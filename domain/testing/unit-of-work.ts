import type { Id } from '../shared/ids';
import type { CoachProfile } from '../accounts/users/coach-profile';
import type { Player } from '../accounts/players/player';
import { DomainFailure } from '../shared/errors';
import { err, type Result } from '../shared/result';
import type { Repositories } from '../repositories';
import type { UnitOfWork } from '../unit-of-work';
import { createInMemoryBookings, createRecordingOutbox, type InMemoryBookings, type RecordingOutbox } from './memory-bookings';
import { emptyData, memoryRepositories, restore, snapshot, type MemoryData } from './memory-repositories';

/** The one in-memory unit of work of the unit tests, with its data in reach of the test. */
export interface MemoryUnitOfWork extends UnitOfWork {
  readonly data: MemoryData;
  readonly bookings: InMemoryBookings;
  readonly outbox: RecordingOutbox;
  /** Coach profiles by user id (the same map as data.coachProfiles). */
  readonly coachProfiles: Map<Id, CoachProfile>;
  /** Players of guardians' accounts by id (the same map as data.players; decision 017). */
  readonly players: Map<Id, Player>;
}

/**
 * Like the real unit of work: a failed Result or a DomainFailure rolls back every change (data,
 * bookings and queued jobs), and a DomainFailure comes back as a failed Result.
 */
export function memoryUnitOfWork(data: MemoryData = emptyData()): MemoryUnitOfWork {
  const bookings = createInMemoryBookings();
  const outbox = createRecordingOutbox();
  const repos = memoryRepositories(data, bookings, outbox);
  return {
    data,
    bookings,
    outbox,
    coachProfiles: data.coachProfiles,
    players: data.players,
    read: repos,
    async transaction<T>(work: (tx: Repositories) => Promise<Result<T>>): Promise<Result<T>> {
      const before = snapshot(data);
      const savedRows = new Map(bookings.rows);
      const savedDays = new Map(bookings.referenceDays);
      const savedJobs = outbox.jobs.length;
      const rollback = () => {
        restore(data, before);
        bookings.rows.clear();
        for (const [k, v] of savedRows) bookings.rows.set(k, v);
        bookings.referenceDays.clear();
        for (const [k, v] of savedDays) bookings.referenceDays.set(k, v);
        outbox.jobs.splice(savedJobs);
      };
      try {
        const result = await work(repos);
        if (!result.ok) rollback();
        return result;
      } catch (e) {
        rollback();
        if (e instanceof DomainFailure) return err(e.error);
        throw e;
      }
    },
  };
}
