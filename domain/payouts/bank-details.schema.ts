import * as z from 'zod';

/**
 * The offline gateway's onboarding form (the stand-in for Stripe's hosted page): a UK sort code
 * (6 digits, dashes or spaces allowed) and an 8-digit account number.
 */
export const bankDetailsSchema = z.object({
  accountHolder: z.string().trim().min(2, 'Enter the name on the bank account').max(100, 'Name too long'),
  sortCode: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter a 6-digit sort code, like 10-88-00')),
  accountNumber: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, 'Enter an 8-digit account number')),
});
export type BankDetails = z.output<typeof bankDetailsSchema>;
