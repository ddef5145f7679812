import { useEffect, useRef, useState, type MutableRefObject } from 'react';

/**
 * Stripe Elements' card field, loaded from https://js.stripe.com/v3 with a script tag (the
 * @stripe/stripe-js package is not installed). The card never touches our server: the parent
 * calls `controller.current.confirm(clientSecret, billing)`, which runs confirmCardPayment.
 */
interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (e: { complete: boolean; error?: { message: string } }) => void): void;
}
interface StripeJs {
  elements(options?: Record<string, unknown>): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details?: { name?: string; email?: string } } },
  ): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>;
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

export interface CardController {
  confirm(clientSecret: string, billing: { name?: string; email?: string }): Promise<{ error: string | null }>;
}

const STRIPE_JS = 'https://js.stripe.com/v3';
let loading: Promise<void> | null = null;

function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function StripeCardField({
  publishableKey,
  controller,
  onComplete,
  onLoadError,
}: {
  publishableKey: string;
  controller: MutableRefObject<CardController | null>;
  onComplete: (complete: boolean) => void;
  onLoadError: (message: string) => void;
}) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripeJs()
      .then(() => {
        if (cancelled || !window.Stripe || !mountPoint.current) return;
        const stripe = window.Stripe(publishableKey);
        card = stripe.elements({ locale: 'en-GB' }).create('card', { hidePostalCode: false, style: { base: { fontSize: '16px' } } });
        card.mount(mountPoint.current);
        card.on('change', (e) => {
          setCardError(e.error?.message ?? null);
          onComplete(e.complete);
        });
        const element = card;
        controller.current = {
          async confirm(clientSecret, billing) {
            const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: element, billing_details: billing } });
            return { error: result.error ? (result.error.message ?? null) || 'Your card was declined.' : null };
          },
        };
      })
      .catch(() => onLoadError('The card form could not be loaded. Please check your connection and try again.'));
    return () => {
      cancelled = true;
      controller.current = null;
      card?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishableKey]);
  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-slate-700">Card details</span>
      <div ref={mountPoint} className="rounded-lg border border-slate-300 bg-white px-3 py-3 shadow-sm" data-testid="stripe-card-element" />
      {cardError ? <p className="mt-1 text-sm text-red-700">{cardError}</p> : null}
    </div>
  );
}
