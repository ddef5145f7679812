import { Link } from '@remix-run/react';
import { errorTextClass } from '../auth/field-styles';

/** PRODUCT.md: sign-up asks the person to confirm the minimum age of 16. */
export function AgeConfirmation({ id, error }: { id: string; error?: readonly string[] | undefined }) {
  return (
    <div>
      <label htmlFor={id} className="flex items-start gap-3 text-sm text-slate-800">
        <input id={id} type="checkbox" name="confirmAge" value="on" className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-pitch-600" aria-invalid={error?.length ? true : undefined} />
        <span>
          I confirm I am at least 16 years old and agree to the{' '}
          <Link to="/Terms" className="font-medium text-pitch-700 underline">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/PrivacyPolicy" className="font-medium text-pitch-700 underline">
            Privacy Policy
          </Link>
          .
        </span>
      </label>
      {error?.length ? <p className={errorTextClass}>{error[0]}</p> : null}
    </div>
  );
}
