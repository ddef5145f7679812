import * as z from 'zod';
import { invalid } from '../shared/errors';
import { idSchema } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import { CHARGEBACK_STATUSES, type Chargeback } from './chargeback';

/** Re-validation of a stored chargeback (apart from chargeback.ts, whose labels the admin pages show without zod). */
const instant = z.preprocess((v) => (typeof v === 'string' ? new Date(v) : v), z.date());

const chargebackSchema = z.object({
  id: z.string().min(1),
  bookingId: idSchema,
  amountPence: z.number().int().positive(),
  reason: z.string(),
  status: z.enum(CHARGEBACK_STATUSES),
  openedAt: instant,
  closedAt: instant.nullable(),
  transferReversedPence: z.number().int().nonnegative(),
});

export function parseChargeback(data: unknown): Result<Chargeback> {
  const parsed = chargebackSchema.safeParse(data);
  return parsed.success ? ok(parsed.data) : err(invalid('CHARGEBACK_DATA_INVALID', `Stored chargeback is invalid (${parsed.error.issues[0]?.message ?? 'unknown'})`));
}
