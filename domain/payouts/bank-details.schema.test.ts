import { describe, expect, it } from 'vitest';
import { bankDetailsSchema } from './bank-details.schema';

describe('the offline onboarding bank details', () => {
  it('accepts a sort code with dashes or spaces and an 8-digit account number', () => {
    expect(bankDetailsSchema.parse({ accountHolder: ' Tom Whitaker ', sortCode: '10-88-00', accountNumber: '0001 2345' })).toEqual({
      accountHolder: 'Tom Whitaker',
      sortCode: '108800',
      accountNumber: '00012345',
    });
  });

  it('refuses a short sort code, a 7-digit account number and a missing name, with a message for each', () => {
    const r = bankDetailsSchema.safeParse({ accountHolder: '', sortCode: '10880', accountNumber: '1234567' });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(['Enter the name on the bank account', 'Enter a 6-digit sort code, like 10-88-00', 'Enter an 8-digit account number']);
  });
});
