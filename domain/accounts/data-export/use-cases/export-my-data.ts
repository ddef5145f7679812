import { enforceRateLimit } from '../../../rate-limit/check-rate-limit';
import type { RateLimitStore } from '../../../rate-limit/rate-limit-store';
import type { Clock } from '../../../shared/clock';
import { isId } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { accountErrors } from '../../users/account-errors';
import type { Actor } from '../../../policy/actor';
import { buildDataExport, dataExportFileName, dataExportPieces, serialiseDataExport, type DataExportDocument } from '../data-export';
import { DATA_EXPORT_LIMITS } from '../data-export-rows';
import type { DataExportSource } from '../data-export-source';

/**
 * 'Download my data' (PRODUCT.md): a person's copy of their own data as one JSON
 * file, built by `buildDataExport` from the rows of the DataExportSource port. Two doors to the
 * same builder: the person themselves on the web (`exportMyData`, 3 an hour through the shared
 * rate-limit store), and an administrator for anyone (`exportUserData`, the operator's
 * `fact users export`; the edge audits it as 'user.export').
 */
export interface DataExportFile {
  readonly document: DataExportDocument;
  /** The file's text (pretty JSON), made when asked for. */
  readonly body: string;
  /** The same text in pieces, for a download that sends it as it is made. */
  pieces(): Generator<string>;
  /** 'fact-data-2026-11-25.json' */
  readonly fileName: string;
}

export interface ExportMyDataDeps {
  readonly dataExport: DataExportSource;
  readonly clock: Clock;
  readonly rateLimits: RateLimitStore;
}

async function exportOf(deps: { dataExport: DataExportSource; clock: Clock }, userId: string): Promise<Result<DataExportFile>> {
  if (!isId(userId)) return err(accountErrors.userNotFound());
  const rows = await deps.dataExport.gather(userId, DATA_EXPORT_LIMITS);
  if (!rows) return err(accountErrors.userNotFound());
  const exportedAt = deps.clock.now();
  const document = buildDataExport(rows, { exportedAt, limits: DATA_EXPORT_LIMITS });
  return ok({
    document,
    get body() {
      return serialiseDataExport(document);
    },
    pieces: () => dataExportPieces(document),
    fileName: dataExportFileName(exportedAt),
  });
}

/** The signed-in person's own data. The 4th download within the hour is refused (rate_limited, 429). */
export async function exportMyData(deps: ExportMyDataDeps, input: { actor: Actor }): Promise<Result<DataExportFile>> {
  const limited = await enforceRateLimit(deps.rateLimits, 'dataExport', { userId: input.actor.userId }, deps.clock.now());
  if (!limited.ok) return limited;
  return exportOf(deps, input.actor.userId);
}

/**
 * An administrator's export of one account (a person who cannot sign in any more asks support
 * for their copy). The file is only handed over once the unit of work's transaction committed:
 * given an audited unit of work, that is the audit line 'user.export' being written.
 */
export async function exportUserData(deps: { dataExport: DataExportSource; clock: Clock; uow: UnitOfWork }, input: { actor: Actor; userId: string }): Promise<Result<DataExportFile>> {
  if (input.actor.role !== 'admin') return err(accountErrors.adminOnly());
  const file = await exportOf(deps, input.userId);
  if (!file.ok) return file;
  return deps.uow.transaction(async () => ok(file.value));
}
