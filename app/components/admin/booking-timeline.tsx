import type { TimelineEventView } from '~/admin/booking-timeline-view';

const DOT: Record<TimelineEventView['actorKind'], string> = {
  client: 'bg-sky-500',
  coach: 'bg-pitch-600',
  admin: 'bg-amber-500',
  system: 'bg-slate-400',
};

/** The admin booking page's timeline: each change, who made it, when (London), and the money after it. */
export function BookingTimeline({ events }: { events: readonly TimelineEventView[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-600">Nothing recorded yet.</p>;
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" aria-label="Timeline, oldest first">
      {events.map((e) => (
        <li key={e.id} className="relative" data-timeline-event={e.id}>
          <span aria-hidden="true" className={`absolute -left-[1.65rem] top-1.5 h-3 w-3 rounded-full ring-4 ring-white ${DOT[e.actorKind]}`} />
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="text-sm font-semibold text-slate-900">{e.actor}</p>
            <time dateTime={e.at} className="text-xs text-slate-500">
              {e.when}
            </time>
          </div>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-800">
            {e.changes.map((c, i) => (
              <li key={i} className="break-words">
                {c}
              </li>
            ))}
          </ul>
          {e.note ? <p className="mt-1 break-words text-sm italic text-slate-600">{`“${e.note}”`}</p> : null}
          <dl className="mt-1.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500" aria-label="Money after this step">
            {e.money.map((m) => (
              <div key={m.label} className="flex gap-1">
                <dt>{m.label}</dt>
                <dd className="font-medium tabular-nums text-slate-700">{m.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
