import { parsePhotoFileRemovalJob, PHOTO_FILE_REMOVAL_JOB } from '../../../domain/accounts/media/photo-file';
import type { Application } from '../../composition-root';
import { PermanentJobFailure, type OutboxWorker } from '../worker';

/**
 * Removes a stored photo's file (decision 038). Registered only on workers of the process that
 * owns the storage (the web server, which serves /uploads from its DATA_DIR): a `fact worker` or
 * CLI elsewhere would find no such file and mark the job done with the file still on the server.
 * The photo is already answered 404 (its owner's profile no longer shows it); this frees the disk
 * and leaves no copy behind. A file still there after the removal is retried with the back-off.
 */
export function registerPhotoFileRemoval(worker: OutboxWorker, app: Application): void {
  worker.registerHandler(PHOTO_FILE_REMOVAL_JOB, async (job) => {
    const removal = parsePhotoFileRemovalJob(job.payload);
    if (!removal) throw new PermanentJobFailure(`Malformed ${PHOTO_FILE_REMOVAL_JOB} payload`);
    const { storage } = app.deps();
    await storage.delete(removal.key);
    if (await storage.get(removal.key)) throw new Error('The stored photo file could not be removed');
    app.logger.info({ event: 'photo_file_removed', jobId: job.id }, 'stored photo file removed');
  });
}
