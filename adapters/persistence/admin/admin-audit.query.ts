import { finishPage, keysetClause, pageSize, type KeysetRow, type Page, type PageRequest } from './keyset';
import { toIsoRequired, toText, type Sql } from './sql';

/**
 * The whole audit log, filterable (decision 056): every administrator action, newest first, keyset
 * on (created_at, id), each filter served by an index in page order — audit_created (none),
 * audit_by_actor, audit_by_action, audit_by_target — so years of entries cost what a week does.
 */
export interface AuditSearch extends PageRequest {
  /** The acting administrator's user id. */
  readonly actorId?: string | null;
  /** 'dispute.resolve', … */
  readonly action?: string | null;
  /** A booking by its reference, a user by their email, or any record by its id. */
  readonly target?: { readonly reference: string } | { readonly email: string } | { readonly id: string } | null;
  /** When the entry was written: from (inclusive), before (exclusive). */
  readonly loggedFrom?: Date | null;
  readonly loggedBefore?: Date | null;
}

export interface AuditLogRow {
  readonly id: string;
  readonly actorId: string | null;
  /** Null when the account was deleted (actor_id set null) or the entry has no actor. */
  readonly actorName: string | null;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string | null;
  /** The booking's reference, or the user's name, when the target still exists. */
  readonly targetLabel: string | null;
  readonly via: string | null;
  /** The entry's other details, as text ('reason: No-show'). */
  readonly details: readonly (readonly [string, string])[];
  readonly createdAt: string;
}

interface AuditSqlRow extends KeysetRow {
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  details: unknown;
  created_at: unknown;
}

const UUID_TEXT = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;

/** What a target is called, looked up only for the page's rows (by primary key). */
const TARGET_LABEL = `case
    when a.target_type = 'booking' and a.target_id ~ ${UUID_TEXT} then (select b.reference_code from bookings b where b.id = a.target_id::uuid)
    when a.target_type = 'user' and a.target_id ~ ${UUID_TEXT} then (select nullif(t.full_name, '') from users t where t.id = a.target_id::uuid)
  end as target_label`;

function detailsOf(raw: unknown): { via: string | null; details: [string, string][] } {
  const o = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  if (typeof o !== 'object' || o === null) return { via: null, details: [] };
  const entries = Object.entries(o as Record<string, unknown>);
  const via = entries.find(([k]) => k === 'via')?.[1];
  const details = entries
    .filter(([k, v]) => k !== 'via' && v !== null && v !== undefined && v !== '')
    .map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)])
    // jsonb keeps its keys shortest first; by name reads better and stays put.
    .sort(([a], [b]) => a.localeCompare(b));
  return { via: typeof via === 'string' ? via : null, details };
}

function toAuditRow(r: AuditSqlRow): AuditLogRow {
  const { via, details } = detailsOf(r.details);
  return {
    id: r.id,
    actorId: toText(r.actor_id),
    actorName: toText(r.actor_name),
    action: r.action,
    targetType: r.target_type,
    targetId: toText(r.target_id),
    targetLabel: toText(r.target_label),
    via,
    details,
    createdAt: toIsoRequired(r.created_at),
  };
}

export async function listAuditLog(sql: Sql, search: AuditSearch): Promise<Page<AuditLogRow>> {
  const limit = pageSize(search.limit);
  const keyset = keysetClause('a', search);
  const where: string[] = [];
  const params: unknown[] = [];
  const and = (condition: string, ...values: unknown[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (search.actorId) and('a.actor_id = ?::uuid', search.actorId);
  if (search.action) and('a.action = ?', search.action);
  const target = search.target;
  if (target && 'reference' in target) and(`a.target_type = 'booking' and a.target_id = (select b.id::text from bookings b where b.reference_code = ?)`, target.reference);
  if (target && 'email' in target) and(`a.target_type = 'user' and a.target_id = (select u.id::text from users u where u.email = ?)`, target.email);
  if (target && 'id' in target) and('a.target_id = ?', target.id);
  if (search.loggedFrom) and('a.created_at >= ?::timestamptz', search.loggedFrom.toISOString());
  if (search.loggedBefore) and('a.created_at < ?::timestamptz', search.loggedBefore.toISOString());
  and(keyset.where, ...keyset.params);
  const rows = await sql<AuditSqlRow>(
    `select a.id, a.created_at::text as cursor_at, a.actor_id, (select nullif(u.full_name, '') from users u where u.id = a.actor_id) as actor_name,
       a.action, a.target_type, a.target_id, a.details, a.created_at, ${TARGET_LABEL}
     from audit_log a where ${where.join(' and ')} order by ${keyset.order} limit ?`,
    [...params, limit + 1],
  );
  return finishPage(rows, limit, keyset.direction, toAuditRow);
}

/** The administrators the filter offers, by name (few: the accounts with the admin role). */
export async function listAdministrators(sql: Sql): Promise<{ id: string; name: string }[]> {
  const rows = await sql<{ id: string; full_name: string | null; email: string }>(`select id, full_name, email from users where role = 'admin' order by lower(full_name), id limit 200`);
  return rows.map((r) => ({ id: r.id, name: toText(r.full_name) ?? r.email }));
}
