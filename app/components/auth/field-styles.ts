/** Shared look of the accounts forms. */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-pitch-600 focus:outline-none focus:ring-2 focus:ring-pitch-600/30 aria-[invalid=true]:border-red-500 sm:text-sm';
export const labelClass = 'mb-1.5 block text-sm font-medium text-slate-800';
export const primaryButtonClass =
  'inline-flex items-center justify-center rounded-lg bg-pitch-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-pitch-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-60';
export const errorTextClass = 'mt-1 text-sm text-red-700';
