import { useEffect } from 'react';
import type { FormFailure } from '~/auth/form-failure';
import { showToast } from '../toaster';

export type ActionResult = { ok: true; intent: string; message: string } | FormFailure;

/** Results already announced (a keyed fetcher keeps its data when its form remounts). */
const announced = new WeakSet<object>();

/** Shows a success toast (and, when asked, an error toast) once per new action result. */
export function useActionToast(data: ActionResult | undefined, options: { errors?: boolean } = {}) {
  useEffect(() => {
    if (!data || announced.has(data)) return;
    announced.add(data);
    if (data.ok) showToast({ type: 'success', title: data.message });
    else if (options.errors) showToast({ type: 'error', title: data.message });
  }, [data, options.errors]);
}

export const failureOf = (data: ActionResult | undefined): FormFailure | null => (data && !data.ok ? data : null);
