import { redirect } from '@remix-run/node';

/** SPEC §2: an unknown path falls back to the first page (Landing). */
export const loader = () => redirect('/');
export const action = () => redirect('/');
