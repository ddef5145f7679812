/**
 * PaymentDialog — SPEC §2 'Secure Payment' (PRODUCT.md Payments).
 *
 * How to open it (the booking flow does, right after the booking request is created; the admin
 * 'Take Payment' button does for any booking):
 *
 *   <PaymentDialog
 *     bookingId={booking.id}
 *     summary={{ serviceLabel: 'Striker & Finishing', durationMinutes: 60, coachName: 'Sam Jones',
 *                servicePricePence: 5000, adminFeePence: 300, totalPricePence: 5300 }}
 *     payer={{ name: user.fullName, email: user.email }}   // optional: Stripe billing details
 *     onClose={() => setPaying(null)}                       // Cancel, the close button, Escape
 *     onPaid={(bookingId) => revalidate()}                  // once, 2 s after 'Payment Successful!'
 *   />
 *
 * On open it asks the server for the payment (POST /api/payments/{bookingId}, intent=start: the
 * client's own request, or any booking for an administrator), then shows the summary (service,
 * date, time, duration in hours, player, location, coach, service price, admin fee, total — the
 * amounts the server charges), the booking's cancellation terms in pounds and times,
 * the 'Payment Protection' note, the card field and 'Pay {total}'. The card field is Stripe's
 * Payment Element (cards, Apple Pay / Google Pay, Link; Stripe.js loaded only now, with a dynamic
 * import) when a publishable key is configured, otherwise the test gateway's form with a
 * 'Test mode' notice. 3-D Secure: Stripe.js shows the bank's challenge in its own modal (or
 * leaves for the bank and comes back to /payments/return); the test gateway's card
 * 4000 0025 0000 3155 shows a 'Test 3-D Secure' step whose answer goes to our server. Success
 * shows 'Payment Successful!' and closes after 2 seconds (onPaid, then onClose); failure shows
 * 'Payment Failed' with the provider's message, 'Try Again' and 'Cancel'. The funds are only
 * authorised: the coach's acceptance captures them.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { FormAlert, Modal, primaryButton, secondaryButton } from '~/components/booking/modal';
import { PAYMENT_FAILED_TEXT, type PaymentSessionView } from '~/payments/payment-view';
import { formatPence } from '../../../domain/shared/money';
import { bookingPaymentPath, hoursLabel, packagePaymentPath, postPaymentStep } from './payment-request';
import type { PaymentElementController } from './stripe-payment-element';
import { BookingTermsNote } from '~/components/booking/booking-terms-note';
/** With the dialog's code, for the lazy PaymentStep of lazy-dialogs.tsx (one chunk, not two). */
export { PaymentStep } from '~/components/booking/payment-step';
import { EMPTY_TEST_CARD, isTestCardComplete, TestCardForm, TestModeNotice, TestThreeDSecureChallenge, type TestCard } from './test-card-form';

/** Stripe.js and the Payment Element: fetched only when a dialog with a publishable key opens. */
const StripePaymentElement = lazy(() => import('./stripe-payment-element'));

export interface PaymentSummary {
  /** e.g. 'Striker & Finishing'. */
  readonly serviceLabel: string;
  readonly durationMinutes: number;
  readonly coachName: string;
  readonly servicePricePence: number;
  readonly adminFeePence: number;
  readonly totalPricePence: number;
}

/** A package being bought: the dialog then takes its whole price now instead of holding a session's. */
export interface PackagePaymentSummary {
  readonly offerId: string;
  readonly name: string;
  /** '5 sessions of 1 hour'. */
  readonly summary: string;
  /** 'Use within 8 weeks of buying'. */
  readonly validity: string;
}

export interface PaymentDialogProps {
  /** The booking paid for; for a package, the offer's id (the purchase's id comes with the session). */
  readonly bookingId: string;
  readonly pkg?: PackagePaymentSummary;
  readonly summary: PaymentSummary;
  /** Billing details for Stripe (SPEC §7: the client's name and email). */
  readonly payer?: { readonly name?: string | null; readonly email?: string | null };
  readonly onClose: () => void;
  readonly onPaid: (bookingId: string) => void;
}

