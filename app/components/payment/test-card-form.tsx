import { inputClass, labelClass, primaryButton, secondaryButton } from '~/components/booking/button-classes';

/**
 * The offline test gateway's card form (no Stripe keys configured). It posts to our server,
 * which plays Stripe's test cards; it says clearly that no real money moves.
 */
export interface TestCard {
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
}

export const EMPTY_TEST_CARD: TestCard = { cardNumber: '', expiry: '', cvc: '' };

export const isTestCardComplete = (card: TestCard): boolean =>
  card.cardNumber.replace(/\D/g, '').length >= 12 && /^\d{1,2}\s*\/\s*\d{2,4}$/.test(card.expiry.trim()) && /^\d{3,4}$/.test(card.cvc.trim());

/** 4242424242424242 → 4242 4242 4242 4242 as it is typed. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function TestModeNotice() {
  return (
    <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="font-semibold">Test mode — no real money moves</p>
      <p className="mt-0.5">
        Use card <span className="whitespace-nowrap font-mono">4242 4242 4242 4242</span> to pay, <span className="whitespace-nowrap font-mono">4000 0000 0000 0002</span> to see a decline,{' '}
        <span className="whitespace-nowrap font-mono">4000 0025 0000 3155</span> to see 3-D Secure, any future expiry date and any 3-digit CVC.
      </p>
    </div>
  );
}

/**
 * The test gateway's stand-in for the bank's 3-D Secure page (card 4000 0025 0000 3155): the
 * choice goes to our server, which checks the intent is waiting for it (never the browser's word).
 */
export function TestThreeDSecureChallenge({ amount, busy, onAnswer }: { amount: string; busy: 'complete' | 'fail' | null; onAnswer: (result: 'complete' | 'fail') => void }) {
  return (
    <section aria-labelledby="test-3ds-title" className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-sm text-amber-950">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <svg viewBox="0 0 24 24" className="h-6 w-6 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
            <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />
            <path d="M9 12l2 2 4-4" />
          </svg>
        </span>
        <div>
          <h3 id="test-3ds-title" className="text-base font-semibold">
            Test 3-D Secure
          </h3>
          <p className="mt-1">
            Your bank would now ask you to confirm this payment of <strong>{amount}</strong> (in its app, or with a code). This is test mode: choose what the bank answers. No real money moves.
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2">
        <button type="button" className={primaryButton} onClick={() => onAnswer('complete')} disabled={busy !== null}>
          {busy === 'complete' ? 'Authenticating…' : 'Complete authentication'}
        </button>
        <button type="button" className={secondaryButton} onClick={() => onAnswer('fail')} disabled={busy !== null}>
          {busy === 'fail' ? 'Failing…' : 'Fail authentication'}
        </button>
      </div>
    </section>
  );
}

export function TestCardForm({ value, onChange, disabled }: { value: TestCard; onChange: (card: TestCard) => void; disabled: boolean }) {
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="sr-only">Card details (test mode)</legend>
      <div>
        <label htmlFor="test-card-number" className={labelClass}>
          Card number
        </label>
        <input
          id="test-card-number"
          name="cardNumber"
          inputMode="numeric"
          autoComplete="off"
          placeholder="4242 4242 4242 4242"
          className={`${inputClass} font-mono`}
          value={value.cardNumber}
          onChange={(e) => onChange({ ...value, cardNumber: groupDigits(e.target.value) })}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="test-card-expiry" className={labelClass}>
            Expiry (MM/YY)
          </label>
          <input
            id="test-card-expiry"
            name="expiry"
            inputMode="numeric"
            autoComplete="off"
            placeholder="12/34"
            className={`${inputClass} font-mono`}
            value={value.expiry}
            onChange={(e) => onChange({ ...value, expiry: formatExpiry(e.target.value) })}
          />
        </div>
        <div>
          <label htmlFor="test-card-cvc" className={labelClass}>
            CVC
          </label>
          <input
            id="test-card-cvc"
            name="cvc"
            inputMode="numeric"
            autoComplete="off"
            placeholder="123"
            maxLength={4}
            className={`${inputClass} font-mono`}
            value={value.cvc}
            onChange={(e) => onChange({ ...value, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
          />
        </div>
      </div>
    </fieldset>
  );
}
