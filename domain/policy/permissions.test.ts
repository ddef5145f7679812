import { describe, expect, it } from 'vitest';
import { aBooking, adminActor, adminUser, client2Actor, clientActor, clientUser, coach2Actor, coachActor, coachUser, IDS } from '../testing/fixtures';
import {
  canDecideDeletion,
  canEditProfile,
  canManageAvailability,
  canMessageOnBooking,
  canPayForBooking,
  canRemoveUser,
  canRequestDeletion,
  canResolveDispute,
  canReviewBooking,
  canSeeContactDetails,
  canSeeDeactivationReason,
  canSeeMessage,
  canSetCoachVerification,
  canTakePayment,
  canViewAdminPages,
  canViewBooking,
  canViewDiagnostics,
  canViewProfile,
  otherPartyId,
  partyRoleIn,
  showEmailOnCard,
} from './permissions';

const booking = aBooking();

describe('bookings (SPEC §6)', () => {
  it('knows the client as whoever matches clientId and the coach as whoever matches coachId', () => {
    expect(partyRoleIn(clientActor, booking)).toBe('client');
    expect(partyRoleIn(coachActor, booking)).toBe('coach');
    expect(partyRoleIn(adminActor, booking)).toBeNull();
    expect(otherPartyId(booking, IDS.client)).toBe(IDS.coach);
    expect(otherPartyId(booking, IDS.coach)).toBe(IDS.client);
  });

  it('shows a booking to its parties and to admins only', () => {
    expect(canViewBooking(clientActor, booking)).toBe(true);
    expect(canViewBooking(coachActor, booking)).toBe(true);
    expect(canViewBooking(adminActor, booking)).toBe(true);
    expect(canViewBooking(client2Actor, booking)).toBe(false);
    expect(canViewBooking(coach2Actor, booking)).toBe(false);
  });

  it('lets parties and admins message on a booking', () => {
    expect(canMessageOnBooking(clientActor, booking)).toBe(true);
    expect(canMessageOnBooking(adminActor, booking)).toBe(true);
    expect(canMessageOnBooking(coach2Actor, booking)).toBe(false);
  });

  it('shows a non-admin only messages they sent or received', () => {
    const toClientFromAdmin = { senderId: IDS.admin, receiverId: IDS.client };
    expect(canSeeMessage(clientActor, toClientFromAdmin)).toBe(true);
    expect(canSeeMessage(coachActor, toClientFromAdmin)).toBe(false);
    expect(canSeeMessage(adminActor, { senderId: IDS.client, receiverId: IDS.coach })).toBe(true);
  });

  it('lets admins take payment on any booking and the client pay their own', () => {
    expect(canTakePayment(adminActor)).toBe(true);
    expect(canTakePayment(clientActor)).toBe(false);
    expect(canPayForBooking(clientActor, booking)).toBe(true);
    expect(canPayForBooking(coachActor, booking)).toBe(false);
    expect(canPayForBooking(adminActor, booking)).toBe(true);
  });

  it('lets only admins resolve disputes', () => {
    expect(canResolveDispute(adminActor)).toBe(true);
    expect(canResolveDispute(coachActor)).toBe(false);
  });

  it('lets parties review a completed booking', () => {
    expect(canReviewBooking(clientActor, aBooking({ status: 'completed' }))).toBe(true);
    expect(canReviewBooking(coachActor, aBooking({ status: 'completed' }))).toBe(true);
    expect(canReviewBooking(clientActor, aBooking({ status: 'confirmed' }))).toBe(false);
    expect(canReviewBooking(adminActor, aBooking({ status: 'completed' }))).toBe(false);
  });
});

