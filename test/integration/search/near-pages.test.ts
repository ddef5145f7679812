import { beforeAll, describe, expect, it } from 'vitest';
import { action as placesAction, loader as placesLoader } from '../../../app/routes/api.places';
import { loader as findCoachesLoader } from '../../../app/routes/_app.FindCoaches';
import { useTestApp } from '../../support/app';
import { bodyOf, call, insertPerson, requestAs, type Person } from '../../support/booking-flow';

const ctx = useTestApp();
const DIDSBURY = 6620310;
let client: Person;

describe('FindCoaches near a place, as the browser receives it', () => {
  beforeAll(async () => {
    client = await insertPerson(ctx.db, { type: 'client', name: 'Pat Parent' });
    const stockport = await insertPerson(ctx.db, { type: 'coach', name: 'Stockport Coach', services: ['striker'], location: '12 Hidden Road, Edgeley' });
    await ctx.db.query(`update coach_profiles set base_place_id = (select id from places where label = 'Stockport'), service_radius_miles = 10 where user_id = $1`, [stockport.id]);
  });

  it('sends the place name and the rounded distance, never the address line or coordinates', async () => {
    const response = await call(findCoachesLoader, ctx.app, await requestAs(ctx.app, client.id, `/FindCoaches?near=${DIDSBURY}&miles=10`));
    const text = await response.clone().text();
    const body = await bodyOf<{ page: { coaches: { fullName: string; location: string; distanceTenths: number; travelsToYou: boolean }[] }; nearPlace: unknown }>(response);
    expect(body.nearPlace).toEqual({ id: DIDSBURY, label: 'Didsbury' });
    expect(body.page.coaches.map((c) => [c.fullName, c.location, c.distanceTenths, c.travelsToYou])).toEqual([['Stockport Coach', 'Stockport', 31, true]]);
    expect(text).not.toContain('Hidden Road');
    expect(text).not.toMatch(/latitude|longitude|53\.4|-2\.1|-2\.2|earth/i);
  });

  it('ignores a place the gazetteer does not hold, as any stale value', async () => {
    const body = await bodyOf<{ page: { coaches: unknown[] }; nearPlace: unknown }>(await call(findCoachesLoader, ctx.app, await requestAs(ctx.app, client.id, '/FindCoaches?near=123&miles=10')));
    expect(body.nearPlace).toBeNull();
    expect(body.page.coaches).toHaveLength(1);
  });

  it('suggests places by label and id only', async () => {
    const body = await bodyOf<{ places: Record<string, unknown>[] }>(await call(placesLoader, ctx.app, await requestAs(ctx.app, null, '/api/places?q=didsb')));
    expect(body.places).toEqual([{ id: DIDSBURY, label: 'Didsbury' }]);
    const newports = await bodyOf<{ places: { label: string }[] }>(await call(placesLoader, ctx.app, await requestAs(ctx.app, null, '/api/places?q=newport')));
    expect(newports.places.map((p) => p.label)).toContain('Newport, near Cardiff');
  });

  it("answers 'Use my location' with the nearest place, and nothing of the position", async () => {
    const response = await call(placesAction, ctx.app, await requestAs(ctx.app, null, '/api/places', { latitude: '53.4189', longitude: '-2.2290' }));
    const text = await response.clone().text();
    expect(await bodyOf(response)).toEqual({ ok: true, place: { id: DIDSBURY, label: 'Didsbury' } });
    expect(text).not.toContain('53.4189');
    const abroad = await call(placesAction, ctx.app, await requestAs(ctx.app, null, '/api/places', { latitude: '48.85', longitude: '2.35' }));
    expect(abroad.status).toBe(422);
  });
});
