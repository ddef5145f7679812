import { randomUUID } from 'node:crypto';
import type { TestDatabase } from './database';

/**
 * Raw-SQL fixtures for the admin read models: they write rows straight into the tables, so the
 * read models can be tested on any shape of data (including data the domain would refuse).
 * Flows through the real use cases use test/support/accounts.ts instead.
 */
export interface UserFixture {
  id?: string;
  email?: string;
  fullName?: string;
  role?: 'user' | 'admin';
  userType?: 'client' | 'coach' | 'user';
  isActive?: boolean;
  erased?: boolean;
  services?: string[];
  needs?: string[];
  createdAt?: string;
}

export async function insertUser(db: TestDatabase, f: UserFixture = {}): Promise<string> {
  const id = f.id ?? randomUUID();
  const email = f.email ?? `${id.slice(0, 8)}@example.test`;
  await db.query(
    `insert into users (id, email, password_hash, full_name, role, user_type, is_active, deactivated_at, erased_at, preferred_coaching_types, created_at, email_verified_at)
     values ($1, $2, 'x', $3, $4, $5, $6, case when $6 then null else now() end, case when $7 then now() else null end, $8, coalesce($9::timestamptz, now()), now())`,
    [id, email.toLowerCase(), f.fullName ?? 'Test Person', f.role ?? 'user', f.userType ?? 'client', f.isActive ?? true, f.erased ?? false, f.needs ?? [], f.createdAt ?? null],
  );
  if ((f.userType ?? 'client') === 'coach') {
    await db.query(`insert into coach_profiles (user_id, services_offered, hourly_rate_pence) values ($1, $2, 4000)`, [id, f.services ?? ['striker']]);
  }
  return id;
}

export interface BookingFixture {
  id?: string;
  clientId: string;
  coachId: string;
  reference?: string;
  status?: string;
  paymentStatus?: string;
  startsAt?: string;
  createdAt?: string;
  servicePence?: number;
  disputeOpen?: boolean;
  captured?: number;
}

let counter = 0;
export function nextReference(date = '20261121'): string {
  counter += 1;
  return `FACT-${date}-${counter.toString(36).toUpperCase().padStart(4, '0')}`;
}

export async function insertBooking(db: TestDatabase, f: BookingFixture): Promise<{ id: string; reference: string }> {
  const id = f.id ?? randomUUID();
  const reference = f.reference ?? nextReference();
  const status = f.status ?? 'pending';
  const service = f.servicePence ?? 4000;
  const disputed = f.disputeOpen ?? status === 'disputed';
  const starts = f.startsAt ?? '2026-12-01T10:00:00Z';
  await db.query(
    `insert into bookings (id, reference_code, client_id, coach_id, service_type, starts_at, duration_minutes, ends_at,
       service_price_pence, admin_fee_pence, total_price_pence, status, payment_status, created_at,
       cancelled_by, cancelled_at, completed_at, session_started_at, dispute_status, dispute_reason, dispute_opened_by, dispute_opened_at,
       amount_authorized_pence, amount_captured_pence)
     values ($1, $2, $3, $4, 'striker', $5::timestamptz, 60, $5::timestamptz + interval '60 minutes',
       $6, 300, $6 + 300, $7, $8, coalesce($9::timestamptz, now()),
       case when $7 = 'cancelled' then 'client' end, case when $7 = 'cancelled' then now() end,
       case when $7 = 'completed' then now() end, case when $7 in ('in_session','completed','disputed') then now() end,
       case when $10 then 'open' end, case when $10 then 'The coach did not turn up' end, case when $10 then $3::uuid end, case when $10 then now() end,
       $11, $11)`,
    [id, reference, f.clientId, f.coachId, starts, service, status, f.paymentStatus ?? 'pending', f.createdAt ?? null, disputed, f.captured ?? 0],
  );
  return { id, reference };
}
