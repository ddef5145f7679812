import type { Actor } from '../policy/actor';
import { forbidden, notFound, type DomainError } from '../shared/errors';
import type { Id } from '../shared/ids';
import { ADMIN_FEE_PENCE, type Pence } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import type { PackageOffer } from './package-offer';
import { validUntilFor, type PackagePurchase } from './package-purchase';

/**
 * A purchase on its way to being paid: the offer's terms copied when the client opened the
 * payment (so a change to the offer meanwhile changes nothing they agreed to), and the card
 * payment it waits for. Once the payment is captured it becomes a PackagePurchase with its
 * credits, valid from that moment.
 */
export interface PackageCheckout extends Pick<
  PackagePurchase,
  'id' | 'clientId' | 'coachId' | 'offerId' | 'seriesId' | 'title' | 'sessions' | 'durationMinutes' | 'totalPricePence' | 'adminFeePence'
> {
  readonly validityWeeks: number;
  readonly paymentIntentId: string | null;
  readonly createdAt: Date;
}

export const checkoutErrors = {
  clientsOnly: (): DomainError => forbidden('CLIENTS_ONLY', 'Only clients can buy packages.'),
  ownPackage: (): DomainError => forbidden('OWN_PACKAGE', 'You cannot buy your own package.'),
  packageNotFound: (): DomainError => notFound('PACKAGE_NOT_FOUND', 'Package not found'),
  notYours: (): DomainError => notFound('PURCHASE_NOT_FOUND', 'Purchase not found'),
};

/** What the client pays: the package's price and the admin fee once (PRODUCT.md). */
export const checkoutTotalPence = (c: Pick<PackageCheckout, 'totalPricePence' | 'adminFeePence'>): Pence => c.totalPricePence + c.adminFeePence;

/** A client starts buying a package on sale from a coach who can be booked. */
export function startCheckout(offer: PackageOffer | null, buyer: Actor, input: { id: Id; now: Date; coachBookable: boolean }): Result<PackageCheckout> {
  if (buyer.role === 'admin' || buyer.userType !== 'client') return err(checkoutErrors.clientsOnly());
  if (!offer || offer.retiredAt !== null || !input.coachBookable) return err(checkoutErrors.packageNotFound());
  if (offer.coachId === buyer.userId) return err(checkoutErrors.ownPackage());
  return ok({
    id: input.id,
    clientId: buyer.userId,
    coachId: offer.coachId,
    offerId: offer.id,
    seriesId: null,
    title: offer.title,
    sessions: offer.sessions,
    durationMinutes: offer.durationMinutes,
    totalPricePence: offer.totalPricePence,
    adminFeePence: ADMIN_FEE_PENCE,
    validityWeeks: offer.validityWeeks,
    paymentIntentId: null,
    createdAt: input.now,
  });
}

/** The purchase once its payment is captured: every credit available, valid for the offer's weeks from now. */
export function paidPurchase(c: PackageCheckout, paidAt: Date): PackagePurchase {
  return {
    id: c.id,
    clientId: c.clientId,
    coachId: c.coachId,
    offerId: c.offerId,
    seriesId: c.seriesId,
    title: c.title,
    sessions: c.sessions,
    durationMinutes: c.durationMinutes,
    totalPricePence: c.totalPricePence,
    adminFeePence: c.adminFeePence,
    purchasedAt: paidAt,
    validUntil: validUntilFor(paidAt, c.validityWeeks),
    credits: Array.from({ length: c.sessions }, () => ({ kind: 'available' as const })),
    adminFeeRefunded: false,
    adminFeeChargedBackPence: 0,
  };
}
