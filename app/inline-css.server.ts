import { readFileSync } from 'node:fs';
import stylesheet from '~/tailwind.css';

/** The routes a first visit lands on, where the stylesheet is inlined (app/inline-stylesheet.tsx). */
const LANDING_ROUTES = new Set(['routes/_index', 'routes/Landing']);

let cached: string | null | undefined;

/** The built stylesheet's text (public/build/…, beside the server build), read once; null if unreadable. */
function stylesheetText(): string | null {
  if (cached !== undefined) return cached;
  try {
    const text = readFileSync(new URL(`../public${stylesheet}`, import.meta.url), 'utf8');
    cached = text.includes('</') ? null : text; // never anything that could close the <style>
  } catch {
    cached = null;
  }
  return cached;
}

/** The stylesheet to inline for a page whose deepest route is `leafRouteId`, if it is a landing page. */
export function inlineCssFor(leafRouteId: string | undefined): string | undefined {
  if (!leafRouteId || !LANDING_ROUTES.has(leafRouteId)) return undefined;
  return stylesheetText() ?? undefined;
}
