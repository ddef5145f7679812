import { toIsoRequired, toText, type Sql } from './sql';

/**
 * DataDiagnostic's newest accounts, messages and administrator actions, in one statement (the
 * page's query budget), each list read newest first down its created_at index.
 */
export interface DiagnosticUserRow {
  readonly id: string;
  readonly fullName: string;
  readonly role: string;
  readonly userType: string;
  readonly isActive: boolean;
}

export interface DiagnosticMessageRow {
  readonly id: string;
  readonly bookingId: string;
  readonly referenceCode: string;
  readonly senderName: string;
  readonly receiverName: string;
  readonly preview: string;
  readonly isRead: boolean;
  readonly createdAt: string;
}

export interface AuditRow {
  readonly id: string;
  readonly actorId: string | null;
  readonly actorName: string | null;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string | null;
  readonly details: Record<string, unknown>;
  readonly createdAt: string;
}

export interface DiagnosticRecents {
  readonly users: DiagnosticUserRow[];
  readonly messages: DiagnosticMessageRow[];
  readonly audit: AuditRow[];
}

export interface RecentLimits {
  readonly users: number;
  readonly messages: number;
  readonly audit: number;
}

const RECENTS_SQL = `select
  (select coalesce(json_agg(x order by x.created_at desc, x.id desc), '[]'::json) from (
     select u.id, u.full_name, u.role, u.user_type, u.is_active, u.created_at from users u order by u.created_at desc, u.id desc limit ?) x) as users,
  (select coalesce(json_agg(x order by x.created_at desc, x.id desc), '[]'::json) from (
     select m.id, m.booking_id, b.reference_code, coalesce(s.full_name, '') as sender_name, coalesce(r.full_name, '') as receiver_name,
       left(m.content, 120) as preview, m.is_read, m.created_at
     from messages m join bookings b on b.id = m.booking_id left join users s on s.id = m.sender_id left join users r on r.id = m.receiver_id
     order by m.created_at desc, m.id desc limit ?) x) as messages,
  (select coalesce(json_agg(x order by x.created_at desc, x.id desc), '[]'::json) from (
     select a.id, a.actor_id, u.full_name as actor_name, a.action, a.target_type, a.target_id, a.details, a.created_at
     from audit_log a left join users u on u.id = a.actor_id order by a.created_at desc, a.id desc limit ?) x) as audit`;

type Row = Record<string, unknown>;
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((r): r is Row => typeof r === 'object' && r !== null) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function listDiagnosticRecents(sql: Sql, limits: RecentLimits = { users: 10, messages: 10, audit: 15 }): Promise<DiagnosticRecents> {
  const [r = {}] = await sql<Row>(RECENTS_SQL, [limits.users, limits.messages, limits.audit]);
  return {
    users: rowsOf(r.users).map((u) => ({ id: text(u.id), fullName: text(u.full_name), role: text(u.role), userType: text(u.user_type), isActive: u.is_active === true })),
    messages: rowsOf(r.messages).map((m) => ({
      id: text(m.id),
      bookingId: text(m.booking_id),
      referenceCode: text(m.reference_code),
      senderName: text(m.sender_name),
      receiverName: text(m.receiver_name),
      preview: text(m.preview),
      isRead: m.is_read === true,
      createdAt: toIsoRequired(m.created_at),
    })),
    audit: rowsOf(r.audit).map((a) => ({
      id: text(a.id),
      actorId: toText(a.actor_id),
      actorName: toText(a.actor_name),
      action: text(a.action),
      targetType: text(a.target_type),
      targetId: toText(a.target_id),
      details: typeof a.details === 'object' && a.details !== null && !Array.isArray(a.details) ? (a.details as Record<string, unknown>) : {},
      createdAt: toIsoRequired(a.created_at),
    })),
  };
}
