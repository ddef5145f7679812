import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction, useLoaderData, useRouteError } from '@remix-run/react';
import { useNonce } from '~/csp-nonce';
import { isQueryOnlyNavigation } from '~/revalidation';
import { Stylesheet } from '~/inline-stylesheet';
import { Toaster } from '~/components/toaster';
import { getToast } from '~/toast.server';
import stylesheet from '~/tailwind.css';

/** The flash toast of the previous action or redirect (app/toast.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  return json({ toast }, { headers });
}

/** Cheap (one cookie): run on every navigation so a toast set by any redirect or mutation shows, but a filter change on the page (same path, a new query) is the page's loader alone. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !isQueryOnlyNavigation(args);

// A 32 px PNG, not the SVG it is drawn from (public/favicon.svg): Chromium fetches the icon again
// on every in-app navigation and renders an SVG icon as a document on the page's main thread.
/** A refused page's Retry-After (the public pages' view limit) goes out with the error page that says when to come back. */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers();
  const retryAfter = errorHeaders?.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.png', type: 'image/png', sizes: '32x32' }];

export const meta: MetaFunction = () => [{ title: 'FACT — Football Academy Coaching & Training' }, { name: 'description', content: 'Book one-to-one football coaching with verified coaches.' }];

const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Stylesheet href={stylesheet} />
        <Links />
        {/* Before any module: zod must not probe `new Function`, which the CSP forbids (no eval). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} />
      </head>
      <body className="min-h-full bg-slate-50 font-sans antialiased">
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
  const title = status === 404 ? 'Page not found' : status === 403 ? 'Not allowed' : status === 429 ? 'Too many requests' : 'Something went wrong';
  // A rate limit's answer carries its own words: when the visitor may come back.
  const limitText = status === 429 && isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-sm font-semibold text-pitch-700">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-600">{limitText ?? (status === 500 ? 'Please try again in a moment.' : 'The page you asked for is not available to you.')}</p>
      <Link to="/" className="rounded-md bg-pitch-600 px-4 py-2 font-medium text-white hover:bg-pitch-700">
        Back to Home
      </Link>
    </main>
  );
}
