import { json, type AppLoadContext } from '@remix-run/node';
import * as z from 'zod';
import { decideDeletionRequest } from '../../domain/accounts/erasure/use-cases/decide-deletion-request';
import { removeUser } from '../../domain/accounts/erasure/use-cases/remove-user';
import { restoreUser } from '../../domain/accounts/erasure/use-cases/restore-user';
import { setCoachVerification } from '../../domain/admin/use-cases/set-coach-verification';
import { cancelAudit, resolveDisputeAudit, retryPayoutAudit } from '../../domain/admin/booking-actions';
import { resolveDispute } from '../../domain/booking/disputes/use-cases/resolve-dispute';
import { DISPUTE_OUTCOMES } from '../../domain/booking/lifecycle/booking';
import { bookingErrors } from '../../domain/booking/lifecycle/booking-errors';
import { cancelBooking } from '../../domain/booking/lifecycle/use-cases/cancel-booking';
import { retryCoachTransfer } from '../../domain/payouts/use-cases/retry-coach-transfer';
import type { DomainError } from '../../domain/shared/errors';
import { poundsToPence } from '../../domain/shared/money';
import type { Result } from '../../domain/shared/result';
import { STATUS_OF } from '~/booking/domain-response.server';
import { auditedWeb, requireAdminContext } from './admin.server';
import { ADMIN_MESSAGES, type AdminActionResult, type AdminIntent } from './admin-messages';
import { describeSettlement, type AccountSettlement } from '../../domain/accounts/erasure/account-settlement';

const text = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v : undefined), z.string().max(max).optional());
const id = z.string().uuid();

const schemas = {
  remove_user: z.object({ userId: id, reason: text(500) }),
  restore_user: z.object({ userId: id }),
  verify_coach: z.object({ userId: id }),
  unverify_coach: z.object({ userId: id }),
  approve_deletion: z.object({ requestId: id, reason: text(1000) }),
  reject_deletion: z.object({ requestId: id, reason: text(1000) }),
  resolve_dispute: z.object({
    bookingId: id,
    outcome: z.enum(DISPUTE_OUTCOMES),
    amount: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .regex(/^\d+(\.\d{1,2})?$/, 'Enter the refund in pounds, e.g. 12.50')
        .optional(),
    ),
    note: text(1000),
  }),
  // The reason is the use case's to require (its own words); the refund shown in the dialog is
  // passed on, so a refund that changed while the dialog was open is refused, not moved.
  cancel_booking: z.object({ bookingId: id, reason: text(5000), shownRefundPence: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d+$/).optional()) }),
  retry_payout: z.object({ bookingId: id }),
} as const;

/** The intents about one booking: its booking is read first (a 404 when there is none, as the CLI's), for the audit line's reference. */
const BOOKING_INTENTS: readonly AdminIntent[] = ['resolve_dispute', 'cancel_booking', 'retry_payout'];

function reply(intent: AdminIntent, result: Result<unknown>, target: string | null, extra: Partial<AdminActionResult> = {}): Response {
  if (result.ok) return json<AdminActionResult>({ ok: true, intent, target, message: ADMIN_MESSAGES[intent].success, ...extra });
  return refused(intent, result.error, target);
}

function refused(intent: AdminIntent, error: Pick<DomainError, 'kind' | 'message'>, target: string | null): Response {
  const message = ADMIN_MESSAGES[intent].failure(error.message);
  const detail = message.includes(error.message) ? undefined : error.message;
  return json<AdminActionResult>({ ok: false, intent, target, message, ...(detail ? { detail } : {}) }, { status: STATUS_OF[error.kind] });
}

/** The answer's settlement and the toast's words for it ('1 request(s) declined, … Left for an administrator: …'). */
function settlementAnswer(s: AccountSettlement): Pick<AdminActionResult, 'detail' | 'settlement'> {
  return {
    detail: describeSettlement(s),
    settlement: {
      declined: s.declined.length,
      cancelled: s.cancelled.length,
      leftForAdministrator: s.leftForAdministrator.map((l) => ({ bookingId: l.bookingId, referenceCode: l.referenceCode, status: l.status, why: l.why, startsAt: l.startsAt.toISOString() })),
    },
  };
}

/**
 * Every admin action of the admin pages (one form field `intent`), each through the domain's use
 * case with the administrator as actor, audited in the same transaction. Non-admins never get
 * here: requireAdmin answers 404.
 */
