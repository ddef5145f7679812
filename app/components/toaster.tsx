import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { shownToast, TOAST_LIMIT, type ShownToast, type Toast } from '~/toast';

/**
 * Any component may call `showToast`; <Toaster/> (in the root) shows them through sonner
 * (toast-stack.tsx). sonner is fetched with the first toast, not with every page: toasts raised
 * before it has loaded and mounted wait here, at most SPEC §9's 20 of them.
 */
type Stack = typeof import('./toast-stack');
let stack: Stack | null = null;
let mounted = false;
let waiting: ShownToast[] = [];
let loading: Promise<void> | null = null;
let counter = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** A failed fetch is tried again with the next toast. */
function loadStack(): void {
  loading ??= import('./toast-stack').then(
    (m) => {
      stack = m;
      emit();
    },
    () => void (loading = null),
  );
}

export function showToast(toast: Toast, id = `t${++counter}`): void {
  const shown = shownToast(toast, id);
  if (stack && mounted) return stack.raiseToast(shown);
  waiting = [...waiting.filter((t) => t.id !== id), shown].slice(-TOAST_LIMIT);
  loadStack();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast region. `serverToast` is the flash toast from the root loader (app/toast.server.ts). */
export function Toaster({ serverToast }: { serverToast?: ShownToast | null }) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => stack,
    () => null,
  );
  // A flash toast starts the fetch in the first render, before hydration shows it.
  if (serverToast && typeof document !== 'undefined') loadStack();
  useEffect(() => {
    if (serverToast) showToast(serverToast, serverToast.id);
  }, [serverToast]);
  const onMounted = useCallback(() => {
    mounted = true;
    const raise = waiting;
    waiting = [];
    for (const t of raise) stack?.raiseToast(t);
    return () => void (mounted = false);
  }, []);
  return loaded ? <loaded.ToastStack onMounted={onMounted} /> : null;
}
