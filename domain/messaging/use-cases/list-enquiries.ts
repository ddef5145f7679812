import type { Actor } from '../../policy/actor';
import { forbidden } from '../../shared/errors';
import { err, ok, type Result } from '../../shared/result';
import { viewerOf } from '../conversation-reader';
import { canSeeEnquiry } from '../enquiry';
import type { EnquiryListItem, EnquiryReader, EnquiryReportItem } from '../enquiry-reader';

/** How many open enquiries the Messages page lists beside the bookings' conversations. */
export const ENQUIRIES_LISTED = 50;
/** How many reports the AdminDashboard shows. */
export const REPORTS_LISTED = 20;

/** The open enquiries of the Messages page (administrators: all of them), newest activity first. */
export async function listEnquiries(deps: { enquiries: EnquiryReader }, input: { actor: Actor }): Promise<Result<EnquiryListItem[]>> {
  const items = await deps.enquiries.listOpen(viewerOf(input.actor), ENQUIRIES_LISTED);
  return ok(items.filter((item) => canSeeEnquiry(input.actor, item)));
}

/** The reports coaches made of enquiries, newest first, for administrators only. */
export async function listEnquiryReports(deps: { enquiries: EnquiryReader }, input: { actor: Actor }): Promise<Result<EnquiryReportItem[]>> {
  if (input.actor.role !== 'admin') return err(forbidden('FORBIDDEN', 'Only administrators see reports.'));
  return ok(await deps.enquiries.listReports(REPORTS_LISTED));
}
