import type { AppLoadContext } from '@remix-run/node';
import type { Actor } from '../../domain/policy/actor';
import { personName } from '../../domain/messaging/conversation-reader';
import { listEnquiryReports } from '../../domain/messaging/use-cases/list-enquiries';
import type { EnquiryReportRowView } from '~/components/admin/enquiry-reports';
import { requestDeps } from '~/request-deps.server';

/** The enquiries coaches reported to FACT, as AdminDashboard lists them. */
export async function enquiryReportRows(context: AppLoadContext, actor: Actor): Promise<EnquiryReportRowView[]> {
  const reports = await listEnquiryReports(requestDeps(context), { actor });
  if (!reports.ok) return [];
  return reports.value.map((r) => ({
    id: r.id,
    enquiryId: r.enquiryId,
    clientName: personName(r.client),
    coachName: personName(r.coach),
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}
