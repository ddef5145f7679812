import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayError, GatewayIntent, GatewayIntentStatus, GatewayResult } from '../../../domain/payments/payment-gateway';
import { err } from '../../../domain/shared/result';
import type { Orm } from '../../persistence/orm';

/**
 * The test gateway's state in PostgreSQL (tables test_gateway_intents and test_gateway_requests
 * of the initial migration), so it survives restarts and is shared by every app instance.
 */

export interface IntentRow {
  readonly id: string;
  readonly booking_id: string | null;
  readonly amount_pence: number;
  readonly currency: string;
  readonly status: GatewayIntentStatus;
  readonly amount_capturable_pence: number;
  readonly amount_received_pence: number;
  readonly amount_refunded_pence: number;
  readonly last_error_code: string | null;
  readonly last_error_message: string | null;
  readonly metadata: Record<string, string>;
}

/** Metadata key of the instant an intent reached requires_capture (ISO). */
export const AUTHORISED_AT_KEY = 'authorized_at';

/** When the offline gateway authorised the intent, if it has. */
function authorisedAtOf(metadata: Record<string, string>): Date | null {
  const at = metadata[AUTHORISED_AT_KEY];
  return at === undefined ? null : new Date(at);
}

export function intentOfRow(row: IntentRow): GatewayIntent {
  return {
    intentId: row.id,
    status: row.status,
    amountPence: row.amount_pence,
    amountCapturedPence: row.amount_received_pence,
    amountRefundedPence: row.amount_refunded_pence,
    clientSecret: row.metadata.client_secret ?? null,
    lastError: row.last_error_code !== null ? { code: row.last_error_code, message: row.last_error_message ?? '' } : null,
    authorisedAt: authorisedAtOf(row.metadata),
  };
}

export const gatewayError = (code: string, message: string, retryable = false): GatewayError => ({ code, message, retryable });

export const noSuchIntent = (id: string): GatewayError => gatewayError('resource_missing', `No such payment_intent: '${id}'`);

export async function findIntent(em: EntityManager, id: string, forUpdate = false): Promise<IntentRow | null> {
  const rows = await em.execute<IntentRow[]>(`select * from test_gateway_intents where id = ?${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function insertIntent(em: EntityManager, row: IntentRow): Promise<void> {
  await em.execute(`insert into test_gateway_intents (id, booking_id, amount_pence, currency, status, metadata) values (?, ?, ?, ?, ?, ?::jsonb)`, [
    row.id,
    row.booking_id,
    row.amount_pence,
    row.currency,
    row.status,
    JSON.stringify(row.metadata),
  ]);
}

export type IntentPatch = Partial<Omit<IntentRow, 'id' | 'booking_id' | 'currency' | 'amount_pence'>>;

export async function updateIntent(em: EntityManager, id: string, patch: IntentPatch): Promise<IntentRow> {
  const entries = Object.entries(patch);
  const sets = entries.map(([column]) => (column === 'metadata' ? `${column} = ?::jsonb` : `${column} = ?`));
  const values = entries.map(([column, value]) => (column === 'metadata' ? JSON.stringify(value) : value));
  const rows = await em.execute<IntentRow[]>(`update test_gateway_intents set ${[...sets, 'updated_at = now()'].join(', ')} where id = ? returning *`, [...values, id]);
  if (!rows[0]) throw new Error(`test gateway intent ${id} vanished`);
  return rows[0];
}

interface StoredRequest {
  readonly fingerprint: string;
  readonly result?: GatewayResult<unknown>;
}

/** A result that must not be remembered under its key (a retryable failure): rolls the claim back. */
class Unsaved extends Error {
  constructor(readonly result: GatewayResult<never>) {
    super('unsaved');
  }
}

/** A stored answer comes back from JSON: an intent's authorisation time is a Date again, as on the first call. */
function withDates(result: GatewayResult<unknown>): GatewayResult<unknown> {
  if (!result.ok || typeof result.value !== 'object' || result.value === null) return result;
  const value = result.value as { authorisedAt?: unknown };
  return typeof value.authorisedAt === 'string' ? { ok: true, value: { ...value, authorisedAt: new Date(value.authorisedAt) } } : result;
}

/**
 * Runs a write once per idempotency key, like Stripe: the first call's answer (success or card
 * error) is stored and returned to every later call with the same key; the same key with other
 * parameters is refused. Concurrent calls with one key wait for the first (primary-key lock).
 */
export async function runIdempotent<T>(orm: Orm, key: string, fingerprint: string, op: (em: EntityManager) => Promise<GatewayResult<T>>): Promise<GatewayResult<T>> {
  const em = orm.em.fork() as EntityManager;
  try {
    return await em.transactional(async (tx) => {
      const claimed = await tx.execute<{ idempotency_key: string }[]>(
        `insert into test_gateway_requests (idempotency_key, response) values (?, ?::jsonb) on conflict do nothing returning idempotency_key`,
        [key, JSON.stringify({ fingerprint } satisfies StoredRequest)],
      );
      if (claimed.length === 0) {
        const rows = await tx.execute<{ response: StoredRequest }[]>(`select response from test_gateway_requests where idempotency_key = ?`, [key]);
        const stored = rows[0]?.response;
        if (!stored || stored.fingerprint !== fingerprint || !stored.result) {
          return err(
            gatewayError(
              'idempotency_key_in_use',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            ),
          );
        }
        return withDates(stored.result) as GatewayResult<T>;
      }
      const result = await op(tx);
      if (!result.ok && result.error.retryable) throw new Unsaved(result);
      await tx.execute(`update test_gateway_requests set response = ?::jsonb where idempotency_key = ?`, [JSON.stringify({ fingerprint, result } satisfies StoredRequest), key]);
      return result;
    });
  } catch (error) {
    if (error instanceof Unsaved) return error.result;
    return err(gatewayError('api_error', `The test payment gateway could not store the request: ${error instanceof Error ? error.message : String(error)}`, true));
  }
}
