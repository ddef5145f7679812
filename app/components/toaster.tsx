import { useEffect, useState, useSyncExternalStore } from 'react';
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

/**
 * The toasts' markup is fetched with the first toast, not with every page; a flash
 * toast from the root loader starts the fetch in the first render, before hydration shows it.
 * A failed fetch is tried again with the next toast.
 */
let ToastList: typeof import('./toast-list').ToastList | null = null;
let listLoading: Promise<void> | null = null;
function loadToastList(): Promise<void> {
  return (listLoading ??= import('./toast-list').then(
    (m) => void (ToastList = m.ToastList),
    () => void (listLoading = null),
  ));
}

/**
 * The toast region (SPEC §9: up to 20). A polite live region announces new messages; errors
 * use role=alert. `serverToast` is the flash toast from the root loader.
 */
export function Toaster({ serverToast }: { serverToast?: ShownToast | null }) {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => empty,
  );
  const [List, setList] = useState(() => ToastList);
  if (serverToast && typeof document !== 'undefined') void loadToastList();
  useEffect(() => {
    if (serverToast) showToast(serverToast, serverToast.id);
  }, [serverToast]);
  useEffect(() => {
    if (list.length && !List) void loadToastList().then(() => setList(() => ToastList));
  }, [list, List]);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
      {List ? <List list={list} onDismiss={dismissToast} /> : null}
    </section>
  );
}
