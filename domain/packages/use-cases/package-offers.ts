import type { Actor } from '../../policy/actor';
import type { Clock } from '../../shared/clock';
import { forbidden, notFound, type DomainError } from '../../shared/errors';
import { isId, type Id, type IdSource } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { canOfferAnother, validatePackageTerms, type PackageOffer, type PackageOfferForm } from '../package-offer';

export interface PackageOfferDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdSource;
}

const notACoach = (): DomainError => forbidden('NOT_A_COACH', 'Only coaches can offer packages.');
const noSuchOffer = (): DomainError => notFound('PACKAGE_NOT_FOUND', 'Package not found');

/**
 * A coach adds a package to their profile. Its terms are checked against the coach's own
 * single-session prices, and at most three are on sale at once (the coach's offers are locked
 * while counting, so two added together cannot both pass).
 */
export function offerPackage(deps: PackageOfferDeps, input: { actor: Actor; form: PackageOfferForm }): Promise<Result<PackageOffer>> {
  if (input.actor.userType !== 'coach') return Promise.resolve(err(notACoach()));
  return deps.uow.transaction(async (tx) => {
    const profile = await tx.coachProfiles.findByUserId(input.actor.userId);
    if (!profile) return err(notACoach());
    const terms = validatePackageTerms(input.form, { ratePence: profile.hourlyRatePence, lengths: profile.sessionLengths });
    if (!terms.ok) return terms;
    await tx.packageOffers.lockCoach(input.actor.userId);
    const room = canOfferAnother(await tx.packageOffers.listOnSale(input.actor.userId));
    if (!room.ok) return room;
    const offer: PackageOffer = { id: deps.ids.newId(), coachId: input.actor.userId, ...terms.value, retiredAt: null };
    await tx.packageOffers.insert(offer);
    return ok(offer);
  });
}

async function ownOffer(tx: { packageOffers: { findById(id: Id): Promise<PackageOffer | null> } }, actor: Actor, offerId: Id): Promise<Result<PackageOffer>> {
  const offer = isId(offerId) ? await tx.packageOffers.findById(offerId) : null;
  // Another coach's offer is not found, not forbidden: its existence is nobody else's business.
  if (!offer || offer.coachId !== actor.userId || offer.retiredAt !== null) return err(noSuchOffer());
  return ok(offer);
}

/** A coach changes a package's terms. Packages already bought keep the terms they were bought with. */
export function changePackage(deps: PackageOfferDeps, input: { actor: Actor; offerId: Id; form: PackageOfferForm }): Promise<Result<PackageOffer>> {
  return deps.uow.transaction(async (tx) => {
    const found = await ownOffer(tx, input.actor, input.offerId);
    if (!found.ok) return found;
    const profile = await tx.coachProfiles.findByUserId(input.actor.userId);
    if (!profile) return err(notACoach());
    const terms = validatePackageTerms(input.form, { ratePence: profile.hourlyRatePence, lengths: profile.sessionLengths });
    if (!terms.ok) return terms;
    const changed: PackageOffer = { ...found.value, ...terms.value };
    await tx.packageOffers.update(changed);
    return ok(changed);
  });
}

/** A coach stops selling a package; credits already bought stay valid. */
export function retirePackage(deps: PackageOfferDeps, input: { actor: Actor; offerId: Id }): Promise<Result<PackageOffer>> {
  return deps.uow.transaction(async (tx) => {
    const found = await ownOffer(tx, input.actor, input.offerId);
    if (!found.ok) return found;
    const retired: PackageOffer = { ...found.value, retiredAt: deps.clock.now() };
    await tx.packageOffers.update(retired);
    return ok(retired);
  });
}

/** The packages a coach sells now, for their profile and the booking dialog (anyone may see them). */
export function packagesOnSale(deps: Pick<PackageOfferDeps, 'uow'>, input: { coachId: Id }): Promise<readonly PackageOffer[]> {
  return deps.uow.read.packageOffers.listOnSale(input.coachId);
}
