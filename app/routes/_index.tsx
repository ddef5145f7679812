import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { toActor } from '../../domain/accounts/users/user';
import { pagePath } from '../navigation/pages';
import { homePageFor } from '../navigation/routing';
import { getCurrentUser } from '~/auth/guards.server';
import { isGoogleConfigured } from '~/auth/google.server';
import { LoginDialog } from '~/components/auth/login-dialog';
import { LandingPage } from '~/components/landing/landing-page';

export const meta: MetaFunction = () => [{ title: 'FACT — Expert football coaching, one to one' }];

/** SPEC §2 Landing; with next=dashboard (after sign-in) it sends the person to their home page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request, context);
  const home = user ? pagePath(homePageFor(toActor(user))) : null;
  if (home && new URL(request.url).searchParams.get('next') === 'dashboard') throw redirect(home);
  return json({ home, googleConfigured: isGoogleConfigured(context) });
}

export default function Index() {
  const { home, googleConfigured } = useLoaderData<typeof loader>();
  const loginButton = home ? (
    <Link to={home} className="rounded-md bg-pitch-600 px-4 py-2 text-sm font-semibold text-white hover:bg-pitch-700">
      My dashboard
    </Link>
  ) : (
    <LoginDialog googleConfigured={googleConfigured} />
  );
  return <LandingPage loginButton={loginButton} />;
}
