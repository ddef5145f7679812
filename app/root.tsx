import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useNavigate, useRouteError, type ShouldRevalidateFunction } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { AppLink } from '~/components/app-link';
import { useNonce } from '~/csp-nonce';
import { isQueryOnlyNavigation } from '~/revalidation';
import { Stylesheet } from '~/inline-stylesheet';
import { Toaster } from '~/components/toaster';
import { getToast } from '~/toast.server';
import stylesheet from '~/tailwind.css';

/** The flash toast of the previous action or redirect (app/toast.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  // Plain data unless a cookie goes with it: a document's render then takes it as it is (decision 010).
  return headers.has('Set-Cookie') ? json({ toast }, { headers }) : { toast };
}

/** Cheap (one cookie): run on every navigation so a toast set by any redirect or mutation shows, but a filter change on the page (same path, a new query) is the page's loader alone. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !isQueryOnlyNavigation(args);

export const meta: MetaFunction = () => [
  { title: 'FACT — Football Academy Coaching & Training' },
  { name: 'description', content: 'Book one-to-one football coaching with verified coaches.' },
];

const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';

/**
 * The click handler on the body for every `AppLink` of the page (decision 031): a plain click
 * navigates in the app, replacing the history entry when the link is the page already shown (as
 * `<Link>` and the browser do); a click with a modifier key, or on a link with another target, is
 * the browser's (a click event is the primary button's: the others fire `auxclick`). Here rather
 * than beside AppLink: only the root uses it, so the routes' shared chunk stays the link alone
 * (the JavaScript budget, issue 20 §4).
 */
function useAppLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-app-link]');
    if (!link || (link.target || '_self') !== '_self') return;
    event.preventDefault();
    navigate(link.getAttribute('href') ?? '/', { replace: link.href === window.location.href });
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const followAppLink = useAppLinkClicks();
  return (
    <html lang="en-GB" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Stylesheet href={stylesheet} />
        {/* The head's links are written here, not by Remix's <Links>, which gathered and deduplicated
            every matched route's `links` on each render (~1 % of a page's server CPU, issue 20 §2);
            no route exports `links` (test/architecture.test.ts). The stylesheet is <Stylesheet>'s.
            A 32 px PNG, not the SVG it is drawn from (public/favicon.svg): Chromium fetches the icon
            again on every in-app navigation and renders an SVG one as a document on the page's main
            thread, 26–32 ms at 4× CPU in the middle of a filter's results (issue 20 §4). */}
        <link rel="icon" href="/favicon.png" type="image/png" sizes="32x32" />
        {/* Before any module: zod must not probe `new Function`, which the CSP forbids (no eval). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} />
      </head>
      <body className="min-h-full bg-slate-50 font-sans antialiased" onClick={followAppLink}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <Toaster serverToast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? 'Page not found' : status === 403 ? 'Not allowed' : 'Something went wrong';
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-sm font-semibold text-pitch-700">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-600">
        {status === 500 ? 'Please try again in a moment.' : 'The page you asked for is not available to you.'}
      </p>
      <AppLink to="/" className="rounded-md bg-pitch-600 px-4 py-2 font-medium text-white hover:bg-pitch-700">
        Back to Home
      </AppLink>
    </main>
  );
}
