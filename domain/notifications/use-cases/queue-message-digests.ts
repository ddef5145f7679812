import { DAY_MS, MINUTE_MS, type Clock } from '../../shared/clock';
import type { Id } from '../../shared/ids';
import type { OutboxJob } from '../../shared/outbox';
import { ok, type Result } from '../../shared/result';
import { emailJob, type DigestConversation } from '../email-job';
import type { MessageDigestStore, WaitingConversation } from '../notification-ports';

/** Messages unread for over 15 minutes are mailed as one digest per person. */
export const DIGEST_AFTER_MS = 15 * MINUTE_MS;
/** Older unread messages are not mailed (a first run on an old database sends no backlog). */
export const DIGEST_LOOKBACK_MS = 7 * DAY_MS;
const DEFAULT_LIMIT = 1_000;

/** One digest job per receiver, listing each conversation and sender with a count. */
export function messageDigestJobs(waiting: readonly WaitingConversation[], now: Date): OutboxJob[] {
  const byReceiver = new Map<Id, WaitingConversation[]>();
  for (const w of waiting) byReceiver.set(w.receiverId, [...(byReceiver.get(w.receiverId) ?? []), w]);
  return [...byReceiver.entries()].map(([receiverId, list]) => {
    const sorted = [...list].sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime());
    const conversations: DigestConversation[] = sorted.map((w) => ({
      bookingId: w.bookingId,
      ...(w.enquiry ? { enquiry: true } : {}),
      referenceCode: w.referenceCode,
      senderId: w.senderId,
      count: w.messageIds.length,
      lastAt: w.lastAt.toISOString(),
    }));
    const messageIds = sorted.flatMap((w) => w.messageIds);
    return emailJob(
      {
        event: 'message_digest',
        recipient: { kind: 'user', userId: receiverId, role: list[0]?.receiverRole ?? 'client' },
        booking: null,
        details: { conversations, messageIds },
        occurredAt: now.toISOString(),
      },
      `message_digest:${receiverId}:${[...messageIds].sort()[0] ?? now.getTime()}`,
    );
  });
}

export interface DigestOutcome {
  readonly people: number;
  readonly messages: number;
}

/**
 * Scheduled task: in one transaction, marks the unread messages waiting over 15 minutes that no
 * digest covered yet and queues one digest email per receiver, so each message is in at most
 * one digest even with several workers. Whether the person wants it is checked when sending.
 */
export async function queueMessageDigests(deps: { digests: MessageDigestStore; clock: Clock }, input: { limit?: number } = {}): Promise<Result<DigestOutcome>> {
  const now = deps.clock.now();
  return deps.digests.transaction(async (tx) => {
    const waiting = await tx.claimWaitingMessages({
      unreadBefore: new Date(now.getTime() - DIGEST_AFTER_MS),
      sentAfter: new Date(now.getTime() - DIGEST_LOOKBACK_MS),
      limit: input.limit ?? DEFAULT_LIMIT,
    });
    const jobs = messageDigestJobs(waiting, now);
    for (const job of jobs) await tx.outbox.enqueue(job);
    return ok({ people: jobs.length, messages: waiting.reduce((n, w) => n + w.messageIds.length, 0) });
  });
}
