import { Link } from '@remix-run/react';
import { secondaryButton } from '~/components/booking/button-classes';
import { ageOf, dateTimeOf } from './format';

/** A coach's report of an enquiry, as AdminDashboard lists it (names only). */
export interface EnquiryReportRowView {
  id: string;
  enquiryId: string;
  clientName: string;
  coachName: string;
  reason: string;
  createdAt: string;
}

/** AdminDashboard: enquiries coaches reported to FACT, newest first, each opening its conversation. */
export function EnquiryReportList({ reports, now }: { reports: readonly EnquiryReportRowView[]; now: string }) {
  return (
    <ul className="divide-y divide-slate-100">
      {reports.map((r) => (
        <li key={r.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0 space-y-1 text-sm">
            <p className="font-medium text-slate-900">
              Coach {r.coachName} reported client {r.clientName}
            </p>
            <p className="break-words text-slate-700">“{r.reason}”</p>
            <p className="text-xs text-slate-500">
              Reported {dateTimeOf(r.createdAt)} · {ageOf(r.createdAt, now)}
            </p>
          </div>
          <Link to={`/Conversation?enquiry_id=${r.enquiryId}`} className={secondaryButton}>
            View Enquiry
          </Link>
        </li>
      ))}
    </ul>
  );
}
