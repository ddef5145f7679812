import { beforeAll, describe, expect, it } from 'vitest';
import { changePackage, offerPackage, retirePackage } from '../../../domain/packages/use-cases/package-offers';
import type { PackageOfferForm } from '../../../domain/packages/package-offer';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';

const ctx = useTestApp();
let coach: Person;
let rival: Person;
let client: Person;

const form = (patch: Partial<PackageOfferForm> = {}): PackageOfferForm => ({ sessions: 5, durationMinutes: 60, totalPricePence: 22_000, validityWeeks: 12, title: null, ...patch });
const rows = (coachId: string) =>
  ctx.db.query<{ sessions: number; total_price_pence: number; retired: boolean }>(
    'select sessions, total_price_pence, retired_at is not null as retired from package_offers where coach_id = $1 order by created_at, id',
    [coachId],
  );

describe("a coach's packages in PostgreSQL", () => {
  beforeAll(async () => {
    coach = await insertPerson(ctx.db, { type: 'coach', name: 'Paula Packages', ratePence: 5000 });
    rival = await insertPerson(ctx.db, { type: 'coach', name: 'Rory Rival' });
    client = await insertPerson(ctx.db, { type: 'client', name: 'Cleo Client' });
  });

  it('saves an offer priced against the coach’s own rate, and refuses one dearer than single sessions without saving anything', async () => {
    const offer = unwrap(await offerPackage(ctx.app.deps(), { actor: coach.actor, form: form({ title: ' Pre-season ' }) }));
    expect(offer).toMatchObject({ sessions: 5, totalPricePence: 22_000, title: 'Pre-season', retiredAt: null });
    const dear = await offerPackage(ctx.app.deps(), { actor: coach.actor, form: form({ totalPricePence: 25_100 }) });
    expect(!dear.ok && dear.error).toMatchObject({ kind: 'invalid', message: "A package can't cost more than 5 single sessions (£250.00)." });
    expect(await rows(coach.id)).toEqual([{ sessions: 5, total_price_pence: 22_000, retired: false }]);
  });

  it('lets only three be on sale at once, even when two are added at the same moment', async () => {
    const results = await Promise.all([2, 3, 4].map((n) => offerPackage(ctx.app.deps(), { actor: coach.actor, form: form({ sessions: n, totalPricePence: n * 4000 }) })));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    const refused = results.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.error.message).toBe('You can offer up to 3 packages. Retire one to add another.');
    expect((await rows(coach.id)).filter((r) => !r.retired)).toHaveLength(3);
  });

  it('changes and retires only the coach’s own offers: another coach gets not found, a client forbidden', async () => {
    const [first] = await ctx.app.deps().uow.read.packageOffers.listOnSale(coach.id);
    const changed = unwrap(await changePackage(ctx.app.deps(), { actor: coach.actor, offerId: first!.id, form: form({ totalPricePence: 20_000 }) }));
    expect(changed.totalPricePence).toBe(20_000);
    const other = await retirePackage(ctx.app.deps(), { actor: rival.actor, offerId: first!.id });
    expect(!other.ok && other.error.kind).toBe('not_found');
    const byClient = await offerPackage(ctx.app.deps(), { actor: client.actor, form: form() });
    expect(!byClient.ok && byClient.error.kind).toBe('forbidden');
    unwrap(await retirePackage(ctx.app.deps(), { actor: coach.actor, offerId: first!.id }));
    expect(await ctx.app.deps().uow.read.packageOffers.listOnSale(coach.id)).toHaveLength(2);
    const again = await retirePackage(ctx.app.deps(), { actor: coach.actor, offerId: first!.id });
    expect(!again.ok && again.error.kind).toBe('not_found');
  });
});
