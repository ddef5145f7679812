import type { Actor, Role, UserType } from './actor';
import type { DomainError } from '../shared/errors';
import type { Id } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import type { BookingParties, BookingPartyRole } from './booking-parties';
import { policyErrors } from './policy-errors';

/**
 * SPEC §6 and PRODUCT.md 'Who sees what', as one module. The UI asks these to hide what a
 * person may not do; the server asks the same functions and refuses it anyway.
 */

/** A person a rule is about (a User satisfies this). */
export interface PersonSubject {
  readonly id: Id;
  readonly role: Role;
  readonly userType: UserType;
  readonly isActive: boolean;
}

const isAdmin = (actor: Actor | null | undefined): boolean => actor?.role === 'admin';

// Bookings -----------------------------------------------------------------------------------------

/** 'client' or 'coach' when the actor is that party of the booking (SPEC §6), else null. */
export function partyRoleIn(actor: Actor, booking: BookingParties): BookingPartyRole | null {
  if (actor.userId === booking.clientId) return 'client';
  if (actor.userId === booking.coachId) return 'coach';
  return null;
}

export function isBookingParty(actor: Actor, booking: BookingParties): boolean {
  return partyRoleIn(actor, booking) !== null;
}

/** The other party of a booking, from the point of view of one party. */
export function otherPartyId(booking: BookingParties, userId: Id): Id | null {
  if (userId === booking.clientId) return booking.coachId;
  if (userId === booking.coachId) return booking.clientId;
  return null;
}

/** Parties and admins see a booking; for anyone else it does not exist. */
export function canViewBooking(actor: Actor, booking: BookingParties): boolean {
  return isAdmin(actor) || isBookingParty(actor, booking);
}

/** SPEC §6: parties message each other; admins chat with both parties of any booking. */
export function canMessageOnBooking(actor: Actor, booking: BookingParties): boolean {
  return canViewBooking(actor, booking);
}

/** SPEC §2 Messages: a non-admin sees only messages they sent or received. */
export function canSeeMessage(actor: Actor, message: { readonly senderId: Id; readonly receiverId: Id }): boolean {
  return isAdmin(actor) || message.senderId === actor.userId || message.receiverId === actor.userId;
}

/** SPEC §6: an admin takes payment on any booking. */
export function canTakePayment(actor: Actor): boolean {
  return isAdmin(actor);
}

/** The client pays for their own booking; an admin may pay on any booking. */
export function canPayForBooking(actor: Actor, booking: BookingParties): boolean {
  return isAdmin(actor) || actor.userId === booking.clientId;
}

/** Disputes are resolved by an administrator (PRODUCT.md). */
export function canResolveDispute(actor: Actor): boolean {
  return isAdmin(actor);
}

/** SPEC §2: the booking-reference search panel is an admin tool. */
export function canSearchBookingReferences(actor: Actor | null): boolean {
  return isAdmin(actor);
}

/** Each party reviews a completed booking once (status is checked by the reviews context). */
export function canReviewBooking(actor: Actor, booking: BookingParties): boolean {
  return !isAdmin(actor) && isBookingParty(actor, booking) && booking.status === 'completed';
}

// Profiles -----------------------------------------------------------------------------------------

/**
 * PRODUCT.md: coach profiles are visible to everyone, signed in or not ('Open browsing',
 * decision 048; signed out, only their public fields are shown); a client's profile only to the
 * client, coaches they have a booking with, and admins. Deactivated accounts and admin
 * profiles are visible only to themselves and admins.
 */
export function canViewProfile(viewer: Actor | null, target: PersonSubject, context: { readonly hasBookingTogether: boolean } = { hasBookingTogether: false }): boolean {
  if (viewer && (viewer.userId === target.id || isAdmin(viewer))) return true;
  if (!target.isActive || target.role === 'admin') return false;
  if (!viewer) return target.userType === 'coach';
  if (target.userType === 'coach') return true;
  return viewer.userType === 'coach' && context.hasBookingTogether;
}

/** SPEC §2: only the owner edits a profile; others (admins included) see it read-only. */
export function canEditProfile(actor: Actor, targetUserId: Id): boolean {
  return actor.userId === targetUserId;
}

/** PRODUCT.md: email and phone are never shown to the other party; admins see them on the profile page. */
export function canSeeContactDetails(viewer: Actor, targetUserId: Id): boolean {
  return viewer.userId === targetUserId || isAdmin(viewer);
}

/** SPEC §2/§6: list cards never show an email ('Email hidden'), to anyone. */
export function showEmailOnCard(): false {
  return false;
}

/** SPEC §2: the removal reason is visible to admins only. */
export function canSeeDeactivationReason(viewer: Actor): boolean {
  return isAdmin(viewer);
}

/** Only a coach manages their own availability; everyone signed in may read it. */
export function canManageAvailability(actor: Actor, coachId: Id): boolean {
  return actor.userType === 'coach' && actor.role !== 'admin' && actor.userId === coachId;
}

export function canViewAvailability(viewer: Actor | null): boolean {
  return viewer !== null;
}

// Administration -----------------------------------------------------------------------------------

/** SPEC §6: an admin removes non-admin users (never an admin, never themselves). */
export function canRemoveUser(actor: Actor, target: Pick<PersonSubject, 'id' | 'role'>): Result<void> {
  if (!isAdmin(actor)) return err(policyErrors.adminOnly());
  if (target.id === actor.userId) return err(policyErrors.cannotRemoveSelf());
  if (target.role === 'admin') return err(policyErrors.cannotRemoveAdmin());
  return ok(undefined);
}

/** SPEC §6: an admin restores non-admin users. */
export function canRestoreUser(actor: Actor, target: Pick<PersonSubject, 'id' | 'role'>): Result<void> {
  if (!isAdmin(actor)) return err(policyErrors.adminOnly());
  if (target.role === 'admin') return err(policyErrors.cannotRemoveAdmin());
  return ok(undefined);
}

/** SPEC §2/§6: clients and coaches may ask for their own account to be deleted; admins cannot. */
export function canRequestDeletion(actor: Actor): Result<void> {
  return isAdmin(actor) ? err(policyErrors.adminsCannotRequestDeletion()) : ok(undefined);
}

/** SPEC §6: deletion requests are decided by an admin. */
export function canDecideDeletion(actor: Actor): Result<void> {
  return isAdmin(actor) ? ok(undefined) : err(policyErrors.adminOnly());
}

/** The 'Verified' badge on coach cards and profiles (SPEC §2/§3) is given and taken away by an admin. */
export function canSetCoachVerification(actor: Actor): Result<void> {
  return isAdmin(actor) ? ok(undefined) : err(policyErrors.adminOnly());
}

/** PRODUCT.md: DataDiagnostic is for administrators only. */
export function canViewDiagnostics(actor: Actor | null): boolean {
  return isAdmin(actor);
}

/** SPEC §2: AdminDashboard, AdminUsers, AdminBookings ('Non-admins see nothing on admin pages'). */
export function canViewAdminPages(actor: Actor | null): boolean {
  return isAdmin(actor);
}

/** SPEC §6: admins see all users, bookings and messages. */
export function canSeeEverything(actor: Actor | null): boolean {
  return isAdmin(actor);
}

/** Turns a boolean rule into a Result for use cases. */
export function allowIf(allowed: boolean, failure: () => DomainError): Result<void> {
  return allowed ? ok(undefined) : err(failure());
}
