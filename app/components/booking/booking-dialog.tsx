import { useFetcher } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { bookingWindowBounds } from '../../../domain/booking/requests/booking-calendar';
import { bookAgainSlot } from '../../../domain/booking/requests/book-again';
import type { BookAgainSeed } from '../../booking/booking-card-view';
import { SELF, WhoIsThisFor } from './who-is-this-for';
import { LOCATION_TYPE_OPTIONS, coachingTypeOptionsOf } from '../../../domain/shared/catalogue';
import { ADMIN_FEE_PENCE, formatPenceShort } from '../../../domain/shared/money';
import { bookingPrice } from '../../../domain/booking/requests/booking-price';
import { sessionPriceFor } from '../../../domain/booking/requests/session-price';
import { lengthToBook, offeredLengths } from '../../../domain/shared/session-lengths';
import { BOOKING_DIALOG_DURATIONS, BOOKING_MESSAGES } from '../../../domain/validation/booking-limits';
import { durationLabel } from '../../booking/session-length-view';
import { PAY_BY_CARD } from '../packages/pay-with';
import { BookingPaymentFields } from './booking-payment-fields';
import { arrivedBookingOptions, DEFAULT_DURATION, forgetBookingOptions, loadBookingOptions, type BookingOptions, type BookingPreview, type OfferedDay } from './booking-options';
import { DatePicker } from './date-picker';
import { FieldError, FormAlert, Modal, inputClass, labelClass, primaryButton, secondaryButton } from './modal';

/** What the booking action answers once the request is stored. */
export interface BookedSummary {
  readonly id: string;
  readonly referenceCode: string;
  readonly coachName: string;
  readonly serviceLabel: string;
  readonly durationMinutes: number;
  readonly servicePricePence: number;
  readonly adminFeePence: number;
  readonly totalPricePence: number;
  /** Paid with a session of the client's package (decision 060): no payment step follows. */
  readonly paidFromPackage?: boolean;
  /** 'Repeat weekly': how many sessions the series asked for (this is the first). */
  readonly seriesSessions?: number | null;
}

type BookResponse = { ok: true; intent: 'book'; booking: BookedSummary } | { ok: false; intent: string; message: string; fieldErrors: Record<string, readonly string[]> };

/** The form's data: the coach's answer, or the page's preview of it (no offered times yet). */
type BookingFormData = Omit<BookingOptions, 'days' | 'durationMinutes'> & { readonly calendar: { readonly durationMinutes: number; readonly days: readonly OfferedDay[] } | null };

const isDialogDuration = (minutes: number | undefined): minutes is number => minutes !== undefined && (BOOKING_DIALOG_DURATIONS as readonly number[]).includes(minutes);

/**
 * SPEC §2 booking dialog: service (the coach's), date (today to 90 days, days without a free
 * time disabled), the start times the server's slot engine offers for the chosen duration (asked
 * again when the duration changes), location, notes, the price summary and the payment note. The
 * server validates everything again (submitBookingRequest).
 *
 * With a `preview` (FindCoaches' card), the form is in the dialog's first frame and the coach's
 * calendar enables its days when it arrives. Without one ('Book again'), the form
 * waits for the calendar and says it is loading meanwhile.
 */
export function BookingDialog({
  coachId,
  coachName,
  onClose,
  onBooked,
  seed,
  preview,
  playerId,
}: {
  coachId: string;
  coachName: string;
  onClose: () => void;
  onBooked: (b: BookedSummary) => void;
  /** The player the search was made for, chosen in advance; without one the client must choose. */
  playerId?: string | null;
} & (
  | {
      /** 'Book again': the last session to repeat a week later. */
      seed?: BookAgainSeed;
      preview?: never;
    }
  | { seed?: never; preview?: BookingPreview }
)) {
  const submit = useFetcher<BookResponse>();
  const firstDuration = isDialogDuration(seed?.durationMinutes) ? seed.durationMinutes : DEFAULT_DURATION;
  const [loaded, setLoaded] = useState<{ coachId: string; options: BookingOptions | null } | null>(() => {
    const arrived = arrivedBookingOptions(coachId, firstDuration);
    return arrived === undefined ? null : { coachId, options: arrived };
  });
  useEffect(() => {
    let open = true;
    void loadBookingOptions(coachId, firstDuration).then((options) => open && setLoaded((now) => (now?.coachId === coachId && now.options === options ? now : { coachId, options })));
    return () => {
      open = false;
      forgetBookingOptions(coachId);
    };
    // The first duration is read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [coachId]);
  const options = loaded?.coachId === coachId ? loaded.options : undefined;
  const data = useMemo(() => (options ? formDataOf(options) : options === undefined && preview ? formDataOfPreview(coachId, coachName, preview) : options), [options, preview, coachId, coachName]);
  // A coach found unbookable: the focus goes to the words (the preview's form, which held it, is gone).
  const refusal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (data === null) refusal.current?.focus();
  }, [data]);

  return (
    <Modal title={`Book a session with ${coachName}`} description="Choose a service, a date and a time. Times are UK time." onClose={onClose} size="lg">
      {data ? (
        <BookingForm options={data} fetcher={submit} onClose={onClose} onBooked={onBooked} seed={seed} chosenPlayerId={playerId ?? null} />
      ) : data === null ? (
        <div ref={refusal} tabIndex={-1} className="outline-none">
          <FormAlert message="This coach cannot be booked at the moment." />
        </div>
      ) : (
        <p className="py-10 text-center text-sm text-slate-500" role="status">
          Loading the coach's calendar…
        </p>
      )}
    </Modal>
  );
}

