import { createContext, useContext } from 'react';

/**
 * The site's one stylesheet, as a `<link>` — or, on the landing page (a first visit, where one
 * more round trip on a slow phone network is most of the Largest Contentful Paint), inlined in a
 * `<style>` the server fills in (entry.server.tsx, app/inline-css.server.ts). In the browser the
 * inlined text is read back from the page, so hydration matches and later navigations keep it.
 */
export const InlineCssContext = createContext<string | undefined>(undefined);

const INLINE_ID = 'inline-css';
const inlinedAtLoad: string | undefined = typeof document === 'undefined' ? undefined : (document.getElementById(INLINE_ID)?.textContent ?? undefined);

export function Stylesheet({ href }: { href: string }) {
  const css = useContext(InlineCssContext) ?? inlinedAtLoad;
  if (css !== undefined) return <style id={INLINE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
  return <link rel="stylesheet" href={href} />;
}
