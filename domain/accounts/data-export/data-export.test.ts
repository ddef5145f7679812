import { describe, expect, it } from 'vitest';
import { createInMemoryRateLimitStore } from '../../rate-limit/in-memory-rate-limit-store';
import type { Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { buildDataExport, dataExportFileName, displayNameOf, serialiseDataExport } from './data-export';
import { DATA_EXPORT_LIMITS, type DataExportRows, type ExportBookingRow } from './data-export-rows';
import type { DataExportSource } from './data-export-source';
import { exportMyData, exportUserData } from './use-cases/export-my-data';

const ME = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const at = (iso: string) => new Date(iso);
const none = { rows: [], truncated: false };

function booking(over: Partial<ExportBookingRow> = {}): ExportBookingRow {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    referenceCode: 'FACT-20261120-AB12',
    clientId: ME,
    coachId: COACH,
    serviceType: 'striker',
    startsAt: at('2026-11-20T10:00:00Z'),
    endsAt: at('2026-11-20T11:00:00Z'),
    durationMinutes: 60,
    locationType: 'outdoor',
    locationAddress: 'Hackney Marshes',
    locationNotes: null,
    clientNotes: 'Left foot, please',
    servicePricePence: 5000,
    adminFeePence: 300,
    totalPricePence: 5300,
    status: 'completed',
    declined: false,
    cancellationReason: null,
    cancelledBy: null,
    cancelledAt: null,
    rescheduleRequestedBy: COACH,
    rescheduleStatus: 'accepted',
    rescheduleProposedStartsAt: at('2026-11-20T10:00:00Z'),
    rescheduleReason: 'Pitch booked',
    sessionStartedAt: at('2026-11-20T10:00:00Z'),
    clientArrivedAt: null,
    coachArrivedAt: null,
    clientCompletedAt: null,
    coachCompletedAt: null,
    earlyCompletionReason: null,
    completedAt: at('2026-11-20T11:00:00Z'),
    disputeStatus: null,
    disputeReason: null,
    disputeOpenedBy: null,
    disputeOpenedAt: null,
    disputeOutcome: null,
    disputeRefundPence: null,
    disputeResolutionNote: null,
    disputeResolvedAt: null,
    paymentStatus: 'released',
    amountAuthorizedPence: 5300,
    amountCapturedPence: 5300,
    amountRefundedPence: 0,
    paymentHeldUntil: at('2026-11-22T11:00:00Z'),
    paymentReleasedAt: at('2026-11-22T11:05:00Z'),
    createdAt: at('2026-11-18T09:00:00Z'),
    updatedAt: at('2026-11-22T11:05:00Z'),
    otherName: 'Casey Van Coach',
    otherErased: false,
    ...over,
  };
}

function rows(over: Partial<DataExportRows> = {}): DataExportRows {
  return {
    account: {
      id: ME,
      email: 'chris@example.com',
      emailVerifiedAt: at('2026-11-01T09:00:00Z'),
      hasPassword: true,
      googleLinked: false,
      fullName: 'Chris Client',
      phone: '+44 7700 900123',
      bio: null,
      avatarUrl: null,
      locationAddress: 'London',
      homePlace: 'Didsbury',
      role: 'user',
      userType: 'client',
      isActive: true,
      deactivatedAt: null,
      erasedAt: null,
      preferredCoachingTypes: ['striker'],
      preferredSessionTimes: ['evening'],
      videoClip1: null,
      videoClip2: null,
      videoClip3: null,
      emailPreferences: { message_digest: false },
      createdAt: at('2026-11-01T08:00:00Z'),
      updatedAt: at('2026-11-02T08:00:00Z'),
    },
    coachProfile: null,
    availability: none,
    bookings: { rows: [booking(), booking({ referenceCode: 'FACT-20261121-ER45', otherName: 'Gone Person', otherErased: true })], truncated: false },
    transfers: none,
    messages: {
      rows: [
        {
          id: '44444444-4444-4444-8444-444444444444',
          referenceCode: 'FACT-20261120-AB12',
          senderId: COACH,
          receiverId: ME,
          content: 'See you at the marshes',
          readAt: null,
          createdAt: at('2026-11-19T12:00:00Z'),
          otherIsClient: false,
          otherName: 'Casey Van Coach',
          otherErased: false,
        },
      ],
      truncated: false,
    },
    reviewsGiven: {
      rows: [
        {
          id: 'r1',
          referenceCode: 'FACT-20261120-AB12',
          reviewerType: 'client',
          rating: 5,
          comment: 'Great session, thanks!',
          createdAt: at('2026-11-21T09:00:00Z'),
          otherName: 'Casey Van Coach',
          otherErased: false,
        },
      ],
      truncated: false,
    },
    reviewsReceived: {
      rows: [
        { id: 'r2', referenceCode: 'FACT-20261120-AB12', reviewerType: 'coach', rating: 4, comment: 'Keen and on time.', createdAt: at('2026-11-21T10:00:00Z'), otherName: null, otherErased: true },
      ],
      truncated: false,
    },
    deletionRequests: {
      rows: [{ id: 'd1', reason: 'Moving abroad', status: 'rejected', requestedAt: at('2026-11-23T09:00:00Z'), decidedAt: at('2026-11-24T09:00:00Z'), decisionReason: 'Open booking' }],
      truncated: false,
    },
    auditAboutUser: { rows: [{ id: 'a1', action: 'user.restore', targetType: 'user', targetId: ME, via: 'cli', bySelf: false, createdAt: at('2026-11-24T10:00:00Z') }], truncated: false },
    auditByUser: null,
    players: {
      rows: [
        {
          id: 'p1',
          firstName: 'Ella',
          lastName: 'Hughes',
          dateOfBirth: '2015-03-02',
          notes: 'Left wing; inhaler in her bag',
          guardianConsentAt: at('2026-11-10T09:00:00Z'),
          removedAt: null,
          createdAt: at('2026-11-10T09:00:00Z'),
        },
      ],
      truncated: false,
    },
    ...over,
  };
}

