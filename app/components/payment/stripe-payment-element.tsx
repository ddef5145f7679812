import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe } from '@stripe/stripe-js';
// The /pure entry injects Stripe.js only when loadStripe is called (the main entry does on import).
import { loadStripe } from '@stripe/stripe-js/pure/index.mjs';
import { useEffect, useMemo, useState, type MutableRefObject } from 'react';

/**
 * Stripe's Payment Element (cards, Apple Pay / Google Pay and Link where Stripe offers them)
 * inside the Secure Payment dialog. This module is only ever loaded with a dynamic import when
 * the dialog opens with a publishable key, so Stripe.js, @stripe/stripe-js and
 * @stripe/react-stripe-js weigh nothing on pages without payment. Card details stay in Stripe's
 * frames: the dialog calls `controller.current.confirm(...)`, which runs stripe.confirmPayment —
 * Stripe.js handles 3-D Secure in its own modal, and a payment method that must leave the page
 * comes back to `returnUrl` (/payments/return), where the server reads the intent.
 */
export interface PaymentElementOutcome {
  /** Stripe's message for a refused payment; null when Stripe.js reported none. */
  readonly error: string | null;
  /** An incomplete or invalid field: the Payment Element shows it itself, nothing was sent. */
  readonly invalid: boolean;
}

export interface PaymentElementController {
  confirm(input: { billing: { name?: string; email?: string }; returnUrl: string }): Promise<PaymentElementOutcome>;
}

export interface StripePaymentElementProps {
  readonly publishableKey: string;
  readonly clientSecret: string;
  readonly controller: MutableRefObject<PaymentElementController | null>;
  readonly onComplete: (complete: boolean) => void;
  readonly onLoadError: (message: string) => void;
  /** Prefills the billing email / name Stripe asks for (Link, some wallets). */
  readonly payer?: { readonly name?: string | null; readonly email?: string | null };
}

const LOAD_FAILED = 'The card form could not be loaded. Please check your connection and try again.';

/** One Stripe object per key for the life of the page (Stripe.js itself loads once). */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: 'en-GB' }).catch((error: unknown) => {
      stripes.delete(publishableKey);
      throw error;
    });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** FACT's look inside Stripe's frames (app/tailwind.css: pitch green, slate, rounded-lg). */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#147d42',
    colorText: '#0f172a',
    colorTextSecondary: '#475569',
    colorDanger: '#b91c1c',
    colorBackground: '#ffffff',
    borderRadius: '8px',
    fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontSizeBase: '16px',
  },
  rules: { '.Input': { borderColor: '#cbd5e1', boxShadow: '0 1px 2px rgba(15, 23, 42, 0.05)' }, '.Label': { fontWeight: '500', color: '#334155' } },
};

export default function StripePaymentElement({ publishableKey, clientSecret, controller, onComplete, onLoadError, payer }: StripePaymentElementProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  useEffect(() => {
    let current = true;
    stripe.then(
      (loaded) => {
        if (current && !loaded) onLoadError(LOAD_FAILED);
      },
      () => {
        if (current) onLoadError(LOAD_FAILED);
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stripe]);
  const options = useMemo(() => ({ clientSecret, appearance: APPEARANCE, loader: 'auto' as const }), [clientSecret]);
  return (
    // The client secret cannot change on a live Elements group: a new intent gets a new one.
    <Elements key={clientSecret} stripe={stripe} options={options}>
      <PaymentFields controller={controller} onComplete={onComplete} onLoadError={onLoadError} payer={payer} />
    </Elements>
  );
}

function PaymentFields({ controller, onComplete, onLoadError, payer }: Pick<StripePaymentElementProps, 'controller' | 'onComplete' | 'onLoadError' | 'payer'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!stripe || !elements) return;
    controller.current = {
      async confirm({ billing, returnUrl }) {
        const result = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: returnUrl, payment_method_data: { billing_details: billing } },
        });
        if (!result.error) return { error: null, invalid: false };
        return { error: result.error.message ?? null, invalid: result.error.type === 'validation_error' };
      },
    };
    return () => {
      controller.current = null;
    };
  }, [stripe, elements, controller]);

  const fieldOptions = useMemo(
    () => ({
      layout: { type: 'tabs' as const, defaultCollapsed: false },
      defaultValues: { billingDetails: { ...(payer?.name ? { name: payer.name } : {}), ...(payer?.email ? { email: payer.email } : {}) } },
    }),
    [payer?.name, payer?.email],
  );

  return (
    <div>
      {!ready ? (
        <p role="status" className="py-2 text-sm text-slate-600">
          Loading secure card form…
        </p>
      ) : null}
      <div data-testid="stripe-payment-element" className="min-h-[3rem]">
        <PaymentElement options={fieldOptions} onReady={() => setReady(true)} onChange={(event) => onComplete(event.complete)} onLoadError={() => onLoadError(LOAD_FAILED)} />
      </div>
    </div>
  );
}
