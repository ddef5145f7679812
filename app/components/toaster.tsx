import { useEffect, useSyncExternalStore } from 'react';
import { shownToast, TOAST_LIMIT, type ShownToast, type Toast } from '~/toast';

/** Client-side toast store: any component may call `showToast`; <Toaster/> renders them. */
let toasts: ShownToast[] = [];
const listeners = new Set<() => void>();
let counter = 0;
const emit = () => listeners.forEach((l) => l());

export function dismissToast(id: string): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function showToast(toast: Toast, id = `t${++counter}`): void {
  if (toasts.some((t) => t.id === id)) return;
  const shown: ShownToast = shownToast(toast, id);
  toasts = [...toasts, shown].slice(-TOAST_LIMIT);
  emit();
  const ms = shown.type === 'error' ? 8000 : 5000;
  setTimeout(() => dismissToast(id), ms);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const empty: ShownToast[] = [];

const STYLES: Record<ShownToast['type'], string> = {
  success: 'border-pitch-200 bg-pitch-50 text-pitch-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-slate-200 bg-white text-slate-900',
};

/**
 * The toast region (SPEC §9: up to 20). A polite live region announces new messages; errors
 * use role=alert. `serverToast` is the flash toast from the root loader.
 */
export function Toaster({ serverToast }: { serverToast?: ShownToast | null }) {
  const list = useSyncExternalStore(subscribe, () => toasts, () => empty);
  useEffect(() => {
    if (serverToast) showToast(serverToast, serverToast.id);
  }, [serverToast]);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
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
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            className="rounded p-1 text-current opacity-60 hover:opacity-100"
            aria-label="Dismiss notification"
          >
            <svg viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      ))}
    </section>
  );
}
