import { createCookie, redirect } from '@remix-run/node';
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { TOAST_DESCRIPTION_MAX, TOAST_TITLE_MAX, TOAST_TYPES, type ShownToast, type Toast } from './toast';

/** A toast as it travels in the cookie, re-validated when read (it is client-held). */
const toastSchema = z.object({
  type: z.enum(TOAST_TYPES).default('info'),
  title: z.string().min(1).max(TOAST_TITLE_MAX),
  description: z.string().max(TOAST_DESCRIPTION_MAX).optional(),
});

/**
 * Flash toasts across a redirect: the message rides in a short-lived httpOnly cookie that the
 * next page load reads and clears. The text is only ever shown (React escapes it) and is
 * re-validated when read, so the cookie needs no signature.
 */
const toastCookie = createCookie('fact_toast', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 });

/** A redirect that shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastCookie.serialize(toastSchema.parse(toast)));
  return redirect(url, { ...init, headers });
}

/** The toast waiting for this request (if any) and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers }> {
  const headers = new Headers();
  const raw: unknown = await toastCookie.parse(request.headers.get('Cookie'));
  if (raw === null || raw === undefined || raw === '') return { toast: null, headers };
  headers.append('Set-Cookie', await toastCookie.serialize('', { maxAge: 0 }));
  try {
    const parsed = toastSchema.safeParse(typeof raw === 'string' ? JSON.parse(raw) : raw);
    return { toast: parsed.success ? { ...parsed.data, id: randomUUID() } : null, headers };
  } catch {
    return { toast: null, headers };
  }
}