const exportedAt = at('2026-11-25T09:30:00Z');

describe('the data export document', () => {
  it('is a versioned document with every section', () => {
    const doc = buildDataExport(rows(), { exportedAt, limits: DATA_EXPORT_LIMITS });
    expect(doc).toMatchObject({ format: 'fact-export', version: 1, exportedAt: '2026-11-25T09:30:00.000Z' });
    expect(Object.keys(doc)).toEqual([
      'format',
      'version',
      'exportedAt',
      'notes',
      'account',
      'emailPreferences',
      'coachProfile',
      'availability',
      'bookings',
      'payouts',
      'messages',
      'reviews',
      'deletionRequests',
      'auditLog',
      'players',
    ]);
    expect(doc.players.items).toEqual([
      {
        firstName: 'Ella',
        lastName: 'Hughes',
        dateOfBirth: '2015-03-02',
        notesForCoaches: 'Left wing; inhaler in her bag',
        guardianConsentAt: '2026-11-10T09:00:00.000Z',
        addedAt: '2026-11-10T09:00:00.000Z',
        removedAt: null,
      },
    ]);
    expect(doc.account).toMatchObject({
      email: 'chris@example.com',
      phone: '+44 7700 900123',
      location: 'London',
      homePlace: 'Didsbury',
      signIn: { password: true, google: false },
      userType: 'client',
    });
    expect(doc.emailPreferences).toMatchObject({ message_digest: false, booking_updates: true });
    expect(doc.bookings).toMatchObject({ count: 2, truncated: false, limit: DATA_EXPORT_LIMITS.bookings });
    expect(doc.bookings.items[0]).toMatchObject({
      reference: 'FACT-20261120-AB12',
      yourRole: 'client',
      prices: { sessionPence: 5000, adminFeePence: 300, totalPence: 5300 },
      payment: { status: 'released', capturedPence: 5300, refundedPence: 0, releasedAt: '2026-11-22T11:05:00.000Z' },
      reschedule: { requestedBy: 'coach', status: 'accepted' },
      dispute: null,
      cancellation: null,
    });
    expect(doc.payouts).toBeNull();
    expect(doc.messages.items).toEqual([
      { reference: 'FACT-20261120-AB12', direction: 'received', with: 'Casey', content: 'See you at the marshes', sentAt: '2026-11-19T12:00:00.000Z', readAt: null },
    ]);
    expect(doc.reviews.given.items[0]).toMatchObject({ with: 'Casey', rating: 5 });
    expect(doc.deletionRequests.items[0]).toMatchObject({ status: 'rejected', reason: 'Moving abroad' });
    expect(doc.auditLog.aboutYou.items).toEqual([{ at: '2026-11-24T10:00:00.000Z', action: 'user.restore', by: 'an administrator', via: 'cli' }]);
    expect(doc.auditLog.byYou).toBeNull();
  });

  it('shows the other party by first name only, and by role once erased', () => {
    const doc = buildDataExport(rows(), { exportedAt, limits: DATA_EXPORT_LIMITS });
    expect(doc.bookings.items.map((b) => b.with)).toEqual(['Casey', 'Coach']);
    expect(doc.reviews.received.items[0]!.with).toBe('Coach');
    const text = serialiseDataExport(doc);
    expect(text).not.toContain('Van Coach');
    expect(text).not.toContain('Gone');
    expect(text).not.toContain(COACH);
    expect(displayNameOf('  ', false, 'client')).toBe('Client');
    expect(displayNameOf(null, false, 'coach')).toBe('Coach');
  });

  it('holds no secret: no password hash, session version, Google id or payment ids', () => {
    const text = serialiseDataExport(buildDataExport(rows(), { exportedAt, limits: DATA_EXPORT_LIMITS }));
    for (const word of ['passwordHash', 'password_hash', 'sessionVersion', 'session_version', 'googleId', 'paymentIntent', 'transferId', 'scrypt']) expect(text).not.toContain(word);
  });

  it('says when a section was cut at its limit', () => {
    const doc = buildDataExport(rows({ bookings: { rows: [booking()], truncated: true } }), { exportedAt, limits: { ...DATA_EXPORT_LIMITS, bookings: 1 } });
    expect(doc.bookings).toMatchObject({ count: 1, truncated: true, limit: 1, note: 'Only your newest 1 bookings are included; older ones were left out.' });
    expect(doc.messages).not.toHaveProperty('note');
  });

  it('gives coaches their payouts and administrators their own actions, hiding emails they targeted', () => {
    const coach = rows({
      account: { ...rows().account, userType: 'coach', role: 'admin' },
      transfers: {
        rows: [
          {
            bookingId: 'b',
            referenceCode: 'FACT-20261120-AB12',
            coachSharePence: 4500,
            platformSharePence: 500,
            commissionBps: 1000,
            status: 'paid',
            reversedPence: 0,
            releasedAt: exportedAt,
            transferredAt: exportedAt,
            paidOutAt: null,
          },
        ],
        truncated: false,
      },
      auditByUser: { rows: [{ id: 'x', action: 'admin.create', targetType: 'user', targetId: 'someone@example.com', via: 'cli', bySelf: true, createdAt: exportedAt }], truncated: false },
    });
    const doc = buildDataExport(coach, { exportedAt, limits: DATA_EXPORT_LIMITS });
    expect(doc.payouts?.items[0]).toMatchObject({ coachSharePence: 4500, status: 'paid' });
    expect(doc.auditLog.byYou?.items[0]).toMatchObject({ action: 'admin.create', targetId: '(hidden)' });
    expect(serialiseDataExport(doc)).not.toContain('someone@example.com');
  });

  it('is named for its UTC date', () => {
    expect(dataExportFileName(exportedAt)).toBe('fact-data-2026-11-25.json');
  });
});

