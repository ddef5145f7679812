import { COUNTED_CHECKS, INDEXED_CHECKS, PACKAGE_CHECKS, PACKAGE_PROBLEMS_SQL, SCAN_CHECKS, SCAN_FROM, type CheckSeverity, type CheckText } from './admin-diagnostic-checks';
import { toCount, toList, type Sql } from './sql';

export { COACH_SHARE_SQL, creditPriceSql, type CheckSeverity } from './admin-diagnostic-checks';

/**
 * DataDiagnostic (admins only) and `fact diagnose`: counts, and consistency checks that should
 * all be zero, in one statement (the page's query budget): the scan checks share one pass of
 * bookings, each indexed check reads its partial index of failing rows, the package checks one
 * pass over paid packages, and the samples come in the same statement (admin-diagnostic-checks.ts).
 */
export interface DiagnosticCheck extends CheckText {
  readonly severity: CheckSeverity;
  readonly count: number;
  /** Up to 10 booking references (account ids for an account check, purchase ids for a package check) that fail the check. */
  readonly sample: string[];
  /** A package check's newest problems (up to 10): the purchase and what is wrong with it, in the sample's order. */
  readonly problems?: readonly DiagnosticProblem[];
}

export interface DiagnosticProblem {
  readonly id: string;
  readonly what: string;
}

const SAMPLE_SIZE = 10;

const scanSql = SCAN_CHECKS.map(
  (c, i) => `count(*) filter (where ${c.condition}) as c${i}, (array_agg(b.reference_code order by b.created_at desc, b.id desc) filter (where ${c.condition}))[1:${SAMPLE_SIZE}] as s${i}`,
).join(',\n');
const indexedSql = INDEXED_CHECKS.map((c, i) => `(select count(*) ${c.from}) as i${i}, array(select ${c.sample} ${c.from} order by ${c.order} limit ${SAMPLE_SIZE}) as is${i}`).join(',\n');
const countedSql = COUNTED_CHECKS.map((c, i) => `(${c.count}) as k${i}`).join(',\n');
/** The package problems grouped by check: {key: {count, problems: [{id, what}] newest purchase first}}. */
const packageSql = `(select coalesce(json_object_agg(g.key, json_build_object('count', g.n, 'problems', g.problems)), '{}'::json) from (
    select p.key, count(*) as n, (array_agg(json_build_object('id', p.purchase_id, 'what', p.what) order by p.created_at desc, p.purchase_id desc, p.what))[1:${SAMPLE_SIZE}] as problems
      from (${PACKAGE_PROBLEMS_SQL}) p group by p.key) g) as packages`;

/** The whole report: counts, every check and its sample. */
const REPORT_SQL = `select
  (select row_to_json(u) from (
    select count(*) as users, count(*) filter (where role = 'user' and user_type in ('client','user')) as clients,
      count(*) filter (where role = 'user' and user_type = 'coach') as coaches, count(*) filter (where role = 'admin') as admins,
      count(*) filter (where not is_active) as deactivated, count(*) filter (where erased_at is not null) as erased
    from users) u) as user_counts,
  (select count(*) from messages) as messages, (select count(*) from messages where not is_read) as unread_messages,
  (select count(*) from reviews) as reviews, (select count(*) from outbox_jobs where status = 'failed') as outbox_failed,
  (select coalesce(json_object_agg(status, n order by status), '{}'::json) from (select status, count(*) as n from bookings group by status) s) as by_status,
  (select coalesce(json_object_agg(status, n order by status), '{}'::json) from (select status, count(*) as n from account_deletion_requests group by status) s) as requests,
  (select row_to_json(x) from (select ${scanSql} ${SCAN_FROM}) x) as scan,
  ${indexedSql},
  ${countedSql},
  ${packageSql}`;

const textOf = ({ key, title, explanation, severity }: CheckText): CheckText => ({ key, title, explanation, severity });
const objectOf = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const countsOf = (value: unknown): Record<string, number> => Object.fromEntries(Object.entries(objectOf(value)).map(([k, v]) => [k, toCount(v)]));

export interface DiagnosticCounts {
  readonly users: number;
  readonly clients: number;
  readonly coaches: number;
  readonly admins: number;
  readonly deactivated: number;
  readonly erased: number;
  readonly bookings: number;
  readonly bookingsByStatus: Record<string, number>;
  readonly messages: number;
  readonly unreadMessages: number;
  readonly reviews: number;
  readonly deletionRequests: Record<string, number>;
  readonly outboxFailed: number;
}

function countsOfReport(r: Record<string, unknown>): DiagnosticCounts {
  const u = countsOf(r.user_counts);
  const bookingsByStatus = countsOf(r.by_status);
  return {
    users: u.users ?? 0,
    clients: u.clients ?? 0,
    coaches: u.coaches ?? 0,
    admins: u.admins ?? 0,
    deactivated: u.deactivated ?? 0,
    erased: u.erased ?? 0,
    bookings: Object.values(bookingsByStatus).reduce((a, b) => a + b, 0),
    bookingsByStatus,
    messages: toCount(r.messages),
    unreadMessages: toCount(r.unread_messages),
    reviews: toCount(r.reviews),
    deletionRequests: countsOf(r.requests),
    outboxFailed: toCount(r.outbox_failed),
  };
}

function problemsOf(value: unknown): DiagnosticProblem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((p) => {
    const o = objectOf(p);
    return typeof o.id === 'string' && typeof o.what === 'string' ? [{ id: o.id, what: o.what }] : [];
  });
}

function checksOfReport(r: Record<string, unknown>): DiagnosticCheck[] {
  const scan = objectOf(r.scan);
  const packages = objectOf(r.packages);
  return [
    ...SCAN_CHECKS.map((c, i) => ({ ...textOf(c), count: toCount(scan[`c${i}`]), sample: toList(scan[`s${i}`]) })),
    ...INDEXED_CHECKS.map((c, i) => ({ ...textOf(c), count: toCount(r[`i${i}`]), sample: toList(r[`is${i}`]) })),
    ...COUNTED_CHECKS.map((c, i) => ({ ...textOf(c), count: toCount(r[`k${i}`]), sample: [] })),
    ...PACKAGE_CHECKS.map((c) => {
      const found = objectOf(packages[c.key]);
      const problems = problemsOf(found.problems);
      return { ...textOf(c), count: toCount(found.count), sample: [...new Set(problems.map((p) => p.id))], problems };
    }),
  ];
}

export interface DiagnosticsReport {
  readonly counts: DiagnosticCounts;
  readonly checks: DiagnosticCheck[];
  /** True when every error-level check is zero. */
  readonly healthy: boolean;
}

export async function runDiagnostics(sql: Sql): Promise<DiagnosticsReport> {
  const [r = {}] = await sql<Record<string, unknown>>(REPORT_SQL);
  const checks = checksOfReport(r);
  return { counts: countsOfReport(r), checks, healthy: checks.every((c) => c.severity !== 'error' || c.count === 0) };
}
