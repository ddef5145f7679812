/** The server's copy of the booking-reference search, rendered into the page (reference-search.tsx). */
export { ReferenceSearchForm } from './reference-search-form';
