import { useState } from 'react';
import type { BookingPrice } from '../../../domain/booking/requests/booking-price';
import { SERIES_RULES } from '../../../domain/booking/requests/weekly-series';
import { PackagesNote } from '../packages/packages-note';
import { PAY_BY_CARD, PackagePaymentNote, PayWith } from '../packages/pay-with';
import { BookingPriceSummary } from './booking-price-summary';
import type { BookingCredit, BookingPackage } from './booking-options';
import { BookingDialogTerms } from './booking-terms-note';
import { RepeatWeekly } from './repeat-weekly';

/**
 * The booking dialog's payment part: how the client pays (a package's credit or the card),
 * 'Repeat weekly' (from the package's credits, or by card in one payment for the whole series,
 * decision 064), then what paying means: the package's note, or the price of the session or
 * series and its cancellation terms.
 */
export function BookingPaymentFields({
  credits,
  payWith,
  onPayWith,
  error,
  packages,
  coachId,
  coachName,
  date,
  time,
  durationMinutes,
  price,
  now,
}: {
  credits: readonly BookingCredit[];
  /** The credit's purchase id, or PAY_BY_CARD. */
  payWith: string;
  onPayWith: (value: string) => void;
  error?: readonly string[];
  packages: readonly BookingPackage[];
  coachId: string;
  coachName: string;
  date: string | null;
  time: string | null;
  durationMinutes: number;
  price: BookingPrice | null;
  now: Date;
}) {
  const credit = credits.find((c) => c.purchaseId === payWith) ?? null;
  // 'Repeat weekly' by card: the price summary is of the whole series.
  const [seriesSessions, setSeriesSessions] = useState<number | null>(null);
  return (
    <>
      <PayWith credits={credits} value={payWith} onChange={onPayWith} error={error} />
      <RepeatWeekly
        key={credit?.purchaseId ?? PAY_BY_CARD}
        coachId={coachId}
        date={date}
        time={time}
        durationMinutes={durationMinutes}
        maxSessions={credit ? credit.left : SERIES_RULES.maxWeeks}
        paidBy={credit ? 'package' : 'card'}
        onSessionsChange={setSeriesSessions}
      />
      {credit ? (
        <PackagePaymentNote credit={credit} />
      ) : (
        <>
          {credits.length === 0 ? <PackagesNote packages={packages} coachId={coachId} /> : null}
          <BookingPriceSummary price={price} sessions={seriesSessions} />
          <BookingDialogTerms date={date} time={time} price={price} now={now} coachName={coachName} />
        </>
      )}
    </>
  );
}