type Phase = 'loading' | 'form' | 'paying' | 'challenge' | 'success' | 'error';

const newAttempt = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now()));

/** Where Stripe sends the browser back when a payment method leaves the page (app/payments/payment-return.server.ts). */
function returnUrlFor(bookingId: string): string {
  const back = encodeURIComponent(window.location.pathname);
  return `${window.location.origin}/payments/return?booking=${encodeURIComponent(bookingId)}&back=${back}`;
}

/** SPEC §9: the success screen closes after 2 seconds. */
export const SUCCESS_CLOSE_MS = 2_000;

export function PaymentDialog({ bookingId, pkg, summary, payer, onClose, onPaid }: PaymentDialogProps) {
  const [phase, setPhase] = useState<Phase>('loading');
  const [session, setSession] = useState<PaymentSessionView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState<TestCard>(EMPTY_TEST_CARD);
  const [stripeComplete, setStripeComplete] = useState(false);
  const stripeCard = useRef<PaymentElementController | null>(null);
  const [answering, setAnswering] = useState<'complete' | 'fail' | null>(null);
  const finished = useRef(false);
  const path = pkg ? packagePaymentPath(pkg.offerId) : bookingPaymentPath(bookingId);
  /** What every step after `start` names: a package's purchase; a booking's path already names it. */
  const target = (s: PaymentSessionView): Record<string, string> => (pkg ? { purchaseId: s.bookingId } : {});

  const fail = (message: string | null) => {
    setError(message || PAYMENT_FAILED_TEXT);
    setPhase('error');
  };

  const start = useCallback(async () => {
    setPhase('loading');
    setError(null);
    const reply = await postPaymentStep(path, 'start');
    if (reply.ok && reply.step === 'session') {
      setSession(reply.session);
      setPhase('form');
    } else fail(reply.ok ? null : reply.error);
  }, [path]);

  useEffect(() => {
    void start();
  }, [start]);

  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    onPaid(bookingId);
    onClose();
  }, [bookingId, onClose, onPaid]);

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(finish, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, finish]);

  async function pay() {
    if (!session) return;
    setPhase('paying');
    setError(null);
    if (session.provider === 'stripe') {
      const controller = stripeCard.current;
      if (!controller) return fail('The card form is not ready yet. Please try again.');
      const billing = { ...(payer?.name ? { name: payer.name } : {}), ...(payer?.email ? { email: payer.email } : {}) };
      // Stripe.js runs 3-D Secure in its own modal; a redirect-based method leaves for returnUrl.
      const confirmed = await controller.confirm({ billing, returnUrl: pkg ? window.location.href : returnUrlFor(bookingId) });
      // A field left incomplete: the Payment Element shows why; nothing was sent.
      if (confirmed.invalid) return setPhase('form');
      // Whatever the browser says, the server reads the intent and records the outcome.
      const reply = await postPaymentStep(path, 'confirm', { ...target(session), intentId: session.intentId });
      if (reply.ok && reply.step === 'paid') return setPhase('success');
      if (reply.ok) return fail(confirmed.error ?? 'Your bank did not confirm this payment. Please try again.');
      return fail(confirmed.error ?? reply.error);
    }
    const reply = await postPaymentStep(path, 'confirm-test-card', { ...target(session), intentId: session.intentId, attempt: newAttempt(), ...card });
    if (reply.ok && reply.step === 'requires_action') return setPhase('challenge');
    if (reply.ok) return setPhase('success');
    fail(reply.error);
  }

  /** The test gateway's 3-D Secure answer: checked and applied by the server, then the intent is read. */
  async function answerChallenge(result: 'complete' | 'fail') {
    if (!session || answering) return;
    setAnswering(result);
    const reply = await postPaymentStep(path, 'authenticate-test-card', { ...target(session), intentId: session.intentId, attempt: newAttempt(), result });
    setAnswering(null);
    if (reply.ok && reply.step === 'paid') return setPhase('success');
    if (reply.ok) return fail(null);
    fail(reply.error);
  }

  const close = () => {
    if (phase === 'paying' || answering) return;
    if (phase === 'success') return finish();
    onClose();
  };

  const total = session?.amountPence ?? summary.totalPricePence;
  const details = session?.details ?? null;
  const coachName = details?.coachName ?? summary.coachName;
  const canPay = phase === 'form' && session !== null && (session.provider === 'stripe' ? stripeComplete : isTestCardComplete(card));

  if (phase === 'success') {
    return (
      <Modal title="Secure Payment" onClose={close}>
        <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-pitch-100 text-pitch-700">
            <svg viewBox="0 0 24 24" className="h-8 w-8 fill-none stroke-current" strokeWidth={2.5} aria-hidden="true">
              <path d="M5 12l4 4 10-10" />
            </svg>
          </span>
          <p className="text-xl font-semibold text-slate-900">Payment Successful!</p>
          <p className="text-sm text-slate-600">
            {pkg
              ? `${formatPence(total)} is paid. Your sessions with ${coachName} are ready to book: you’ll find them on MyBookings.`
              : session?.awaitingCoach === false
                ? `${formatPence(total)} is authorised and will be taken for this confirmed booking.`
                : `${formatPence(total)} is held on your card. You are charged only if ${coachName} accepts; otherwise the hold is released.`}
          </p>
        </div>
      </Modal>
    );
  }

  if (phase === 'error') {
    return (
      <Modal title="Secure Payment" onClose={close}>
        <div className="flex flex-col items-center gap-2 pb-2 pt-4 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-700">
            <svg viewBox="0 0 24 24" className="h-8 w-8 fill-none stroke-current" strokeWidth={2.5} aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </span>
          <p className="text-xl font-semibold text-slate-900">Payment Failed</p>
        </div>
        <FormAlert message={error ?? PAYMENT_FAILED_TEXT} />
        {error && error !== PAYMENT_FAILED_TEXT ? <p className="mb-4 text-center text-sm text-slate-600">{PAYMENT_FAILED_TEXT}</p> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={primaryButton}
            onClick={() => {
              setCard(EMPTY_TEST_CARD);
              setStripeComplete(false);
              if (session) setPhase('form');
              else void start();
            }}
          >
            Try Again
          </button>
        </div>
      </Modal>
    );
  }

  if (phase === 'challenge') {
    return (
      <Modal title="Secure Payment" description="Your bank asks you to confirm this payment." onClose={close}>
        <TestThreeDSecureChallenge amount={formatPence(total)} busy={answering} onAnswer={(result) => void answerChallenge(result)} />
        <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-500">
          <svg viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 018 0v4" />
          </svg>
          Secured by Stripe (test mode)
        </p>
      </Modal>
    );
  }

  return (
    // While Stripe.js confirms, the page stays live: its 3-D Secure challenge is its own modal,
    // appended to the page, which a modal dialog would make inert.
    <Modal
      title="Secure Payment"
      description={pkg ? 'Buy the package: its price is taken now and held by FACT until each session is completed.' : 'Complete your booking by holding the session fee on your card.'}
      onClose={close}
      modal={!(phase === 'paying' && session?.provider === 'stripe')}
    >
      {pkg ? (
        <PackageSummarySection
          pkg={pkg}
          coachName={coachName}
          pricePence={session?.servicePricePence ?? summary.servicePricePence}
          feePence={session?.adminFeePence ?? summary.adminFeePence}
          total={total}
        />
      ) : (
        <section aria-label="Booking summary" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
          <h3 className="mb-2 font-semibold text-slate-900">Booking Summary</h3>
          <dl className="space-y-1.5">
            <Row label="Service" value={details?.serviceLabel ?? summary.serviceLabel} />
            {details?.seriesDates ? <Row label="Weekly series" value={details.seriesDates} /> : details ? <Row label="Date" value={details.date} /> : null}
            {details ? <Row label="Time" value={`${details.time} (UK time)`} /> : null}
            <Row label="Duration" value={hoursLabel(session?.durationMinutes ?? summary.durationMinutes)} />
            {details ? <Row label="Player" value={details.player} /> : null}
            {details ? <Row label="Location" value={details.location} /> : null}
            <Row label="Coach" value={coachName} />
            <Row label="Service price" value={formatPence(session?.servicePricePence ?? summary.servicePricePence)} />
            <Row label="Admin fee" value={formatPence(session?.adminFeePence ?? summary.adminFeePence)} />
            <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
              <dt>Total</dt>
              <dd>{formatPence(total)}</dd>
            </div>
          </dl>
        </section>
      )}

      {details ? (
        <div className="mt-4">
          <BookingTermsNote sentences={details.terms} withinWindow={details.withinWindow} />
        </div>
      ) : null}

      <div className="mt-4 flex gap-3 rounded-xl border border-pitch-200 bg-pitch-50 p-3 text-sm text-pitch-900">
        <svg viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
          <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />
        </svg>
        <div>
          <p className="font-semibold">Payment Protection</p>
          <p>Your payment is held securely until your session is completed. If your coach doesn&apos;t show up, you get a full refund.</p>
        </div>
      </div>

      <div className="mt-4 space-y-3">
        {phase === 'loading' || !session ? (
          <p role="status" className="py-4 text-center text-sm text-slate-600">
            Preparing secure payment…
          </p>
        ) : session.provider === 'stripe' && session.publishableKey ? (
          <Suspense
            fallback={
              <p role="status" className="py-4 text-center text-sm text-slate-600">
                Loading secure card form…
              </p>
            }
          >
            <StripePaymentElement publishableKey={session.publishableKey} clientSecret={session.clientSecret} controller={stripeCard} onComplete={setStripeComplete} onLoadError={fail} payer={payer} />
          </Suspense>
        ) : (
          <>
            <TestModeNotice />
            <TestCardForm value={card} onChange={setCard} disabled={phase === 'paying'} />
          </>
        )}
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <svg viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 018 0v4" />
          </svg>
          Secured by Stripe{session?.testMode ? ' (test mode)' : ''}
        </p>
      </div>

      {/* Pay stays in sight while the card field (taller with wallets and Link) scrolls. */}
      <div className="sticky -bottom-5 -mx-5 -mb-5 mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-5 pb-5 pt-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
        <button type="button" className={secondaryButton} onClick={onClose} disabled={phase === 'paying'}>
          Cancel
        </button>
        <button type="button" className={primaryButton} onClick={() => void pay()} disabled={!canPay}>
          {phase === 'paying' ? 'Processing…' : `Pay ${formatPence(total)}`}
        </button>
      </div>
    </Modal>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** What buying a package takes and gives: its sessions, price and admin fee, and the refund promise. */
function PackageSummarySection({ pkg, coachName, pricePence, feePence, total }: { pkg: PackagePaymentSummary; coachName: string; pricePence: number; feePence: number; total: number }) {
  return (
    <section aria-label="Package summary" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <h3 className="mb-2 font-semibold text-slate-900">Package Summary</h3>
      <dl className="space-y-1.5">
        <Row label="Package" value={pkg.name} />
        <Row label="Sessions" value={pkg.summary} />
        <Row label="Coach" value={coachName} />
        <Row label="Package price" value={formatPence(pricePence)} />
        <Row label="Admin fee" value={formatPence(feePence)} />
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
          <dt>Total</dt>
          <dd>{formatPence(total)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-slate-700">
        {pkg.validity}. Book each session when it suits you; sessions you don’t use are refunded to your card whenever you ask before then, and automatically when the package expires.
      </p>
    </section>
  );
}
