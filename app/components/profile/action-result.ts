import { useActionData } from '@remix-run/react';
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

/**
 * A form's last result: its fetcher's, or else the page's own action data when the form was posted
 * as a page (before the page's code had loaded, or without JavaScript) and that answer is for this
 * form's `intent`. `posted` says the result came from such a page post: no toast announces it, so
 * the form shows a success in place.
 */
export function useFormResult(fetcherData: ActionResult | undefined, intent: string): { result: ActionResult | undefined; posted: boolean } {
  const actionData = useActionData<unknown>();
  if (fetcherData) return { result: fetcherData, posted: false };
  const answered = typeof actionData === 'object' && actionData !== null && (actionData as { intent?: unknown }).intent === intent;
  return answered ? { result: actionData as ActionResult, posted: true } : { result: undefined, posted: false };
}

/** The message a form shows at its top: a refusal, or a success that arrived as a page. */
export const formAlertOf = ({ result, posted }: { result: ActionResult | undefined; posted: boolean }) =>
  result && !result.ok ? { message: result.message, tone: 'error' as const } : result && posted ? { message: result.message, tone: 'success' as const } : null;
