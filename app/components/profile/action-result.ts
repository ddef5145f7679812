import { useEffect, useRef } from 'react';
import type { FormFailure } from '~/auth/form-failure';
import { showToast } from '../toaster';

export type ActionResult = { ok: true; intent: string; message: string } | FormFailure;

/** Shows a success toast (and, when asked, an error toast) once per new action result. */
export function useActionToast(data: ActionResult | undefined, options: { errors?: boolean } = {}) {
  const last = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!data || data === last.current) return;
    last.current = data;
    if (data.ok) showToast({ type: 'success', title: data.message });
    else if (options.errors) showToast({ type: 'error', title: data.message });
  }, [data, options.errors]);
}

export const failureOf = (data: ActionResult | undefined): FormFailure | null => (data && !data.ok ? data : null);
