import { beforeAll, describe, expect, it } from 'vitest';
import { adminReadModels, type AdminReadModels } from '../../../adapters/persistence/admin/index';
import { AUDIT_SEARCH_MESSAGES } from '../../../app/admin/audit-search';
import { loader as auditLoader } from '../../../app/routes/_app.AdminAudit';
import { insertBooking, insertUser } from '../../support/admin-fixtures';
import { useTestApp } from '../../support/app';
import { call, requestAs } from '../../support/booking-flow';
import { countQueries } from '../../support/query-counter';

/**
 * The audit page (decision 056) against PostgreSQL: every entry newest first with the acting
 * administrator, the action, the target by its reference or name, and the details; each filter
 * (administrator, action, a booking reference, an email, an id, London dates); pages forwards and
 * back; bad filters refused with their message, no entry read; the page within the query budget.
 */
const ctx = useTestApp();
let reads: AdminReadModels;
let ada: string, ben: string, gone: string, jamie: string, booking: { id: string; reference: string };
const entry: Record<string, string> = {};

async function audit(key: string, actorId: string | null, action: string, targetType: string, targetId: string, at: string, details: Record<string, unknown> = {}) {
  const [row] = await ctx.db.query<{ id: string }>(
    `insert into audit_log (id, actor_id, action, target_type, target_id, details, created_at) values (gen_random_uuid(), $1, $2, $3, $4, $5::jsonb, $6) returning id`,
    [actorId, action, targetType, targetId, JSON.stringify(details), at],
  );
  entry[key] = row!.id;
}

beforeAll(async () => {
  reads = adminReadModels(ctx.app.orm);
  ada = await insertUser(ctx.db, { role: 'admin', fullName: 'Ada Admin', email: 'ada@fact.test' });
  ben = await insertUser(ctx.db, { role: 'admin', fullName: 'Ben Boss', email: 'ben@fact.test' });
  gone = await insertUser(ctx.db, { role: 'admin', fullName: 'Gone Admin', email: 'gone@fact.test' });
  jamie = await insertUser(ctx.db, { fullName: 'Jamie Carter', email: 'jamie.carter@example.test' });
  const coach = await insertUser(ctx.db, { fullName: 'Marcus Reid', userType: 'coach' });
  booking = await insertBooking(ctx.db, { clientId: jamie, coachId: coach, status: 'completed', paymentStatus: 'released', captured: 4300 });
  await audit('remove', ada, 'user.remove', 'user', jamie, '2026-06-30 23:30:00+00', { via: 'web', reason: 'Spam' }); // 00:30 on 1 July in London
  await audit('resolve', ben, 'dispute.resolve', 'booking', booking.id, '2026-07-02 09:00:00+00', { via: 'cli', reference: booking.reference, outcome: 'refund_partial', refundPence: 1050 });
  await audit('cancel', ada, 'booking.cancel', 'booking', booking.id, '2026-07-03 09:00:00+00', { via: 'web', reason: 'Coach ill' });
  await audit('gone', gone, 'coach.verify', 'user', coach, '2026-07-04 09:00:00+00', { via: 'web', verified: true });
  await audit('request', ada, 'deletion_request.approve', 'deletion_request', '5d2c0c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', '2026-07-05 09:00:00+00', { via: 'cli' });
  // The last administrator's account is deleted: their entries stay, without a name.
  await ctx.db.query(`update audit_log set actor_id = null where actor_id = $1`, [gone]);
});

const idsOf = (page: { items: { id: string }[] }) => page.items.map((e) => e.id);

