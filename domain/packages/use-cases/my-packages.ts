import type { Actor } from '../../policy/actor';
import type { UnitOfWork } from '../../unit-of-work';
import type { ClientPackageRow } from '../package-purchase.repository';

/** The packages a client bought, newest first (coaches and administrators have none of their own). */
export function myPackages(deps: { uow: UnitOfWork }, input: { actor: Actor }): Promise<readonly ClientPackageRow[]> {
  if (input.actor.role === 'admin' || input.actor.userType !== 'client') return Promise.resolve([]);
  return deps.uow.read.packagePurchases.listPaidForClient(input.actor.userId);
}
