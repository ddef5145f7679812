import type { StatusColour } from '../../../domain/shared/catalogue';

/** SPEC §3 colours: pending yellow, confirmed green, cancelled red, completed blue, others grey. */
const COLOURS: Record<StatusColour, string> = {
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function StatusBadge({ label, colour }: { label: string; colour: StatusColour }) {
  return (
    <span data-colour={colour} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${COLOURS[colour]}`}>
      {label}
    </span>
  );
}