describe('the audit log read model', () => {
  it('lists every entry newest first with who, what, the target and the details', async () => {
    const page = await reads.auditLog({});
    expect(idsOf(page)).toEqual([entry.request, entry.gone, entry.cancel, entry.resolve, entry.remove]);
    expect(page.items[3]).toMatchObject({
      actorName: 'Ben Boss',
      action: 'dispute.resolve',
      targetType: 'booking',
      targetLabel: booking.reference,
      via: 'cli',
      details: [
        ['outcome', 'refund_partial'],
        ['reference', booking.reference],
        ['refundPence', '1050'],
      ],
    });
    expect(page.items[4]).toMatchObject({ actorName: 'Ada Admin', targetLabel: 'Jamie Carter', via: 'web', details: [['reason', 'Spam']] });
    expect(page.items[1]).toMatchObject({ actorId: null, actorName: null, targetLabel: 'Marcus Reid' });
    expect(page.items[0]).toMatchObject({ targetType: 'deletion_request', targetLabel: null });
  });

  it('filters by administrator, by action, and by a target given as reference, email or id', async () => {
    expect(idsOf(await reads.auditLog({ actorId: ada }))).toEqual([entry.request, entry.cancel, entry.remove]);
    expect(idsOf(await reads.auditLog({ action: 'dispute.resolve' }))).toEqual([entry.resolve]);
    expect(idsOf(await reads.auditLog({ target: { reference: booking.reference } }))).toEqual([entry.cancel, entry.resolve]);
    expect(idsOf(await reads.auditLog({ target: { email: 'jamie.carter@example.test' } }))).toEqual([entry.remove]);
    expect(idsOf(await reads.auditLog({ target: { id: booking.id } }))).toEqual([entry.cancel, entry.resolve]);
    expect(idsOf(await reads.auditLog({ target: { reference: 'FACT-20990101-NONE' } }))).toEqual([]);
    expect(idsOf(await reads.auditLog({ actorId: ben, action: 'booking.cancel' }))).toEqual([]);
  });

  it('pages forwards and back, every entry once', async () => {
    const first = await reads.auditLog({ limit: 2 });
    const second = await reads.auditLog({ limit: 2, after: first.next });
    const third = await reads.auditLog({ limit: 2, after: second.next });
    expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual([entry.request, entry.gone, entry.cancel, entry.resolve, entry.remove]);
    expect(third.next).toBeNull();
    expect(idsOf(await reads.auditLog({ limit: 2, before: second.prev }))).toEqual(idsOf(first));
  });
});

describe('the audit page', () => {
  it('filters by London dates, both days included', async () => {
    const response = await call(auditLoader, ctx.app, await requestAs(ctx.app, ada, '/AdminAudit?from=2026-07-01&to=2026-07-02'));
    expect(response.status).toBe(200);
    const data = (await response.json()) as { page: { items: { id: string }[] }; administrators: { name: string }[] };
    expect(idsOf(data.page)).toEqual([entry.resolve, entry.remove]);
    expect(data.administrators.map((a) => a.name)).toEqual(['Ada Admin', 'Ben Boss', 'Gone Admin']);
  });

  it('answers a filtered page within the query budget', async () => {
    const request = await requestAs(ctx.app, ada, `/AdminAudit?actor=${ada}&action=booking.cancel&target=${booking.reference.toLowerCase()}`);
    const { result: response, count, queries } = await countQueries(() => call(auditLoader, ctx.app, request));
    expect(response.status).toBe(200);
    expect(idsOf(((await response.json()) as { page: { items: { id: string }[] } }).page)).toEqual([entry.cancel]);
    expect(count, queries.join('\n')).toBeLessThanOrEqual(4);
  });

  it('refuses a bad filter with its message and reads no entry', async () => {
    const request = await requestAs(ctx.app, ada, '/AdminAudit?target=jamie&from=2026-02-31');
    const { result: response, queries } = await countQueries(() => call(auditLoader, ctx.app, request));
    expect(response.status).toBe(400);
    const data = (await response.json()) as { errors: Record<string, string>; page: { items: unknown[] } };
    expect(data.errors).toEqual({ target: AUDIT_SEARCH_MESSAGES.target, from: AUDIT_SEARCH_MESSAGES.date });
    expect(data.page.items).toEqual([]);
    expect(queries.join('\n')).not.toMatch(/from audit_log/);
  });
});
