import { inputClass, labelClass } from '~/components/booking/modal';

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
  return value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
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
        Use card <span className="font-mono">4242 4242 4242 4242</span> to pay, <span className="font-mono">4000 0000 0000 0002</span> to see a decline,
        any future expiry date and any 3-digit CVC.
      </p>
    </div>
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
