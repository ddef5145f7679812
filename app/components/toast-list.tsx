import type { ShownToast } from '~/toast';

const STYLES: Record<ShownToast['type'], string> = {
  success: 'border-pitch-200 bg-pitch-50 text-pitch-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-slate-200 bg-white text-slate-900',
};

/** The toasts themselves, inside <Toaster/>'s live region; their code is fetched with the first toast (toaster.tsx). */
export function ToastList({ list, onDismiss }: { list: readonly ShownToast[]; onDismiss: (id: string) => void }) {
  return (
    <>
      {list.map((t) => (
        <div
          key={t.id}
          role={t.type === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${STYLES[t.type]}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{t.title}</p>
            {t.description ? <p className="mt-1 opacity-90">{t.description}</p> : null}
          </div>
          <button type="button" onClick={() => onDismiss(t.id)} className="rounded p-1 text-current opacity-60 hover:opacity-100" aria-label="Dismiss notification">
            <svg viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      ))}
    </>
  );
}
