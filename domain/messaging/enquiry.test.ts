import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../shared/clock';
import { adminActor, clientActor, coachActor, IDS, NOW } from '../testing/fixtures';
import { checkCanEnquire, checkNewCoachAllowance, NEW_COACHES_PER_DAY, openEnquiry, reportEnquiry, writeInEnquiry, type EnquiryOpening } from './enquiry';

const coach = { id: IDS.coach, userType: 'coach', role: 'user', isActive: true, erased: false } as const;
const coachIds = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((c) => `00000000-0000-4000-8000-00000000000${c}`);

describe('who may start an enquiry', () => {
  it('lets a client ask an active coach', () => {
    expect(checkCanEnquire(clientActor, coach).ok).toBe(true);
  });

  it('refuses coaches and administrators, and a coach who is removed, erased or not a coach', () => {
    expect(checkCanEnquire(coachActor, { ...coach, id: IDS.coach2 })).toMatchObject({ ok: false, error: { code: 'ENQUIRY_CLIENTS_ONLY', kind: 'forbidden' } });
    expect(checkCanEnquire(adminActor, coach)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    for (const other of [{ ...coach, isActive: false }, { ...coach, erased: true }, { ...coach, userType: 'client' as const }, null])
      expect(checkCanEnquire(clientActor, other)).toMatchObject({ ok: false, error: { message: 'Coach not found.' } });
  });
});

describe('the five-new-coaches-a-day rule', () => {
  it('allows five coaches, refuses a sixth until the first opening is a day old, and never refuses a coach already asked', () => {
    const opened: EnquiryOpening[] = coachIds.slice(0, 5).map((coachId, i) => ({ coachId, at: new Date(NOW.getTime() - (5 - i) * 3_600_000) }));
    expect(checkNewCoachAllowance(opened.slice(0, 4), coachIds[5]!, NOW).ok).toBe(true);
    const refused = checkNewCoachAllowance(opened, coachIds[5]!, NOW);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'rate_limited', code: 'ENQUIRY_COACH_LIMIT' } });
    expect(refused.ok ? '' : refused.error.message).toContain('Please wait until Wed, 11 Mar 2026, 07:00.');
    expect(checkNewCoachAllowance(opened, coachIds[2]!, NOW).ok).toBe(true);
    expect(checkNewCoachAllowance(opened, coachIds[5]!, new Date(opened[0]!.at.getTime() + DAY_MS)).ok).toBe(true);
  });

  it('never lets a client reach more than five new coaches in any 24 hours, whatever the order of their attempts', () => {
    const attempt = fc.record({ coach: fc.integer({ min: 0, max: coachIds.length - 1 }), afterMs: fc.integer({ min: 0, max: 8 * 3_600_000 }) });
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 40 }), (attempts) => {
        const opened: EnquiryOpening[] = [];
        let at = NOW.getTime();
        for (const a of attempts) {
          at += a.afterMs;
          const coachId = coachIds[a.coach]!;
          const now = new Date(at);
          const known = opened.some((o) => o.coachId === coachId && o.at.getTime() > at - DAY_MS);
          if (checkNewCoachAllowance(opened, coachId, now).ok && !known) opened.push({ coachId, at: now });
        }
        for (const o of opened) {
          const window = opened.filter((p) => p.at.getTime() > o.at.getTime() - DAY_MS && p.at.getTime() <= o.at.getTime());
          expect(new Set(window.map((p) => p.coachId)).size).toBeLessThanOrEqual(NEW_COACHES_PER_DAY);
        }
      }),
    );
  });
});

describe('writing in and reporting an enquiry', () => {
  const enquiry = openEnquiry({ id: IDS.booking, actor: clientActor, coachId: IDS.coach }, NOW);

  it('goes from one of its people to the other, sanitised, and is refused to anyone else', () => {
    expect(writeInEnquiry({ id: IDS.booking2, enquiry, actor: coachActor, content: ' <b>Yes</b> ' }, NOW)).toMatchObject({ ok: true, value: { receiverId: IDS.client, content: 'bYes/b' } });
    expect(writeInEnquiry({ id: IDS.booking2, enquiry, actor: { ...coachActor, userId: IDS.coach2 }, content: 'Hi' }, NOW)).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(writeInEnquiry({ id: IDS.booking2, enquiry, actor: adminActor, content: 'Hi' }, NOW)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(writeInEnquiry({ id: IDS.booking2, enquiry: { ...enquiry, bookingId: IDS.booking2, joinedAt: NOW }, actor: clientActor, content: 'Hi' }, NOW)).toMatchObject({
      ok: false,
      error: { code: 'ENQUIRY_JOINED' },
    });
  });

  it('is reported by its coach only, once, with a reason', () => {
    const report = (actor = coachActor, reason: unknown = 'Spam', alreadyReported = false) => reportEnquiry({ id: IDS.booking2, enquiry, actor, reason, alreadyReported }, NOW);
    expect(report()).toMatchObject({ ok: true, value: { reporterId: IDS.coach, reason: 'Spam' } });
    expect(report(clientActor)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(report(coachActor, '  ')).toMatchObject({ ok: false, error: { message: 'Please say why you are reporting this enquiry.' } });
    expect(report(coachActor, 'Spam', true)).toMatchObject({ ok: false, error: { code: 'ENQUIRY_ALREADY_REPORTED' } });
  });
});
