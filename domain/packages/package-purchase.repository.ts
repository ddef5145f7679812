import type { Id } from '../shared/ids';
import type { PackageCheckout } from './package-checkout';
import type { PackagePurchase } from './package-purchase';
import type { PackageChargeback } from './package-chargeback';

/** A stored purchase: its checkout (always) and, once paid, the purchase with its credits. */
export interface StoredPurchase {
  readonly checkout: PackageCheckout;
  readonly purchase: PackagePurchase | null;
}

/** A paid purchase as the client's list shows it. */
export interface ClientPackageRow {
  readonly purchase: PackagePurchase;
  readonly coachName: string;
}

/** Port: packages bought, and being bought. */
export interface PackagePurchaseRepository {
  findById(id: Id): Promise<StoredPurchase | null>;
  /** The same, holding the purchase's row for this transaction. */
  findByIdForUpdate(id: Id): Promise<StoredPurchase | null>;
  /** The client's newest unpaid checkout of this offer, if any: opening the payment again reuses it. */
  findOpenCheckout(clientId: Id, offerId: Id): Promise<PackageCheckout | null>;
  insertCheckout(checkout: PackageCheckout): Promise<void>;
  recordIntent(id: Id, paymentIntentId: string): Promise<void>;
  /** Marks the checkout paid and writes its credits. */
  markPaid(purchase: PackagePurchase): Promise<void>;
  /** Writes the purchase's credits and admin-fee state as they now are. */
  saveCredits(purchase: PackagePurchase): Promise<void>;
  /** The purchase paid with this card payment, if any. */
  findByIntentId(intentId: string): Promise<StoredPurchase | null>;
  findChargeback(id: string): Promise<PackageChargeback | null>;
  saveChargeback(chargeback: PackageChargeback): Promise<void>;
  /** Paid purchases ending in [from, to) that still hold unused credits, soonest first. */
  listEndingWithUnusedCredits(from: Date, to: Date, limit: number): Promise<readonly PackagePurchase[]>;
  /** Paid purchases past their validity that still hold unused credits, oldest expiry first. */
  listExpiredWithUnusedCredits(now: Date, limit: number): Promise<readonly Id[]>;
  /** The client's paid packages, newest first, with their coach's name. */
  listPaidForClient(clientId: Id): Promise<readonly ClientPackageRow[]>;
}