describe('exporting data', () => {
  const source: DataExportSource = { gather: async (userId) => (userId === ME ? rows() : null) };
  const clock = { now: () => exportedAt };
  const actor = { userId: ME, role: 'user' as const, userType: 'client' as const };

  it('lets a person download 3 times an hour, then refuses with the time to wait', async () => {
    const deps = { dataExport: source, clock, rateLimits: createInMemoryRateLimitStore() };
    for (let i = 0; i < 3; i += 1) expect((await exportMyData(deps, { actor })).ok).toBe(true);
    const fourth = await exportMyData(deps, { actor });
    expect(fourth).toMatchObject({ ok: false, error: { kind: 'rate_limited', code: 'RATE_LIMITED', message: 'You can download your data 3 times an hour. Please wait until 10:30' } });
  });

  it("lets only an administrator export someone's data, inside the audited unit of work", async () => {
    let transactions = 0;
    const uow = {
      read: {},
      transaction: async <T>(work: (tx: never) => Promise<Result<T>>) => {
        transactions += 1;
        return work({} as never);
      },
    } as unknown as UnitOfWork;
    const deps = { dataExport: source, clock, uow };
    expect(await exportUserData(deps, { actor, userId: ME })).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
    const admin = { ...actor, userId: COACH, role: 'admin' as const };
    expect(await exportUserData(deps, { actor: admin, userId: 'nobody' })).toMatchObject({ ok: false, error: { code: 'USER_NOT_FOUND' } });
    const done = await exportUserData(deps, { actor: admin, userId: ME });
    expect(done.ok && done.value.fileName).toBe('fact-data-2026-11-25.json');
    expect(transactions).toBe(1);
  });
});
