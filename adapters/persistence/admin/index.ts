import type { Orm } from '../orm';
import { findAdminBookingStory } from './admin-booking-detail.query';
import { findAdminBooking, findAdminBookingByReference, findAdminBookingDetail, listAdminBookings, searchBookingReferences } from './admin-bookings.query';
import { listAdministrators, listAuditLog } from './admin-audit.query';
import { findAdminPackage, listAdminPackages } from './admin-packages.query';
import { loadAdminCounts, loadAdminDashboard, listOpenDisputes, listPendingDeletionRequests } from './admin-dashboard.query';
import { listDiagnosticRecents } from './admin-diagnostic-recents.query';
import { runDiagnostics } from './admin-diagnostics.query';
import { listChargebackPage, listChargebacks, listPayouts } from './admin-payouts.query';
import { findAdminUser, listAdminUsers } from './admin-users.query';
import { sqlOf } from './sql';

export * from './admin-booking-detail.query';
export * from './admin-audit.query';
export * from './admin-packages.query';
export * from './admin-bookings.query';
export * from './admin-dashboard.query';
export * from './admin-diagnostic-recents.query';
export * from './admin-diagnostics.query';
export * from './admin-payouts.query';
export * from './admin-users.query';
export * from './audited-unit-of-work';
export type { Page, PageRequest } from './keyset';

type Rest<F> = F extends (sql: never, ...args: infer A) => infer R ? (...args: A) => R : never;
const bind = <F extends (...args: never[]) => unknown>(fn: F, sql: ReturnType<typeof sqlOf>): Rest<F> =>
  ((...args: unknown[]) => (fn as unknown as (...a: unknown[]) => unknown)(sql, ...args)) as Rest<F>;

/**
 * The administration read models (SQL, bounded, keyset-paginated), bound to the application's
 * database. Used by the admin pages and by the ops CLI alike.
 */
export function adminReadModels(orm: Orm) {
  const sql = sqlOf(orm);
  return {
    counts: bind(loadAdminCounts, sql),
    dashboard: bind(loadAdminDashboard, sql),
    pendingDeletionRequests: bind(listPendingDeletionRequests, sql),
    openDisputes: bind(listOpenDisputes, sql),
    users: bind(listAdminUsers, sql),
    user: bind(findAdminUser, sql),
    bookings: bind(listAdminBookings, sql),
    booking: bind(findAdminBooking, sql),
    bookingByReference: bind(findAdminBookingByReference, sql),
    bookingDetail: bind(findAdminBookingDetail, sql),
    bookingStory: bind(findAdminBookingStory, sql),
    searchReferences: bind(searchBookingReferences, sql),
    diagnostics: bind(runDiagnostics, sql),
    diagnosticRecents: bind(listDiagnosticRecents, sql),
    auditLog: bind(listAuditLog, sql),
    administrators: bind(listAdministrators, sql),
    chargebacks: bind(listChargebacks, sql),
    chargebackPage: bind(listChargebackPage, sql),
    payouts: bind(listPayouts, sql),
    packages: bind(listAdminPackages, sql),
    package: bind(findAdminPackage, sql),
  };
}
export type AdminReadModels = ReturnType<typeof adminReadModels>;
export * from './administrator-directory';
