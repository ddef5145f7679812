import { createContext, useContext } from 'react';

/**
 * What a refused form held when it was posted as a page (before the page's code loaded, or
 * without JavaScript): its fields show it again instead of the stored values, so nothing typed is
 * lost. With JavaScript the form is posted by a fetcher and its fields keep their text themselves.
 * Keyed as the server read the form (collectFormEntries: `name[]` is the list `name`).
 */
const SubmittedValues = createContext<Readonly<Record<string, unknown>> | null>(null);

export const SubmittedValuesProvider = SubmittedValues.Provider;

/** The text posted in `name`, or `stored` when the form was not posted back refused. */
export function useSubmittedText(name: string, stored: string): string {
  const value = useContext(SubmittedValues)?.[name];
  return typeof value === 'string' ? value : stored;
}

/** The boxes ticked in the list `name`, or `stored`. */
export function useSubmittedList(name: string, stored: readonly string[]): readonly string[] {
  const submitted = useContext(SubmittedValues);
  if (!submitted || !(name in submitted)) return stored;
  const value = submitted[name];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === 'string' && v !== '');
}
