import { json, type AppLoadContext } from '@remix-run/node';
import { ageGroupLabel, ageOn, primaryAgeGroup } from '../../domain/accounts/users/age-group';
import { playerName, type Player } from '../../domain/accounts/players/player';
import { addPlayer, editPlayer, listPlayers, removePlayer } from '../../domain/accounts/players/use-cases/manage-players';
import { toActor, type User } from '../../domain/accounts/users/user';
import { utcToLondon } from '../../domain/shared/london-time';
import type { AgeGroup } from '../../domain/shared/catalogue';
import { formFailure } from '~/auth/form-failure.server';
import { requestDeps } from '~/request-deps.server';

/** A player as the Players card and the booking dialog show it (the guardian's own data). */
export interface PlayerRow {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly name: string;
  readonly dateOfBirth: string;
  readonly age: number;
  readonly ageGroup: AgeGroup;
  readonly ageGroupLabel: string;
  readonly notes: string | null;
  readonly consentGivenAt: string | null;
}

export function playerRow(player: Player, today: string): PlayerRow {
  const age = ageOn(player.dateOfBirth, today);
  return {
    id: player.id,
    firstName: player.firstName,
    lastName: player.lastName,
    name: playerName(player),
    dateOfBirth: player.dateOfBirth,
    age,
    ageGroup: primaryAgeGroup(age),
    ageGroupLabel: ageGroupLabel(primaryAgeGroup(age)),
    notes: player.notes,
    consentGivenAt: player.guardianConsentAt?.toISOString() ?? null,
  };
}

/** The signed-in client's players (none for coaches and admins). */
export async function loadPlayerRows(context: AppLoadContext, user: User): Promise<PlayerRow[]> {
  const deps = requestDeps(context);
  const today = utcToLondon(deps.clock.now()).date;
  return (await listPlayers(deps, { actor: toActor(user) })).map((p) => playerRow(p, today));
}

/** The Players card's add/edit (player-save, with playerId to edit) and remove (player-remove). */
export async function savePlayer(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const actor = toActor(user);
  const playerId = typeof form.playerId === 'string' && form.playerId !== '' ? form.playerId : null;
  const deps = requestDeps(context);
  const result = playerId ? await editPlayer(deps, { actor, playerId, form }) : await addPlayer(deps, { actor, form });
  if (!result.ok) return formFailure(result.error, 'player-save');
  const name = playerName(result.value);
  return json({ ok: true as const, intent: 'player-save', message: playerId ? `${name}’s details saved.` : `${name} added to your players.` });
}

export async function dropPlayer(context: AppLoadContext, user: User, form: Record<string, unknown>) {
  const playerId = typeof form.playerId === 'string' ? form.playerId : '';
  const result = await removePlayer(requestDeps(context), { actor: toActor(user), playerId });
  if (!result.ok) return formFailure(result.error, 'player-remove');
  return json({ ok: true as const, intent: 'player-remove', message: `${playerName(result.value)} removed from your players.` });
}
