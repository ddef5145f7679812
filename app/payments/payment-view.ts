/** What the payment route answers (shared by the route and the dialog; no server code here). */

export interface PaymentSessionView {
  readonly bookingId: string;
  readonly referenceCode: string;
  readonly intentId: string;
  /** For Stripe.js (confirmCardPayment); unused by the test gateway's form. */
  readonly clientSecret: string;
  readonly amountPence: number;
  readonly servicePricePence: number;
  readonly adminFeePence: number;
  readonly durationMinutes: number;
  /** 'stripe': Stripe Elements in the browser; 'test': the offline test gateway's card form. */
  readonly provider: 'stripe' | 'test';
  readonly publishableKey: string | null;
  readonly testMode: boolean;
  /** The request still waits for the coach (the hold is captured when they accept). */
  readonly awaitingCoach: boolean;
  /** The booking's summary and terms; null for a package, whose summary the dialog is given. */
  readonly details: PaymentDetailsView | null;
}

/** The booking as the payment summary shows it, and its cancellation terms in words. */
export interface PaymentDetailsView {
  readonly serviceLabel: string;
  readonly coachName: string;
  /** London date and time of the start: 'Wed, 2 Dec 2026', '18:00'. */
  readonly date: string;
  readonly time: string;
  readonly durationMinutes: number;
  /** 'Jordan Smith, 12', or 'You' when the session is for the client. */
  readonly player: string;
  readonly location: string;
  readonly terms: readonly string[];
  /** The session starts inside the free-cancellation window: the terms are a warning. */
  readonly withinWindow: boolean;
  /** A weekly series paid by card in one payment (decision 064): every session's date, e.g. 'Sat, 12 Dec 2026 · Sat, 19 Dec 2026'. */
  readonly seriesDates: string | null;
}

export type PaymentReply =
  | { readonly ok: true; readonly step: 'session'; readonly session: PaymentSessionView }
  | { readonly ok: true; readonly step: 'paid'; readonly bookingId: string; readonly paymentStatus: string }
  /** The card asks for 3-D Secure: the test gateway's challenge comes next (Stripe.js shows its own). */
  | { readonly ok: true; readonly step: 'requires_action'; readonly bookingId: string; readonly intentId: string }
  | { readonly ok: false; readonly code: string; readonly error: string };

export const PAYMENT_INTENTS = ['start', 'confirm-test-card', 'authenticate-test-card', 'confirm'] as const;
export type PaymentIntentName = (typeof PAYMENT_INTENTS)[number];

/** SPEC §8: the generic failure text of the payment dialog. */
export const PAYMENT_FAILED_TEXT = 'There was an issue processing your payment. Please try again.';
