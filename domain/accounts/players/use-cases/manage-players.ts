import type { Clock } from '../../../shared/clock';
import type { Id, IdSource } from '../../../shared/ids';
import { utcToLondon } from '../../../shared/london-time';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import type { Actor } from '../../../policy/actor';
import { checkDateOfBirthKeepsBookings } from '../booking-player';
import { addPlayer as newPlayer, editPlayer as changePlayer, removePlayer as dropPlayer, ownActivePlayer, type Player } from '../player';
import { playerErrors } from '../player-errors';
import { playerFormSchema } from '../player.schemas';

/**
 * The Players card on UserProfile (decision 017): add, edit, remove (soft) and list a guardian's
 * players. Only the guardian sees or changes them; another guardian's player is 'not found'. A
 * new date of birth must keep the player in the coach's groups on every booking still to happen
 * (decision 034).
 */
type Deps = { uow: UnitOfWork; clock: Clock };

export async function listPlayers(deps: { uow: UnitOfWork }, input: { actor: Actor }): Promise<Player[]> {
  if (input.actor.userType !== 'client' || input.actor.role === 'admin') return [];
  return deps.uow.read.players.listActiveByGuardian(input.actor.userId);
}

export async function addPlayer(deps: Deps & { ids: IdSource }, input: { actor: Actor; form: unknown }): Promise<Result<Player>> {
  const now = deps.clock.now();
  const today = utcToLondon(now).date;
  const form = parseForm(playerFormSchema(today), input.form);
  if (!form.ok) return form;
  return deps.uow.transaction(async (tx) => {
    const existing = await tx.players.listActiveByGuardian(input.actor.userId);
    const player = newPlayer(input.actor, { id: deps.ids.newId(), form: form.value, activeCount: existing.length }, today, now);
    if (!player.ok) return player;
    return tx.players.save(player.value);
  });
}

export async function editPlayer(deps: Deps, input: { actor: Actor; playerId: Id; form: unknown }): Promise<Result<Player>> {
  const now = deps.clock.now();
  const today = utcToLondon(now).date;
  const form = parseForm(playerFormSchema(today), input.form);
  if (!form.ok) return form;
  return deps.uow.transaction(async (tx) => {
    // Locked before the bookings are read: a booking changing its session meanwhile either
    // commits first (and is read below) or waits for this edit and checks the new date of birth.
    const player = await tx.players.findById(input.playerId, { lock: 'update' });
    if (!player) return err(playerErrors.notFound());
    const changed = changePlayer(player, input.actor, form.value, today, now);
    if (!changed.ok) return changed;
    if (changed.value.dateOfBirth !== player.dateOfBirth) {
      const kept = checkDateOfBirthKeepsBookings(player, changed.value.dateOfBirth, await tx.players.listOpenSessions(player.id));
      if (!kept.ok) return kept;
    }
    return tx.players.save(changed.value);
  });
}

export async function removePlayer(deps: Deps, input: { actor: Actor; playerId: Id }): Promise<Result<Player>> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const player = await tx.players.findById(input.playerId);
    const removed = player ? dropPlayer(player, input.actor, now) : err(playerErrors.notFound());
    if (!removed.ok) return removed;
    return tx.players.save(removed.value);
  });
}

/** The guardian's bookable player (used by the booking request): own and not removed. */
export async function findBookablePlayer(players: { findById(id: Id): Promise<Player | null> }, actor: Actor, playerId: Id): Promise<Result<Player>> {
  const own = ownActivePlayer(await players.findById(playerId), actor);
  return own.ok ? ok(own.value) : own;
}
