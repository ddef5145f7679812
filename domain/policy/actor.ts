import type { Id } from '../shared/ids';

export type Role = 'admin' | 'user';
/** SPEC §1: 'user' is a legacy value treated as client. */
export type UserType = 'client' | 'coach';

/** Who is acting: every use case takes one and the policy decides. */
export interface Actor {
  readonly userId: Id;
  readonly role: Role;
  readonly userType: UserType;
}

export function normaliseUserType(value: string): UserType {
  return value === 'coach' ? 'coach' : 'client';
}

export const isAdmin = (actor: Actor): boolean => actor.role === 'admin';
