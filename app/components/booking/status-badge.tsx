import type { StatusColour } from '../../booking/status-colour';

/** SPEC §3 colours: pending yellow, confirmed green, cancelled red, completed blue, others grey (app/tailwind.css's badge-*). */
export function StatusBadge({ label, colour }: { label: string; colour: StatusColour }) {
  return (
    <span data-colour={colour} className={`badge badge-${colour}`}>
      {label}
    </span>
  );
}
