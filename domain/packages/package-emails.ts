import type { OutboxPort } from '../shared/outbox';
import type { PackagePurchase } from './package-purchase';

/**
 * Port (tx.packageEmails): queues a package's emails in the caller's transaction. notifications/
 * implements it, so the packages and payments contexts depend on no context above them.
 */
export interface PackageEmails {
  queuePurchased(outbox: OutboxPort, purchase: PackagePurchase, at: Date): Promise<void>;
  /** The purchase has one credit left to book (sent once per purchase). */
  queueLowCredit(outbox: OutboxPort, purchase: PackagePurchase, at: Date): Promise<void>;
  queueRefunded(outbox: OutboxPort, input: { purchase: PackagePurchase; refundPence: number; credits: number; adminFeeRefunded: boolean; reason: 'request' | 'expiry' }, at: Date): Promise<void>;
}
