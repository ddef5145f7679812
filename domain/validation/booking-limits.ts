/**
 * The booking forms' limits, slots and words (SPEC §5/§9): plain values, apart from the schemas in
 * booking-forms.ts, so the dialogs that show them never load zod in the browser.
 */

/** Durations offered in the booking dialog (minutes). The server accepts any whole 30–240. */
export const BOOKING_DIALOG_DURATIONS = [30, 60, 90, 120] as const;
export const MIN_SESSION_MINUTES = 30;
export const MAX_SESSION_MINUTES = 240;
/** PRODUCT.md: bookings from today to 90 days ahead. */
export const BOOKING_WINDOW_DAYS = 90;
/** SPEC §9: the dialog's slots. */
export const BOOKING_SLOT_HOURS = { first: 9, last: 20 } as const; // hourly 09:00..20:00
export const RESCHEDULE_SLOT_RANGE = { first: '06:00', last: '22:00', stepMinutes: 30 } as const;

export const BOOKING_MESSAGES = {
  invalidServiceType: 'Invalid service type',
  dateRequired: 'Please select a date',
  seriesDate: 'Choose each date and time of the series again.',
  timeRequired: 'Please select a time',
  inFuture: 'Booking date must be in the future',
  tooFarAhead: `Bookings can be made up to ${BOOKING_WINDOW_DAYS} days ahead`,
  durationRequired: 'Please select a session duration',
  durationWhole: 'Duration must be a whole number of minutes',
  durationMin: 'Minimum session duration is 30 minutes',
  durationMax: 'Maximum session duration is 4 hours',
  notesTooLong: 'Notes too long',
  addressTooLong: 'Address too long',
  invalidLocationType: 'Invalid location type',
  playerRequired: 'Please choose who this session is for',
  cancellationReason: 'Please provide a reason for cancelling.',
  declineReason: 'Please provide a reason for declining.',
  issueDescription: 'Please describe the issue.',
  earlyCompletionReason: 'Please provide a reason for completing the session early.',
  reasonTooLong: 'Reason too long',
  descriptionTooLong: 'Description too long',
  rescheduleDateTime: 'Please select both date and time',
  rescheduleFuture: 'Please choose a date and time in the future',
  referenceSearchRequired: 'Please enter a booking reference',
} as const;

/** Hourly 09:00 to 20:00, as the booking dialog offers them. */
export function bookingTimeSlots(): string[] {
  const slots: string[] = [];
  for (let h = BOOKING_SLOT_HOURS.first; h <= BOOKING_SLOT_HOURS.last; h++) slots.push(`${String(h).padStart(2, '0')}:00`);
  return slots;
}

/** Half-hourly 06:00 to 22:00, as the reschedule dialog offers them. */
export function rescheduleTimeSlots(): string[] {
  const slots: string[] = [];
  for (let m = 6 * 60; m <= 22 * 60; m += RESCHEDULE_SLOT_RANGE.stepMinutes) {
    slots.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return slots;
}