export async function handleAdminAction(request: Request, context: AppLoadContext, only?: { intents: readonly AdminIntent[]; bookingId: string }): Promise<Response> {
  const { actor, reads } = await requireAdminContext(request, context);
  const form = Object.fromEntries(await request.formData());
  const intent = (typeof form.intent === 'string' ? form.intent : '') as AdminIntent;
  if (!(intent in schemas) || (only && !only.intents.includes(intent))) return json<AdminActionResult>({ ok: false, intent, target: null, message: 'Failed to process request' }, { status: 400 });
  // A booking's own page acts on the booking of its address, whatever the form says.
  if (only) form.bookingId = only.bookingId;
  const parsed = schemas[intent].safeParse(form);
  if (!parsed.success) return refused(intent, { kind: 'invalid', message: parsed.error.issues[0]?.message ?? 'Invalid request' }, null);
  const data = parsed.data as Record<string, string | undefined>;
  context.log.info({ intent, actorId: actor.userId, target: data.userId ?? data.requestId ?? data.bookingId }, 'admin action');
  const booking = BOOKING_INTENTS.includes(intent) ? await reads.booking(data.bookingId!) : null;
  if (BOOKING_INTENTS.includes(intent) && !booking) return refused(intent, bookingErrors.notFound(), data.bookingId!);

  switch (intent) {
    case 'remove_user': {
      const deps = auditedWeb(context, actor, { action: 'user.remove', targetType: 'user', targetId: data.userId!, details: { reason: data.reason ?? null } });
      const removed = await removeUser(deps, { actor, form: { userId: data.userId, reason: data.reason } });
      return reply(intent, removed, data.userId!, removed.ok ? settlementAnswer(removed.value.settlement) : {});
    }
    case 'restore_user': {
      const deps = auditedWeb(context, actor, { action: 'user.restore', targetType: 'user', targetId: data.userId! });
      return reply(intent, await restoreUser(deps, { actor, userId: data.userId! }), data.userId!);
    }
    case 'verify_coach':
    case 'unverify_coach': {
      const verified = intent === 'verify_coach';
      const deps = auditedWeb(context, actor, { action: verified ? 'coach.verify' : 'coach.unverify', targetType: 'user', targetId: data.userId!, details: { verified } });
      return reply(intent, await setCoachVerification(deps, { actor, coachId: data.userId!, verified }), data.userId!);
    }
    case 'approve_deletion':
    case 'reject_deletion': {
      const decision = intent === 'approve_deletion' ? 'approved' : 'rejected';
      const deps = auditedWeb(context, actor, {
        action: `deletion_request.${intent === 'approve_deletion' ? 'approve' : 'reject'}`,
        targetType: 'deletion_request',
        targetId: data.requestId!,
        // An approval's free text may name the person being erased: it stays on the request, redacted (decision 016).
        details: decision === 'approved' ? {} : { reason: data.reason ?? null },
      });
      const decided = await decideDeletionRequest(deps, { actor, form: { requestId: data.requestId, decision, reason: data.reason } });
      return reply(intent, decided, data.requestId!, decided.ok && decision === 'approved' ? settlementAnswer(decided.value.settlement) : {});
    }
    case 'resolve_dispute': {
      const decision = {
        outcome: data.outcome as (typeof DISPUTE_OUTCOMES)[number],
        refundPence: data.outcome === 'refund_partial' && data.amount ? poundsToPence(Number(data.amount)) : null,
        note: data.note ?? null,
      };
      const deps = auditedWeb(context, actor, resolveDisputeAudit(booking!, decision));
      return reply(intent, await resolveDispute(deps, { actor, bookingId: booking!.id, decision }), booking!.id);
    }
    case 'cancel_booking': {
      const reason = data.reason ?? null;
      const shownRefundPence = data.shownRefundPence === undefined ? null : Number(data.shownRefundPence);
      const deps = auditedWeb(context, actor, cancelAudit(booking!, reason));
      return reply(intent, await cancelBooking(deps, { actor, bookingId: booking!.id, reason, shownRefundPence }), booking!.id);
    }
    case 'retry_payout': {
      const deps = auditedWeb(context, actor, retryPayoutAudit(booking!));
      return reply(intent, await retryCoachTransfer(deps, { actor, bookingId: booking!.id }), booking!.id);
    }
  }
}
