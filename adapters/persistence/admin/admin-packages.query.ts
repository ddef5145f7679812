import type { Sql } from './sql';
import { toIso, toIsoRequired } from './sql';

/** A package purchase as operators list it. */
export interface AdminPackageRow {
  readonly id: string;
  readonly clientName: string | null;
  readonly clientEmail: string | null;
  readonly coachName: string | null;
  readonly title: string | null;
  readonly sessions: number;
  readonly durationMinutes: number;
  readonly totalPricePence: number;
  readonly adminFeePence: number;
  readonly paidAt: string | null;
  readonly validUntil: string | null;
  readonly createdAt: string;
  readonly credits: Readonly<Record<string, number>>;
  readonly adminFeeRefunded: boolean;
  readonly paymentIntentId: string | null;
}

interface Row {
  id: string;
  client_name: string | null;
  client_email: string | null;
  coach_name: string | null;
  title: string | null;
  sessions: number;
  duration_minutes: number;
  total_price_pence: number;
  admin_fee_pence: number;
  paid_at: unknown;
  valid_until: unknown;
  created_at: unknown;
  credits: Record<string, number> | null;
  admin_fee_refunded: boolean;
  payment_intent_id: string | null;
}

const SELECT = `
  select p.id, cu.full_name as client_name, cu.email as client_email, co.full_name as coach_name, p.title, p.sessions, p.duration_minutes,
         p.total_price_pence, p.admin_fee_pence, p.paid_at, p.valid_until, p.created_at, p.admin_fee_refunded, p.payment_intent_id,
         (select json_object_agg(s.state, s.n) from (select c.state, count(*)::int as n from package_credits c where c.purchase_id = p.id group by c.state) s) as credits
    from package_purchases p join users cu on cu.id = p.client_id join users co on co.id = p.coach_id`;

const rowOf = (r: Row): AdminPackageRow => ({
  id: r.id,
  clientName: r.client_name,
  clientEmail: r.client_email,
  coachName: r.coach_name,
  title: r.title,
  sessions: r.sessions,
  durationMinutes: r.duration_minutes,
  totalPricePence: r.total_price_pence,
  adminFeePence: r.admin_fee_pence,
  paidAt: toIso(r.paid_at),
  validUntil: toIso(r.valid_until),
  createdAt: toIsoRequired(r.created_at),
  credits: r.credits ?? {},
  adminFeeRefunded: r.admin_fee_refunded,
  paymentIntentId: r.payment_intent_id,
});

/** Paid packages, newest first, of one client or coach when given (each filter has its index). */
export async function listAdminPackages(sql: Sql, input: { clientId?: string | null; coachId?: string | null; limit: number }): Promise<AdminPackageRow[]> {
  const where = ['p.paid_at is not null'];
  const params: unknown[] = [];
  if (input.clientId) {
    where.push('p.client_id = ?');
    params.push(input.clientId);
  }
  if (input.coachId) {
    where.push('p.coach_id = ?');
    params.push(input.coachId);
  }
  const rows = await sql<Row>(`${SELECT} where ${where.join(' and ')} order by p.created_at desc, p.id desc limit ?`, [...params, input.limit]);
  return rows.map(rowOf);
}

export async function findAdminPackage(sql: Sql, id: string): Promise<AdminPackageRow | null> {
  const rows = await sql<Row>(`${SELECT} where p.id = ?`, [id]);
  return rows[0] ? rowOf(rows[0]) : null;
}
