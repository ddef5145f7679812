/**
 * A short message shown in the corner (SPEC §9: at most 20 on screen). Plain types here: this
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

/** A toast as shown: its type defaulted to 'info', its texts within their lengths. */
export function shownToast(toast: Toast, id: string): ShownToast {
  const type: ToastType = toast.type && (TOAST_TYPES as readonly string[]).includes(toast.type) ? toast.type : 'info';
  const description = toast.description?.slice(0, TOAST_DESCRIPTION_MAX);
  return { type, title: toast.title.slice(0, TOAST_TITLE_MAX), ...(description ? { description } : {}), id };
}
