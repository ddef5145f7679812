import { Form } from '@remix-run/react';
import { forwardRef, useId, type ComponentPropsWithoutRef } from 'react';

/**
 * The fetcher a card's form has while the server renders it (use-row-fetcher.ts): idle, no data,
 * made once. Its `Form` writes the same `<form>` as a fetcher's: react-router's form, without
 * Remix's `data-discover`.
 */
const ServerFetcherForm = forwardRef<HTMLFormElement, ComponentPropsWithoutRef<typeof Form>>(function ServerFetcherForm(props, ref) {
  return <Form {...props} discover="none" navigate={false} ref={ref} />;
});

const IDLE = {
  state: 'idle',
  data: undefined,
  formMethod: undefined,
  formAction: undefined,
  formEncType: undefined,
  formData: undefined,
  json: undefined,
  text: undefined,
  Form: ServerFetcherForm,
  submit: () => undefined,
  load: () => Promise.resolve(),
} as const;

/** `useId` once, as react-router's `useFetcher` does, so that the ids React renders after it are the same. */
export function useIdleFetcher(): typeof IDLE {
  useId();
  return IDLE;
}
