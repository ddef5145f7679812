import type { Actor } from '../../policy/actor';
import { enforceRateLimit } from '../../rate-limit/check-rate-limit';
import type { RateLimitStore } from '../../rate-limit/rate-limit-store';
import type { Clock } from '../../shared/clock';
import type { IdSource } from '../../shared/ids';
import type { Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import type { Message } from '../message';
import { sendMessageSchema } from '../message.schemas';
import { sendMessage } from './send-message';

export interface PostMessageDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly rateLimits: RateLimitStore;
}

/**
 * The Conversation page's send: `sendMessage` behind the SPEC §9 message limit (50 per 15
 * minutes per user, 'Too many messages. Please wait until {time}'), counted in the store every
 * instance shares. A form that is invalid anyway (blank, too long) is refused without counting.
 */
export async function postMessage(deps: PostMessageDeps, input: { actor: Actor; form: unknown }): Promise<Result<Message>> {
  const parsed = parseForm(sendMessageSchema, input.form);
  if (!parsed.ok) return parsed;
  const allowed = await enforceRateLimit(deps.rateLimits, 'message', { userId: input.actor.userId }, deps.clock.now());
  if (!allowed.ok) return allowed;
  return sendMessage(deps, input);
}
