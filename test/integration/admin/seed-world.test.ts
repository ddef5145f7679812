import { beforeAll, describe, expect, it } from 'vitest';
import { adminReadModels } from '../../../adapters/persistence/admin/index';
import { seedDemoIfEmpty } from '../../../adapters/seed/seed-demo';
import { DEMO_ADMIN, DEMO_CLIENTS, DEMO_COACHES, DEMO_PASSWORD } from '../../../adapters/seed/seed-world-data';
import { signInWithEmail } from '../../../domain/accounts/sign-in/use-cases/sign-in-with-email';
import { useTestApp } from '../../support/app';

/** The demo world `npm start` loads into an empty database: built by the real use cases, consistent. */
const ctx = useTestApp();
let lines: string[] = [];

beforeAll(async () => {
  const seeded = await seedDemoIfEmpty(ctx.app);
  lines = seeded?.lines ?? [];
}, 120_000);

describe('the demo world', () => {
  it('says how to sign in, and is loaded once only', async () => {
    expect(lines.join('\n')).toContain(`administrator  ${DEMO_ADMIN.email}`);
    expect(lines.join('\n')).toContain(`password       ${DEMO_PASSWORD}`);
    expect(await seedDemoIfEmpty(ctx.app)).toBeUndefined();
  });

  it('has an administrator, nine coaches with full profiles and five clients, all able to sign in', async () => {
    const counts = await adminReadModels(ctx.app.orm).counts();
    expect(counts).toMatchObject({ admins: 1, coaches: DEMO_COACHES.length, clients: 5 });
    const profiles = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from coach_profiles where cardinality(services_offered) > 0 and cardinality(age_groups) > 0 and hourly_rate_pence >= 1000`,
    );
    expect(profiles[0]!.n).toBe(DEMO_COACHES.length);
    const rates = await ctx.db.query<{ n: number }>(`select count(distinct hourly_rate_pence)::int as n from coach_profiles`);
    expect(rates[0]!.n).toBeGreaterThanOrEqual(6);
    for (const email of [DEMO_ADMIN.email, DEMO_COACHES[0]!.email, DEMO_CLIENTS[0]!.email]) {
      const signedIn = await signInWithEmail(ctx.app.deps(), { form: { email, password: DEMO_PASSWORD }, ip: '203.0.113.9' });
      expect(signedIn.ok).toBe(true);
    }
  });

  it('has bookings in every state, an open dispute, reviews, messages and a pending deletion request', async () => {
    const counts = await adminReadModels(ctx.app.orm).counts();
    for (const state of ['pending', 'confirmed', 'inSession', 'completed', 'cancelled', 'disputed'] as const) expect(counts[state]).toBeGreaterThan(0);
    expect(counts).toMatchObject({ openDisputes: 1, pendingDeletionRequests: 1 });
    const [extra] = await ctx.db.query<{ reviews: number; messages: number; declined: number; paid: number }>(
      `select (select count(*)::int from reviews) as reviews, (select count(*)::int from messages) as messages,
              (select count(*)::int from bookings where declined) as declined,
              (select count(*)::int from bookings where payment_status in ('authorized', 'captured', 'released')) as paid`,
    );
    expect(extra).toMatchObject({ reviews: 3, declined: 1 });
    expect(extra!.messages).toBeGreaterThan(3);
    expect(extra!.paid).toBeGreaterThan(5);
  });

  it('passes every consistency check, warnings included', async () => {
    const report = await adminReadModels(ctx.app.orm).diagnostics();
    expect(report.checks.filter((c) => c.count > 0)).toEqual([]);
  });
});

describe('the demo world’s payouts', () => {
  it('has every coach but one with payouts enabled, and the released money transferred or waiting accordingly', async () => {
    const accounts = await ctx.db.query<{ email: string; payouts_enabled: boolean }>(`select u.email, p.payouts_enabled from payout_accounts p join users u on u.id = p.coach_id order by u.email`);
    expect(accounts).toHaveLength(DEMO_COACHES.length - 1);
    expect(accounts.every((a) => a.payouts_enabled)).toBe(true);
    const transfers = await ctx.db.query<{ status: string; enabled: boolean }>(
      `select t.status, p.payouts_enabled is true as enabled from bookings b join coach_transfers t on t.booking_id = b.id
         left join payout_accounts p on p.coach_id = b.coach_id where b.payment_status = 'released'`,
    );
    const released = await ctx.db.query<{ n: number }>(`select count(*)::int as n from bookings where payment_status = 'released'`);
    expect(transfers).toHaveLength(released[0]!.n);
    expect(transfers.length).toBeGreaterThan(0);
    for (const t of transfers) expect(t.status).toBe(t.enabled ? 'paid' : 'waiting');
  });
});

describe('the demo world’s places', () => {
  it('gives every in-person coach a base place, and the online coach none', async () => {
    const rows = await ctx.db.query<{ email: string; label: string | null; session_mode: string; placed: boolean }>(
      `select u.email, p.label, cp.session_mode, cp.base_earth is not null as placed
         from coach_profiles cp join users u on u.id = cp.user_id left join places p on p.id = cp.base_place_id order by u.email`,
    );
    expect(rows).toHaveLength(DEMO_COACHES.length);
    for (const r of rows) expect(r.placed, r.email).toBe(r.session_mode !== 'online');
    expect(rows.find((r) => r.email === 'ryan.doyle@fact.test')).toMatchObject({ label: 'Stockport', session_mode: 'in_person' });
    expect(rows.find((r) => r.email === 'sofia.almeida@fact.test')).toMatchObject({ label: 'Didsbury' });
  });
});
