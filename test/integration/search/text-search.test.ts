import { beforeAll, describe, expect, it } from 'vitest';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { decideDeletionRequest } from '../../../domain/accounts/erasure/use-cases/decide-deletion-request';
import { removeUser } from '../../../domain/accounts/erasure/use-cases/remove-user';
import { requestDeletion } from '../../../domain/accounts/erasure/use-cases/request-deletion';
import { updateProfile } from '../../../domain/accounts/users/use-cases/update-profile';
import { toActor, type User } from '../../../domain/accounts/users/user';
import { NO_FILTERS, parseCursor, type CoachSearchFilters } from '../../../domain/search/coach-search';
import { unwrap } from '../../../domain/shared/result';
import { createUser } from '../../support/accounts';
import { useTestApp } from '../../support/app';
import { bySearchOrder, generateCoaches, insertCoaches, isSearchable, seededRandom, type CoachSpec } from '../../support/coach-fixtures';

/**
 * Decision 018: the text filter reads coach_profiles.search_text, a copy of the
 * user's search document kept by triggers. Whatever writes the user — the profile form, an
 * administrator, erasure, raw SQL — SPEC's rule holds: each word matches any part of the name, bio
 * or location, case-insensitively, with %, _ and \ taken literally; and the pages (order, keyset,
 * total) are those of the plain rule applied to every coach.
 */
const ctx = useTestApp();
const deps = () => ctx.app.deps();
const search = () => createCoachSearch(ctx.app.orm.em.fork());

/** Every page of a search, following the cursor: the ids in order, and the totals each page said. */
async function allPages(filters: CoachSearchFilters): Promise<{ ids: string[]; totals: Set<number> }> {
  const s = search();
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const page = await s.search(filters, { cursor: parseCursor(cursor), limit: 20 });
    ids.push(...page.coaches.map((c) => c.userId));
    totals.add(page.total);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { ids, totals };
}

const found = async (text: string, more: Partial<CoachSearchFilters> = {}) => (await allPages({ ...NO_FILTERS, text, ...more })).ids;

/** What the copy holds for a user, and what it must hold (the document, or null over 2 000 bytes). */
async function copyOf(userId: string): Promise<{ copy: string | null; document: string }> {
  const [row] = await ctx.db.query<{ copy: string | null; document: string }>(
    `select cp.search_text as copy, u.search_document as document from coach_profiles cp join users u on u.id = cp.user_id where cp.user_id = $1`,
    [userId],
  );
  return row!;
}

