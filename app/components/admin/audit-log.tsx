import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { AuditLogRow } from '../../../adapters/persistence/admin/admin-audit.query';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '../../admin/audit-actions';
import { auditSearchQuery, type AuditSearchField, type AuditSearchValues } from '../../admin/audit-search';
import { formatPence } from '../../../domain/shared/money';
import { dateTimeOf } from './format';

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const invalid = (id: string, error: string | undefined) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});

/** The audit page's filters: a GET form, so a filtered log is an address to share. */
export function AuditFilters({
  values,
  errors,
  administrators,
}: {
  values: AuditSearchValues;
  errors: Partial<Record<AuditSearchField, string>>;
  administrators: readonly { id: string; name: string }[];
}) {
  const actions = Object.keys(AUDIT_ACTION_LABELS);
  const knownActor = administrators.some((a) => a.id === values.actor);
  return (
    <Form key={auditSearchQuery(values)} method="get" role="search" aria-label="Filter the audit log" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Field id="audit-actor" label="Administrator" error={errors.actor}>
          <select id="audit-actor" name="actor" defaultValue={values.actor} className="field" {...invalid('audit-actor', errors.actor)}>
            <option value="">Any administrator</option>
            {administrators.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
            {values.actor && !knownActor ? <option value={values.actor}>{`Former administrator (${values.actor.slice(0, 8)})`}</option> : null}
          </select>
        </Field>
        <Field id="audit-action" label="Action" error={errors.action}>
          <select id="audit-action" name="action" defaultValue={values.action} className="field" {...invalid('audit-action', errors.action)}>
            <option value="">Any action</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {auditActionLabel(a)}
              </option>
            ))}
            {values.action && !actions.includes(values.action) ? <option value={values.action}>{values.action}</option> : null}
          </select>
        </Field>
        <Field id="audit-target" label="Booking, email or id" error={errors.target}>
          <input
            id="audit-target"
            name="target"
            type="search"
            defaultValue={values.target}
            maxLength={200}
            placeholder="FACT-20261201-AB12"
            className="field"
            {...invalid('audit-target', errors.target)}
          />
        </Field>
        <Field id="audit-from" label="From" error={errors.from}>
          <input id="audit-from" name="from" type="date" defaultValue={values.from} className="field" {...invalid('audit-from', errors.from)} />
        </Field>
        <Field id="audit-to" label="To" error={errors.to}>
          <input id="audit-to" name="to" type="date" defaultValue={values.to} className="field" {...invalid('audit-to', errors.to)} />
        </Field>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" className="btn btn-p">
          Apply filters
        </button>
        <Link to="/AdminAudit" className="btn btn-s">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** What the entry acted on: a booking by its reference (to AdminBookings), a user by name, else the type and id. */
function Target({ entry }: { entry: AuditLogRow }) {
  if (entry.targetType === 'booking' && entry.targetLabel && entry.targetId)
    return (
      <Link to={`/AdminBookings?status=all&highlight=${entry.targetId}`} className="font-mono font-semibold text-pitch-700 hover:underline">
        {entry.targetLabel}
      </Link>
    );
  if (entry.targetLabel) return <span className="font-medium text-slate-900">{entry.targetLabel}</span>;
  return <span className="font-mono text-xs text-slate-600">{`${entry.targetType.replace(/_/g, ' ')} ${entry.targetId ?? ''}`}</span>;
}

/** 'refundPence' 1050 → 'refund' '£10.50'; 'previousState' → 'previous state'. */
function detailText(key: string, value: string): { label: string; value: string } {
  const words = (k: string) => k.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  if (key.endsWith('Pence') && /^-?\d+$/.test(value)) return { label: words(key.slice(0, -'Pence'.length)), value: formatPence(Number(value)) };
  return { label: words(key), value };
}

/** The entries, newest first: when, who, what, on which record, and its details. */
export function AuditEntries({ entries }: { entries: readonly AuditLogRow[] }) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Audit entries">
      {entries.map((e) => (
        <li key={e.id} data-audit-id={e.id} className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
          <p className="text-slate-600">
            <time dateTime={e.createdAt}>{dateTimeOf(e.createdAt)}</time>
            {e.via ? <span className="block text-xs text-slate-500">{`via ${e.via}`}</span> : null}
          </p>
          <div className="min-w-0 break-words">
            <p>
              <span className="font-semibold text-slate-900">{e.actorName ?? (e.actorId ? 'Unnamed administrator' : 'Former administrator')}</span> {auditActionLabel(e.action)} <Target entry={e} />
            </p>
            {e.details.length ? (
              <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600">
                {e.details.map(([k, v]) => {
                  const detail = detailText(k, v);
                  return (
                    <div key={k} className="flex min-w-0 gap-1">
                      <dt className="font-medium">{`${detail.label}:`}</dt>
                      <dd className="min-w-0 break-all">{detail.value}</dd>
                    </div>
                  );
                })}
              </dl>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