const formDataOf = ({ days, durationMinutes, ...rest }: BookingOptions): BookingFormData => ({ ...rest, calendar: { durationMinutes, days } });

const formDataOfPreview = (coachId: string, coachName: string, p: BookingPreview): BookingFormData => ({
  coachId,
  coachName,
  services: coachingTypeOptionsOf(p.services),
  sessionOffer: p.sessionOffer,
  adminFeePence: ADMIN_FEE_PENCE,
  players: p.players,
  now: p.now,
  calendar: null,
});

function BookingForm({
  options,
  fetcher,
  onClose,
  onBooked,
  seed,
  chosenPlayerId,
}: {
  options: BookingFormData;
  fetcher: ReturnType<typeof useFetcher<BookResponse>>;
  onClose: () => void;
  onBooked: (b: BookedSummary) => void;
  seed?: BookAgainSeed;
  chosenPlayerId: string | null;
}) {
  const now = useMemo(() => new Date(options.now), [options.now]);
  const { today, lastDay } = useMemo(() => bookingWindowBounds(now), [now]);
  const players = options.players ?? [];
  // The lengths the coach offers, each with its price (decision 045).
  const lengths = offeredLengths(options.sessionOffer);
  // 'Book again': the same service, length, place and player, a week after the last session.
  const first = options.calendar;
  const [again] = useState(() => (seed && first ? bookAgainSlot({ date: seed.lastDate, time: seed.lastTime }, first.days, now) : null));
  const offered = (v: string | undefined) => (v && options.services.some((s) => s.value === v) ? v : undefined);
  const [serviceChoice, setServiceChoice] = useState<string>(offered(seed?.serviceType) ?? options.services[0]?.value ?? '');
  // The coach's answer replaces the card's preview (the card may be minutes old): a choice it no longer offers goes.
  const serviceType = offered(serviceChoice) ?? options.services[0]?.value ?? '';
  const [durationChoice, setDuration] = useState<number>(first?.durationMinutes ?? (isDialogDuration(seed?.durationMinutes) ? seed.durationMinutes : DEFAULT_DURATION));
  // A package of the client's pays for a session of its own length; the card for any length.
  const credits = options.credits ?? [];
  const [payWith, setPayWith] = useState<string>(PAY_BY_CARD);
  const credit = credits.find((c) => c.purchaseId === payWith) ?? null;
  // A length the coach does not offer (their answer may differ from the card's) gives way to the one lengthToBook names.
  const duration = credit ? credit.durationMinutes : lengthToBook(options.sessionOffer, durationChoice);
  // The price rule of the domain (what createBooking freezes on the booking), not a sum written again here.
  const sessionPrice = sessionPriceFor(options.sessionOffer, duration);
  const price = sessionPrice.ok ? bookingPrice(sessionPrice.value) : null;
  // The server's times for each duration asked so far: another length asks the server again.
  const [timesByDuration, setTimesByDuration] = useState<ReadonlyMap<number, readonly OfferedDay[]>>(() => new Map(first ? [[first.durationMinutes, first.days]] : []));
  useEffect(() => {
    if (first && !timesByDuration.has(first.durationMinutes)) setTimesByDuration((m) => new Map([...m, [first.durationMinutes, first.days]]));
  }, [first, timesByDuration]);
  useEffect(() => {
    if (!first || timesByDuration.has(duration)) return;
    let open = true;
    void loadBookingOptions(options.coachId, duration).then((o) => open && o && setTimesByDuration((m) => new Map([...m, [duration, o.days]])));
    return () => {
      open = false;
    };
  }, [first, duration, timesByDuration, options.coachId]);
  const calendar = timesByDuration.get(duration) ?? null;
  const [date, setDate] = useState<string | null>(again?.date ?? null);
  const [time, setTime] = useState<string | null>(again?.time ?? null);
  const [locationType, setLocationType] = useState(seed?.locationType ?? 'online');
  // 'Book again' repeats the last session's player (the client themself when it had none); a
  // search's player is chosen for the client; otherwise nobody is, and the client must say.
  const [playerChoice, setPlayerChoice] = useState<string | null>(seed ? (seed.playerId ?? SELF) : chosenPlayerId);
  const playerId = playerChoice === SELF || players.some((p) => p.id === playerChoice) ? playerChoice : null;
  // Without an answer the request is not sent: the choice says why and takes the focus (the server refuses it too).
  const [whoAsked, setWhoAsked] = useState(false);
  const askWhoFirst = (e: FormEvent<HTMLFormElement>) => {
    if (players.length === 0 || playerId !== null) return;
    e.preventDefault();
    setWhoAsked(true);
    e.currentTarget.querySelector<HTMLInputElement>('input[name="who"]')?.focus();
  };
  // A day can be picked when the server offers a time on it; before its answer is in, none can.
  const byDate = useMemo(() => new Map((calendar ?? []).map((d) => [d.date, d.slots])), [calendar]);
  const dayOff = useMemo(() => (calendar ? (iso: string) => !byDate.has(iso) : () => true), [calendar, byDate]);
  const slots = useMemo(() => (date ? (byDate.get(date) ?? []) : []), [date, byDate]);
  // The address follows the chosen time's range location until the client types one.
  const [address, setAddress] = useState(seed?.locationAddress ?? '');
  const [addressTyped, setAddressTyped] = useState(Boolean(seed?.locationAddress));
  const pickTime = (t: string, location: string | null) => {
    setTime(t);
    touch('time', 'date');
    if (!addressTyped && location) setAddress(location);
  };

  useEffect(() => {
    if (!calendar) return;
    if (date && dayOff(date)) setDate(null);
    if (time && !slots.some((s) => s.time === time)) setTime(null);
  }, [calendar, date, time, dayOff, slots]);

  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) onBooked(result.booking);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  // A field's error goes once the person changes that field.
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  // Kept as it is when nothing was changed: a new empty set would render the whole form a second
  // time just after the dialog opens.
  useEffect(() => setChanged((c) => (c.size === 0 ? c : new Set())), [result]);
  const touch = (...names: string[]) => setChanged((c) => new Set([...c, ...names]));
  const all = result && !result.ok ? result.fieldErrors : {};
  const errors = Object.fromEntries(Object.entries(all).filter(([k]) => !changed.has(k)));
  const busy = fetcher.state !== 'idle';

  return (
    <fetcher.Form method="post" action="/FindCoaches" noValidate className="space-y-5" onSubmit={(e) => askWhoFirst(e)}>
      <input type="hidden" name="intent" value="book" />
      <input type="hidden" name="coachId" value={options.coachId} />
      <input type="hidden" name="date" value={date ?? ''} />
      <input type="hidden" name="time" value={time ?? ''} />
      <FormAlert message={result && !result.ok && (Object.keys(all).length === 0 || Object.keys(errors).length > 0) ? result.message : null} />
      {again?.usualTimeTaken && !time ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your usual time, {again.usualTime}, is not free on {new Date(`${again.date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })}.
          Please pick another time.
        </p>
      ) : null}

      {players.length > 0 ? (
        <WhoIsThisFor
          players={players}
          value={playerId}
          onChange={(v) => (setPlayerChoice(v), touch('playerId'))}
          sessionDate={date ?? today}
          coachName={options.coachName}
          ageGroups={options.ageGroups}
          error={whoAsked && playerId === null ? [BOOKING_MESSAGES.playerRequired] : errors.playerId}
        />
      ) : (
        // A client without players books for themself: said in the form, so the server need not look for players.
        <input type="hidden" name="playerId" value={SELF} />
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="serviceType" className={labelClass}>
            Service type
          </label>
          <select id="serviceType" name="serviceType" value={serviceType} onChange={(e) => (setServiceChoice(e.target.value), touch('serviceType'))} className={inputClass}>
            {options.services.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <FieldError id="serviceType-error" messages={errors.serviceType} />
        </div>
        <div>
          <label htmlFor="durationMinutes" className={labelClass}>
            Duration
          </label>
          <select id="durationMinutes" name="durationMinutes" value={duration} onChange={(e) => (setDuration(Number(e.target.value)), touch('durationMinutes'))} className={inputClass}>
            {(credit ? lengths.filter((l) => l.minutes === credit.durationMinutes) : lengths).map((l) => (
              <option key={l.minutes} value={l.minutes}>
                {`${durationLabel(l.minutes)} · ${formatPenceShort(l.pricePence)}`}
              </option>
            ))}
          </select>
          <FieldError id="duration-error" messages={errors.durationMinutes} />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <p id="date-label" className={labelClass}>
            Date
          </p>
          <DatePicker key={today} first={today} last={lastDay} isDisabled={dayOff} pending={!calendar} value={date} onChange={(d) => (setDate(d), touch('date'))} labelledBy="date-label" />
          <FieldError id="date-error" messages={errors.date} />
        </div>
        <div>
          <p id="time-label" className={labelClass}>
            Time
          </p>
          {date ? (
            <div className="grid grid-cols-4 gap-2" role="group" aria-labelledby="time-label">
              {slots.map((s) => (
                <button
                  key={s.time}
                  type="button"
                  aria-pressed={time === s.time}
                  title={s.location ?? undefined}
                  onClick={() => pickTime(s.time, s.location)}
                  className={`rounded-lg border px-2 py-2 text-sm ${time === s.time ? 'border-pitch-600 bg-pitch-600 font-semibold text-white' : 'border-slate-300 text-slate-800 hover:border-pitch-600'}`}
                >
                  {s.time}
                </button>
              ))}
            </div>
          ) : (
            // One live region for both texts: the change is announced when the calendar arrives.
            <p role="status" className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-500">
              {calendar ? 'Pick a date to see the free times.' : "Checking the coach's calendar…"}
            </p>
          )}
          <FieldError id="time-error" messages={errors.time} />
        </div>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">Location</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="locationType" className={labelClass}>
              Location type
            </label>
            <select id="locationType" name="locationType" value={locationType} onChange={(e) => setLocationType(e.target.value)} className={inputClass}>
              {LOCATION_TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="locationAddress" className={labelClass}>
              Address {locationType === 'online' ? <span className="font-normal text-slate-400">(optional)</span> : null}
            </label>
            <input
              id="locationAddress"
              name="locationAddress"
              value={address}
              onChange={(e) => (setAddress(e.target.value), setAddressTyped(true))}
              maxLength={200}
              className={inputClass}
              placeholder={locationType === 'online' ? 'Video link or leave blank' : 'Where to meet'}
            />
            <FieldError id="locationAddress-error" messages={errors.locationAddress} />
          </div>
        </div>
        <div>
          <label htmlFor="locationNotes" className={labelClass}>
            Location notes
          </label>
          <input id="locationNotes" name="locationNotes" maxLength={500} className={inputClass} placeholder="Parking, entrance, pitch number…" />
          <FieldError id="locationNotes-error" messages={errors.locationNotes} />
        </div>
      </fieldset>

      <div>
        <label htmlFor="clientNotes" className={labelClass}>
          Notes for the coach
        </label>
        <textarea id="clientNotes" name="clientNotes" rows={3} maxLength={500} className={inputClass} placeholder="Your level, what you want to work on…" />
        <FieldError id="clientNotes-error" messages={errors.clientNotes} />
      </div>

      <BookingPaymentFields
        credits={credits}
        payWith={payWith}
        onPayWith={(v) => (setPayWith(v), touch('packagePurchaseId', 'durationMinutes'))}
        error={errors.packagePurchaseId}
        packages={options.packages ?? []}
        coachId={options.coachId}
        coachName={options.coachName}
        date={date}
        time={time}
        durationMinutes={duration}
        price={price}
        now={now}
      />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancel
        </button>
        <button type="submit" disabled={busy || !calendar} className={primaryButton}>
          {busy ? 'Sending request…' : 'Request Booking'}
        </button>
      </div>
    </fetcher.Form>
  );
}
