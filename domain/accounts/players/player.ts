import * as z from 'zod';
import type { Actor } from '../../policy/actor';
import { ADULT_AGE, ageOn } from '../users/age-group';
import { playerErrors } from './player-errors';
import type { PlayerForm } from './player.schemas';
import { idSchema, type Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';

/**
 * A player of a guardian's account (PRODUCT.md 'Accounts', decision 017): most one-to-one
 * coaching is booked by a parent for a child. A player has no login; they exist only on their
 * guardian's (a client's) account. A player under 18 needs the guardian's confirmation that they
 * are the parent or guardian and consent to the player's details being shared with the coaches
 * they book; the time of that consent is kept. Removal is soft (bookings keep their player).
 */
export interface Player {
  readonly id: Id;
  readonly guardianId: Id;
  readonly firstName: string;
  readonly lastName: string;
  /** 'YYYY-MM-DD'. */
  readonly dateOfBirth: string;
  /** For coaches: position, medical notes, emergency contact. */
  readonly notes: string | null;
  /** When the guardian confirmed and consented (required under 18). */
  readonly guardianConsentAt: Date | null;
  readonly removedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly version: number;
}

export const MAX_PLAYERS_PER_ACCOUNT = 20;

export const playerName = (p: Pick<Player, 'firstName' | 'lastName'>): string => `${p.firstName} ${p.lastName}`.trim();

/** Under 18 on `today` ('YYYY-MM-DD', London). */
export function isMinor(dateOfBirth: string, today: string): boolean {
  return ageOn(dateOfBirth, today) < ADULT_AGE;
}

function mayManagePlayers(actor: Actor): boolean {
  return actor.role !== 'admin' && actor.userType === 'client';
}

/** The consent rule: a minor needs consent given now, or already stored and not withdrawn. */
function consentAt(form: PlayerForm, today: string, now: Date, stored: Date | null): Result<Date | null> {
  if (form.guardianConsent === true) return ok(stored ?? now);
  if (!isMinor(form.dateOfBirth, today)) return ok(stored);
  return stored ? ok(stored) : err(playerErrors.consentRequired());
}

export function addPlayer(actor: Actor, input: { id: Id; form: PlayerForm; activeCount: number }, today: string, now: Date): Result<Player> {
  if (!mayManagePlayers(actor)) return err(playerErrors.clientsOnly());
  if (input.activeCount >= MAX_PLAYERS_PER_ACCOUNT) return err(playerErrors.tooMany());
  const consent = consentAt(input.form, today, now, null);
  if (!consent.ok) return consent;
  return ok({
    id: input.id,
    guardianId: actor.userId,
    firstName: input.form.firstName,
    lastName: input.form.lastName,
    dateOfBirth: input.form.dateOfBirth,
    notes: input.form.notes ?? null,
    guardianConsentAt: consent.value,
    removedAt: null,
    createdAt: now,
    updatedAt: now,
    version: 0,
  });
}

/** The guardian's own, not removed player (another guardian's is 'not found'). */
export function ownActivePlayer(player: Player | null, actor: Actor): Result<Player> {
  if (!player || player.guardianId !== actor.userId) return err(playerErrors.notFound());
  if (player.removedAt !== null) return err(playerErrors.removed());
  return ok(player);
}

export function editPlayer(player: Player, actor: Actor, form: PlayerForm, today: string, now: Date): Result<Player> {
  const own = ownActivePlayer(player, actor);
  if (!own.ok) return own;
  const consent = consentAt(form, today, now, player.guardianConsentAt);
  if (!consent.ok) return consent;
  return ok({
    ...player,
    firstName: form.firstName,
    lastName: form.lastName,
    dateOfBirth: form.dateOfBirth,
    notes: form.notes === undefined ? player.notes : form.notes,
    guardianConsentAt: consent.value,
    updatedAt: now,
  });
}

/** Soft removal: hidden from the Players card and the booking dialog; bookings keep the player. */
export function removePlayer(player: Player, actor: Actor, now: Date): Result<Player> {
  const own = ownActivePlayer(player, actor);
  if (!own.ok) return own;
  return ok({ ...player, removedAt: now, updatedAt: now });
}

// Re-validation of stored data --------------------------------------------------------------

const instant = z.preprocess((v) => (typeof v === 'string' ? new Date(v) : v), z.date());
const dateText = z.preprocess((v) => (v instanceof Date ? (Number.isNaN(v.getTime()) ? 'invalid' : v.toISOString().slice(0, 10)) : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

export const playerSchema = z.object({
  id: idSchema,
  guardianId: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: dateText,
  notes: z.string().nullable(),
  guardianConsentAt: instant.nullable(),
  removedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
  version: z.number().int().nonnegative(),
});

export function parsePlayer(data: unknown): Result<Player> {
  const r = playerSchema.safeParse(data);
  return r.success ? ok(r.data) : err({ kind: 'invalid', code: 'INVALID_RECORD', message: `Stored player is invalid: ${r.error.message}` });
}
