import type { Actor } from '../../domain/policy/actor';
import type { EnquiryReader } from '../../domain/messaging/enquiry-reader';
import { listEnquiries } from '../../domain/messaging/use-cases/list-enquiries';
import { enquiryRowView } from './enquiry-views.server';
import type { ConversationRowView } from './view-types';

/** The open enquiries of the Messages page, as its rows. */
export async function enquiryRows(deps: { enquiries: EnquiryReader }, actor: Actor): Promise<ConversationRowView[]> {
  const listed = await listEnquiries(deps, { actor });
  return listed.ok ? listed.value.map((item) => enquiryRowView(item, actor)) : [];
}
