export type StatusColour = 'yellow' | 'green' | 'red' | 'blue' | 'grey';

/** SPEC §3: pending yellow, confirmed green, cancelled red, completed blue, others grey. */
export function bookingStatusColour(status: string): StatusColour {
  switch (status) {
    case 'pending':
      return 'yellow';
    case 'confirmed':
      return 'green';
    case 'cancelled':
      return 'red';
    case 'completed':
      return 'blue';
    default:
      return 'grey';
  }
}
