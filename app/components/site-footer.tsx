import { Link } from '@remix-run/react';
import { PRODUCT_NAME } from './brand';

/**
 * SPEC "Shared shell": the signed-in footer adds the notice; signed-out visitors get the plain one.
 * Plain app links (the body follows them): memoised in the shell, it renders again on no navigation.
 */
export function SiteFooter({ signedIn = false }: { signedIn?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-6 text-sm text-slate-600 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>{`© ${year} ${PRODUCT_NAME}. All rights reserved.`}</p>
        {signedIn ? <p className="text-slate-500">We're constantly improving! Some features may be temporarily unavailable during updates...</p> : null}
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/PrivacyPolicy" className="hover:text-pitch-700 hover:underline">
            Privacy
          </Link>
          <Link to="/Terms" className="hover:text-pitch-700 hover:underline">
            Terms
          </Link>
        </nav>
      </div>
    </footer>
  );
}
