/**
 * A short message shown in the corner (SPEC §9: at most 20 kept). Plain types here: this
 * module reaches every page's JavaScript through the toaster, so it must not pull in zod
 * (27 KB gzipped); the server re-validates toasts read from the cookie (toast.server.ts).
 */
export const TOAST_TYPES = ['success', 'error', 'info', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface Toast {
  readonly type?: ToastType;
  readonly title: string;
  readonly description?: string;
}

export interface ShownToast {
  readonly type: ToastType;
  readonly title: string;
  readonly description?: string;
  readonly id: string;
}

export const TOAST_LIMIT = 20;
export const TOAST_TITLE_MAX = 300;
export const TOAST_DESCRIPTION_MAX = 1000;

/**
 * How long a toast stays, unless the pointer rests on the stack (which pauses it). An error
 * carries a reason to read and act on, so it stays longer than a confirmation.
 */
export function toastDurationMs(type: ToastType): number {
  return type === 'error' ? 8000 : 5000;
}

/** A toast as shown: its type defaulted to 'info', its texts within their lengths. */
export function shownToast(toast: Toast, id: string): ShownToast {
  const type: ToastType = toast.type && (TOAST_TYPES as readonly string[]).includes(toast.type) ? toast.type : 'info';
  const description = toast.description?.slice(0, TOAST_DESCRIPTION_MAX);
  return { type, title: toast.title.slice(0, TOAST_TITLE_MAX), ...(description ? { description } : {}), id };
}

/**
 * The ids a stack keeps, oldest first, after `id` is raised: a repeated id moves to the front
 * instead of stacking twice, and past `limit` the oldest go (`dropped`, to be closed).
 */
export function keptAfterRaising(kept: readonly string[], id: string, limit = TOAST_LIMIT): { kept: string[]; dropped: string[] } {
  const next = [...kept.filter((k) => k !== id), id];
  const over = Math.max(0, next.length - limit);
  return { kept: next.slice(over), dropped: next.slice(0, over) };
}
