import * as z from 'zod';

/** A short message shown in the corner (SPEC §9: at most 20 on screen). */
export const toastSchema = z.object({
  type: z.enum(['success', 'error', 'info', 'warning']).default('info'),
  title: z.string().min(1).max(300),
  description: z.string().max(1000).optional(),
});
export type Toast = z.input<typeof toastSchema>;
export type ShownToast = z.output<typeof toastSchema> & { id: string };

export const TOAST_LIMIT = 20;
