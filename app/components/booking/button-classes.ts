/**
 * The class names of fields and buttons, apart from the modal: a page that only
 * styles a button does not load the dialog code. Named in app/tailwind.css's components layer
 * (repeated on every card of a list page).
 */
export const inputClass = 'field';
export const labelClass = 'mb-1 block text-sm font-medium text-slate-700';
export const primaryButton = 'btn btn-p';
export const secondaryButton = 'btn btn-s';
export const dangerButton = 'btn btn-d';
/** A destructive action that is not the main one (Cancel on a booking card). */
export const dangerOutlineButton = 'btn btn-do';
