import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../support/app';
import { insertUser } from '../../support/admin-fixtures';
import { runCli } from '../../support/cli';

/**
 * `fact coaches geocode` as an operator runs it: the real binary against PostgreSQL.
 * Three runs in all (each boots the CLI: seconds apiece on a busy machine).
 */
vi.setConfig({ testTimeout: 180_000 });
const ctx = useTestApp();
const fact = (...args: string[]) => runCli(ctx.db.url, args);
const ids: Record<string, string> = {};

const coach = async (key: string, name: string, location: string | null) => {
  ids[key] = await insertUser(ctx.db, { fullName: name, email: `${key}@example.test`, userType: 'coach' });
  await ctx.db.query('update users set location_address = $2 where id = $1', [ids[key], location]);
};
const basePlaces = () =>
  ctx.db.query<{ email: string; label: string | null; placed: boolean }>(
    `select u.email, p.label, cp.base_earth is not null as placed from coach_profiles cp join users u on u.id = cp.user_id left join places p on p.id = cp.base_place_id order by u.email`,
  );

beforeAll(async () => {
  await insertUser(ctx.db, { fullName: 'Ada Admin', email: 'ada@fact.test', role: 'admin' });
  await coach('stockport', 'Sam Stockport', '12 Hidden Road, Stockport SK3 9AB');
  await coach('didsbury', 'Dana Didsbury', 'Didsbury, Manchester');
  await coach('newport', 'Nia Newport', 'Newport');
  await coach('nowhere', 'Noah Nowhere', 'Somewhere over the rainbow');
  await coach('blank', 'Bea Blank', null);
  await coach('placed', 'Pia Placed', 'Leeds');
  // Coaches online only: no base place to find, so never reported as unmatched.
  await coach('online', 'Olly Online', 'Online (UK-wide)');
  await ctx.db.query(`update coach_profiles set session_mode = 'online' where user_id = $1`, [ids.online]);
  await ctx.db.query(`update coach_profiles set base_place_id = (select id from places where label = 'York') where user_id = $1`, [ids.placed]);
}, 60_000);

describe('fact coaches geocode', () => {
  it('reports what would match with --dry-run and changes nothing', async () => {
    const run = await fact('coaches', 'geocode', '--dry-run', '--json');
    expect(run.code).toBe(0);
    const report = run.json<{ dryRun: boolean; placed: { fullName: string; place: { label: string } }[]; unmatched: { fullName: string; reason: string }[] }>();
    expect(report.dryRun).toBe(true);
    expect(report.placed.map((p) => [p.fullName, p.place.label])).toEqual([
      ['Dana Didsbury', 'Didsbury'],
      ['Sam Stockport', 'Stockport'],
    ]);
    expect(report.unmatched.map((u) => [u.fullName, u.reason])).toEqual([
      ['Bea Blank', 'no location given'],
      ['Nia Newport', 'several places have that name'],
      ['Noah Nowhere', 'no place of that name'],
    ]);
    expect((await basePlaces()).filter((r) => r.label !== null).map((r) => r.email)).toEqual(['placed@example.test']);
    expect(await ctx.db.query(`select 1 from audit_log where action = 'coach.geocode'`)).toEqual([]);
  });

  it('places the matched coaches once as the named administrator, audits each, keeps a chosen place, and refuses without --as', async () => {
    expect(await fact('coaches', 'geocode')).toMatchObject({ code: 2 });
    const run = await fact('coaches', 'geocode', '--as', 'ada@fact.test');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Placed 2 coaches; 3 left unmatched.');
    expect(run.stdout).toMatch(/Nia Newport\s+Newport\s+several places have that name/);
    expect(await basePlaces()).toEqual([
      { email: 'blank@example.test', label: null, placed: false },
      { email: 'didsbury@example.test', label: 'Didsbury', placed: true },
      { email: 'newport@example.test', label: null, placed: false },
      { email: 'nowhere@example.test', label: null, placed: false },
      { email: 'online@example.test', label: null, placed: false },
      { email: 'placed@example.test', label: 'York', placed: true },
      { email: 'stockport@example.test', label: 'Stockport', placed: true },
    ]);
    const audit = await ctx.db.query<{ target_id: string; email: string; details: Record<string, unknown> }>(
      `select a.target_id, u.email, a.details from audit_log a join users u on u.id = a.actor_id where a.action = 'coach.geocode' and a.target_type = 'user' order by a.target_id`,
    );
    expect(audit.map((a) => [a.target_id, a.email, a.details.via, a.details.place])).toEqual(
      [
        [ids.didsbury, 'ada@fact.test', 'cli', 'Didsbury'],
        [ids.stockport, 'ada@fact.test', 'cli', 'Stockport'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
  });
});
