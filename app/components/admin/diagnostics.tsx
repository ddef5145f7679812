import type { AuditRow, DiagnosticMessageRow } from '../../../adapters/persistence/admin/admin-diagnostic-recents.query';
import type { DiagnosticCheck } from '../../../adapters/persistence/admin/admin-diagnostics.query';
import { auditActionLabel } from '../../admin/audit-actions';
import { dateTimeOf, nameOrUnnamed } from './format';

const RESULT = {
  ok: 'bg-green-100 text-green-800',
  warn: 'bg-amber-100 text-amber-800',
  fail: 'bg-red-100 text-red-800',
} as const;

export function ChecksTable({ checks }: { checks: readonly DiagnosticCheck[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-2 pr-3">Check</th>
            <th className="py-2 pr-3 text-right">Count</th>
            <th className="py-2 pr-3">Result</th>
            <th className="py-2">Examples</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {checks.map((c) => {
            const result = c.count === 0 ? 'ok' : c.severity === 'error' ? 'fail' : 'warn';
            return (
              <tr key={c.key} data-check={c.key}>
                <td className="py-2 pr-3 align-top">
                  <p className="font-medium text-slate-900">{c.title}</p>
                  <p className="text-xs text-slate-500">{c.explanation}</p>
                </td>
                <td className="py-2 pr-3 text-right align-top font-semibold tabular-nums">{c.count}</td>
                <td className="py-2 pr-3 align-top">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${RESULT[result]}`}>{result === 'ok' ? 'OK' : result === 'fail' ? 'Error' : 'Warning'}</span>
                </td>
                <td className="py-2 align-top font-mono text-xs text-slate-600">
                  {c.problems?.length ? (
                    // A package check: each purchase with what is wrong with it.
                    <ul className="space-y-1">
                      {c.problems.map((p) => (
                        <li key={`${p.id} ${p.what}`}>
                          <span className="text-slate-900">{p.id}</span>
                          <span className="font-sans">{`: ${p.what}`}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    c.sample.join(', ') || '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function MessagesTable({ messages }: { messages: readonly DiagnosticMessageRow[] }) {
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {messages.map((m) => (
        <li key={m.id} className="py-2">
          <p className="text-xs text-slate-500">
            <span className="font-mono">{m.referenceCode}</span> · {nameOrUnnamed(m.senderName)} → {nameOrUnnamed(m.receiverName)} · {dateTimeOf(m.createdAt)}
            {m.isRead ? '' : ' · unread'}
          </p>
          <p className="truncate text-slate-800">{m.preview}</p>
        </li>
      ))}
    </ul>
  );
}

export function AuditList({ entries }: { entries: readonly AuditRow[] }) {
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {entries.map((a) => (
        <li key={a.id} className="py-2">
          <span className="font-medium text-slate-900">{a.actorName ? nameOrUnnamed(a.actorName) : 'Someone'}</span> {auditActionLabel(a.action)}{' '}
          <span className="font-mono text-xs text-slate-600">{typeof a.details.reference === 'string' ? a.details.reference : (a.targetId ?? '')}</span>
          <span className="text-xs text-slate-500">
            {' '}
            · {dateTimeOf(a.createdAt)} · via {typeof a.details.via === 'string' ? a.details.via : 'web'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** SPEC §2 DataDiagnostic: the data structure the pages expect. */
export function ExpectedStructure() {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        <strong>User</strong>: id, email, full_name, role (user or admin), user_type (client or coach; legacy “user” is a client), is_active, deactivated_at, coach_profile for coaches.
      </p>
      <p>
        <strong>Booking</strong>: id, reference_code (FACT-YYYYMMDD-XXXX), client_id and coach_id (existing users), user_id = client_id, status, session start and duration, service_price + admin_fee =
        total_price (pence), payment_status in step with the status.
      </p>
      <p>
        <strong>Message</strong>: id, booking_id, sender_id and receiver_id (the booking's parties or an administrator), content (1–5000 characters), is_read.
      </p>
      <p>
        <strong>Coach transfer</strong>: one per released booking; coach_share + platform_share = captured − refunded, the coach share being the session price kept less the commission (decision 012);
        status waiting, pending, paid, failed, reversed, partially_reversed or not_required; transfer_id once sent.
      </p>
    </div>
  );
}
