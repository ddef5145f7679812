import * as z from 'zod';
import { idSchema } from '../shared/ids';
import { sanitiseText } from '../shared/sanitise';

/** SPEC §3/§5: message content, 1 to 5000 characters after trimming. */
export const MAX_MESSAGE_LENGTH = 5000;

export const MESSAGE_MESSAGES = {
  empty: 'Message cannot be empty',
  tooLong: 'Message too long',
  invalid: 'Invalid message content',
  bookingIdRequired: 'booking_id is required',
  sendFailed: 'Failed to send message. Please try again.',
} as const;

export const messageContentSchema = z
  .string({ error: MESSAGE_MESSAGES.invalid })
  .overwrite(sanitiseText)
  .trim()
  .min(1, { error: MESSAGE_MESSAGES.empty, abort: true })
  .max(MAX_MESSAGE_LENGTH, MESSAGE_MESSAGES.tooLong);

/** The send form of a conversation; admins also choose the receiver. */
export const sendMessageSchema = z.object({
  bookingId: z.string({ error: MESSAGE_MESSAGES.bookingIdRequired }).min(1, MESSAGE_MESSAGES.bookingIdRequired).pipe(idSchema),
  receiverId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
  content: messageContentSchema,
});

/** SPEC §5: fetching messages requires booking_id. */
export const conversationQuerySchema = z.object({
  bookingId: z.string({ error: MESSAGE_MESSAGES.bookingIdRequired }).min(1, MESSAGE_MESSAGES.bookingIdRequired).pipe(idSchema),
});

/** Blank or whitespace-only messages are not sent at all (SPEC §5). */
export function isSendable(content: string): boolean {
  return content.trim().length > 0;
}