describe('FindCoaches text search over the copy on coach_profiles', () => {
  const coaches = generateCoaches(600, 2020);
  const extra: CoachSpec[] = [
    { name: 'Percy Sign', bio: 'Rates: 100% effort, 50_50 balls, back\\slash drills', location: 'Leeds' },
    { name: 'Under Score', bio: 'Plays 5_a_side on Tuesdays', location: 'York' },
    { name: 'Eve Olsen', bio: 'Coaches the U9 team at Leeds FC', location: 'Hull' },
    // 1 000 characters of three-byte text: a document over 2 000 bytes, so its copy is null.
    { name: 'Long Bio', bio: `${'練習'.repeat(490)} 決定力 Finishing`, location: 'Kyoto' },
  ].map((c, i) => ({
    ...coaches[i]!,
    id: `0000000${i}-0000-4000-8000-00000000000${i}`,
    fullName: c.name,
    bio: c.bio,
    location: c.location,
    isActive: true,
    isListed: true,
    hasProfile: true,
  }));
  const all = [...coaches, ...extra];
  const docOf = (c: CoachSpec) => `${c.fullName} ${c.bio ?? ''} ${c.location ?? ''}`.toLowerCase();
  const expected = (...words: string[]) =>
    all
      .filter((c) => isSearchable(c) && words.every((w) => docOf(c).includes(w.toLowerCase())))
      .sort(bySearchOrder)
      .map((c) => c.id);

  beforeAll(async () => {
    await insertCoaches(ctx.db, all);
    await ctx.db.query('vacuum analyze users');
    await ctx.db.query('vacuum analyze coach_profiles');
  });

  it('keeps the copy equal to the document for rows written by raw SQL, and null over 2 000 bytes', async () => {
    const rows = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from coach_profiles cp join users u on u.id = cp.user_id
        where cp.search_text is distinct from (case when octet_length(u.search_document) <= 2000 then u.search_document end)`,
    );
    expect(rows[0]!.n).toBe(0);
    expect((await copyOf(extra[3]!.id)).copy).toBeNull();
    expect((await copyOf(extra[0]!.id)).copy).toBe('percy sign rates: 100% effort, 50_50 balls, back\\slash drills leeds');
  });

  it('refuses a copy written by hand: the trigger puts the document back', async () => {
    await ctx.db.query(`update coach_profiles set search_text = 'anything at all' where user_id = $1`, [extra[1]!.id]);
    const { copy, document } = await copyOf(extra[1]!.id);
    expect(copy).toBe(document);
  });

  it('matches any part of the name, bio or location, case-insensitively, every word, with the same pages as the rule', async () => {
    for (const words of [['OKAFOR'], ['okafor', 'LEEDS'], ['uefa'], ['icens'], ['street,'], ['jamie', 'bristol'], ['Ex-pro', 'york']]) {
      const { ids, totals } = await allPages({ ...NO_FILTERS, text: words.join(' ') });
      expect(ids, words.join(' ')).toEqual(expected(...words));
      expect([...totals], words.join(' ')).toEqual([ids.length]);
    }
  });

  it('finds random parts of random coaches exactly as the rule does (words of 1 to 7 characters, walk or trigram index)', async () => {
    const rnd = seededRandom(7);
    for (let k = 0; k < 25; k++) {
      const coach = all[Math.floor(rnd() * all.length)]!;
      const doc = docOf(coach).replace(/\s+/g, ' ');
      const length = 1 + Math.floor(rnd() * 7);
      const start = Math.floor(rnd() * Math.max(1, doc.length - length));
      const word = doc
        .slice(start, start + length)
        .trim()
        .split(' ')[0]!;
      if (word === '') continue;
      expect(await found(word.toUpperCase()), word).toEqual(expected(word));
    }
  });

  it('takes %, _ and \\ literally, in words of any length', async () => {
    expect(await found('%')).toEqual(expected('%'));
    expect(await found('100%')).toEqual([extra[0]!.id]);
    expect(await found('_')).toEqual(expected('_'));
    expect(await found('5_a')).toEqual([extra[1]!.id]);
    expect(await found('0_5')).toEqual([extra[0]!.id]);
    expect(await found('k\\s')).toEqual([extra[0]!.id]);
    expect(await found('%_%')).toEqual([]);
    expect(await found('a%e')).toEqual([]);
  });

  it('finds short words (no trigram) anywhere: u9, fc', async () => {
    expect(await found('u9')).toEqual(expected('u9'));
    expect(await found('FC')).toEqual(expected('fc'));
    expect(await found('u9 fc hull')).toEqual([extra[2]!.id]);
  });

  it('finds a coach whose copy is null (a long document) by any word, alone or with others and other filters', async () => {
    const long = extra[3]!.id;
    expect(await found('決定力')).toEqual([long]);
    expect(await found('FINISHING')).toEqual(expected('finishing'));
    expect(await found('練習練習 long kyoto')).toEqual([long]);
    expect(await found('練')).toEqual([long]);
    expect(await found('kyoto', { location: 'kyo' })).toEqual([long]);
    expect(await found('練習', { location: 'leeds' })).toEqual([]);
  });

  it('matches the location filter on the location only, with or without words', async () => {
    const inLocation = (place: string) => (c: CoachSpec) => (c.location ?? '').toLowerCase().includes(place);
    const byLocation = (place: string, ...words: string[]) =>
      all
        .filter((c) => isSearchable(c) && inLocation(place)(c) && words.every((w) => docOf(c).includes(w)))
        .sort(bySearchOrder)
        .map((c) => c.id);
    expect((await allPages({ ...NO_FILTERS, location: 'LEEDS' })).ids).toEqual(byLocation('leeds'));
    expect((await allPages({ ...NO_FILTERS, location: 'leeds', text: 'sam' })).ids).toEqual(byLocation('leeds', 'sam'));
    // Eve coaches at Leeds FC (in her bio) but lives in Hull: the location filter does not find her.
    expect(byLocation('leeds')).not.toContain(extra[2]!.id);
    expect((await allPages({ ...NO_FILTERS, location: 'hull' })).ids).toEqual([extra[2]!.id]);
  });
});

describe('FindCoaches text search after the coach changes', () => {
  let coach: User;
  let admin: User;

  beforeAll(async () => {
    coach = (await createUser(ctx.app, { userType: 'coach', fullName: 'Zebedee Quarshie', bio: 'Former Hartlepool keeper', location: 'Sunderland' })).user;
    admin = (await createUser(ctx.app, { role: 'admin', fullName: 'Ada Admin' })).user;
  });

  it('finds a coach by their new name, bio and location, and no longer by the old ones', async () => {
    expect(await found('quarshie hartlepool sunderland')).toEqual([coach.id]);
    unwrap(await updateProfile(deps(), { actor: toActor(coach), form: { fullName: 'Zebedee Mensah-Quaye', bio: 'Goalkeeping at Whitby Town', location: 'Scarborough' } }));
    expect(await found('quarshie')).toEqual([]);
    expect(await found('hartlepool')).toEqual([]);
    expect(await found('sunderland')).toEqual([]);
    expect(await found('MENSAH whitby scarborough')).toEqual([coach.id]);
    expect((await allPages({ ...NO_FILTERS, location: 'scarborough' })).ids).toEqual([coach.id]);
    const { copy, document } = await copyOf(coach.id);
    expect(copy).toBe(document);
  });

  it('follows a bio that grows over 2 000 bytes and shrinks again', async () => {
    unwrap(await updateProfile(deps(), { actor: toActor(coach), form: { bio: `${'守備'.repeat(400)} Whitby` } }));
    expect((await copyOf(coach.id)).copy).toBeNull();
    expect(await found('守備守備 whitby mensah')).toEqual([coach.id]);
    unwrap(await updateProfile(deps(), { actor: toActor(coach), form: { bio: 'Back at Whitby' } }));
    expect((await copyOf(coach.id)).copy).toBe('zebedee mensah-quaye back at whitby scarborough');
    expect(await found('守備')).toEqual([]);
  });

  it('drops a coach who is unlisted or deactivated, and finds them again when restored', async () => {
    await ctx.db.query(`update coach_profiles set is_listed = false where user_id = $1`, [coach.id]);
    expect(await found('mensah')).toEqual([]);
    await ctx.db.query(`update coach_profiles set is_listed = true where user_id = $1`, [coach.id]);
    expect(await found('mensah')).toEqual([coach.id]);
    unwrap(await removeUser(deps(), { actor: toActor(admin), form: { userId: coach.id, reason: 'Check' } }));
    expect(await found('mensah')).toEqual([]);
  });

  it('scrubs the copy when the account is erased: the old name, bio and location are nowhere in coach_profiles', async () => {
    const other = (await createUser(ctx.app, { userType: 'coach', fullName: 'Ottilie Vandersloot', bio: 'Shot stopping in Grimsby', location: 'Cleethorpes' })).user;
    expect(await found('vandersloot')).toEqual([other.id]);
    const request = unwrap(await requestDeletion(deps(), { actor: toActor(other), form: { reason: 'Moving on' } }));
    unwrap(await decideDeletionRequest(deps(), { actor: toActor(admin), form: { requestId: request.id, decision: 'approved' } }));
    const { copy, document } = await copyOf(other.id);
    expect(copy).toBe(document);
    for (const old of ['vandersloot', 'grimsby', 'cleethorpes']) {
      expect(copy).not.toContain(old);
      expect(await ctx.db.query(`select user_id from coach_profiles where search_text ilike $1`, [`%${old}%`])).toEqual([]);
      expect(await found(old)).toEqual([]);
    }
  });
});
