import * as z from 'zod';
import { idSchema } from '../shared/ids';
import { sanitiseText } from '../shared/sanitise';
import { messageContentSchema } from './message.schemas';

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());

/**
 * An enquiry message: to a coach (from their profile: opens the enquiry or continues it) or in
 * an enquiry already open (its Conversation page). Exactly one of the two says where it goes.
 */
export const enquiryMessageSchema = z
  .object({ coachId: optionalId, enquiryId: optionalId, content: messageContentSchema })
  .refine((v) => (v.coachId === undefined) !== (v.enquiryId === undefined), { error: 'Please choose who to message.', path: ['coachId'] });

export const enquiryReportSchema = z.object({
  enquiryId: z.string({ error: 'Conversation not found.' }).pipe(idSchema),
  // Made clean text here; whether it says enough is the report's rule, checked after who may report.
  reason: z.string().overwrite(sanitiseText).optional().catch(undefined),
});