describe('profiles (PRODUCT.md who sees what)', () => {
  it('shows coach profiles to every signed-in user and to signed-out visitors', () => {
    expect(canViewProfile(clientActor, coachUser())).toBe(true);
    expect(canViewProfile(coach2Actor, coachUser())).toBe(true);
    expect(canViewProfile(null, coachUser())).toBe(true);
  });

  it('shows signed-out visitors no client profile, no deactivated coach and no administrator', () => {
    expect(canViewProfile(null, clientUser())).toBe(false);
    expect(canViewProfile(null, coachUser({ isActive: false }))).toBe(false);
    expect(canViewProfile(null, adminUser())).toBe(false);
  });

  it('shows a client profile to the client, to coaches with a booking with them, and to admins', () => {
    const client = clientUser();
    expect(canViewProfile(clientActor, client)).toBe(true);
    expect(canViewProfile(adminActor, client)).toBe(true);
    expect(canViewProfile(coachActor, client, { hasBookingTogether: true })).toBe(true);
    expect(canViewProfile(coachActor, client, { hasBookingTogether: false })).toBe(false);
    expect(canViewProfile(client2Actor, client, { hasBookingTogether: true })).toBe(false);
  });

  it('hides deactivated accounts and admin profiles from everyone but themselves and admins', () => {
    expect(canViewProfile(clientActor, coachUser({ isActive: false }))).toBe(false);
    expect(canViewProfile(adminActor, coachUser({ isActive: false }))).toBe(true);
    expect(canViewProfile(clientActor, adminUser())).toBe(false);
  });

  it('lets only the owner edit a profile', () => {
    expect(canEditProfile(clientActor, IDS.client)).toBe(true);
    expect(canEditProfile(adminActor, IDS.client)).toBe(false);
  });

  it('shows contact details to the owner and admins, never an email on a card, and removal reasons to admins', () => {
    expect(canSeeContactDetails(clientActor, IDS.client)).toBe(true);
    expect(canSeeContactDetails(adminActor, IDS.client)).toBe(true);
    expect(canSeeContactDetails(coachActor, IDS.client)).toBe(false);
    expect(showEmailOnCard()).toBe(false);
    expect(canSeeDeactivationReason(adminActor)).toBe(true);
    expect(canSeeDeactivationReason(coachActor)).toBe(false);
  });

  it('lets only the coach manage their availability', () => {
    expect(canManageAvailability(coachActor, IDS.coach)).toBe(true);
    expect(canManageAvailability(coach2Actor, IDS.coach)).toBe(false);
    expect(canManageAvailability(adminActor, IDS.coach)).toBe(false);
    expect(canManageAvailability(clientActor, IDS.client)).toBe(false);
  });
});

describe('administration (SPEC §6)', () => {
  it('lets admins remove non-admin users only', () => {
    expect(canRemoveUser(adminActor, clientUser()).ok).toBe(true);
    expect(canRemoveUser(adminActor, adminUser({ id: IDS.admin2 }))).toMatchObject({ ok: false, error: { code: 'CANNOT_REMOVE_ADMIN' } });
    expect(canRemoveUser(coachActor, clientUser())).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY', kind: 'forbidden' } });
  });

  it('lets users but not admins request deletion, and only admins decide', () => {
    expect(canRequestDeletion(clientActor).ok).toBe(true);
    expect(canRequestDeletion(adminActor)).toMatchObject({ ok: false, error: { code: 'ADMINS_CANNOT_REQUEST_DELETION' } });
    expect(canDecideDeletion(adminActor).ok).toBe(true);
    expect(canDecideDeletion(coachActor).ok).toBe(false);
  });

  it('lets only admins verify coaches or take the verification away', () => {
    expect(canSetCoachVerification(adminActor).ok).toBe(true);
    expect(canSetCoachVerification(coachActor)).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY', kind: 'forbidden' } });
    expect(canSetCoachVerification(clientActor)).toMatchObject({ ok: false, error: { code: 'ADMIN_ONLY' } });
  });

  it('keeps DataDiagnostic and admin pages for admins', () => {
    expect(canViewDiagnostics(adminActor)).toBe(true);
    expect(canViewDiagnostics(clientActor)).toBe(false);
    expect(canViewDiagnostics(null)).toBe(false);
    expect(canViewAdminPages(adminActor)).toBe(true);
    expect(canViewAdminPages(coachActor)).toBe(false);
  });
});
