/**
 * The unit tests' in-memory doubles, one set for every context: a clock, ids, the unit of work
 * and the repositories and ports behind it. Fixtures (people, bookings) are in fixtures.ts and
 * booking-fixtures.ts. Not used by production code.
 */
export * from './clock';
export * from './ids';
export * from './memory-bookings';
export * from './memory-repositories';
export * from './unit-of-work';
export * from './fake-payment-gateway';
