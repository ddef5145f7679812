import type { LoaderFunctionArgs } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { Outlet, useLoaderData } from '@remix-run/react';
import { displayName, toActor } from '../../domain/accounts/users/user';
import { getCurrentUser, requireUser } from '~/auth/guards.server';
import { isPublicBrowsingPath } from '~/auth/public-pages';
import { PublicShell } from '~/components/public/public-shell';
import { AppShell } from '~/components/shell/app-shell';
import type { PublicShellData, ShellData } from '~/components/shell/shell-user';
import { sidebarOpenFromCookie } from '~/components/shell/sidebar-state';
import { isQueryOnlyNavigation } from '~/revalidation';

export { useCurrentUser } from '~/components/shell/shell-user';

/**
 * The pathless layout of every signed-in page (`app/routes/_app.<Page>.tsx`): signed-out
 * visitors go to Landing with the login dialog, except on the public pages (FindCoaches and a
 * coach's profile, decision 048), which they see in the signed-out shell. The shell gets the
 * person's public fields only (the menu and the chips follow from role and user type, so the
 * shell derives them and they are not sent).
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<ShellData | PublicShellData> {
  if (isPublicBrowsingPath(new URL(request.url).pathname) && !(await getCurrentUser(request, context))) return { user: null };
  const user = await requireUser(request, context);
  const actor = toActor(user);
  const name = displayName(user);
  const data: ShellData = {
    user: {
      id: user.id,
      displayName: name,
      initial: name.trim().charAt(0).toUpperCase() || 'U',
      avatarUrl: user.avatarUrl,
      role: user.role,
      userType: actor.userType,
    },
    sidebarOpen: sidebarOpenFromCookie(request.headers.get('Cookie')),
  };
  return data;
}

/**
 * A new query on the same page (FindCoaches' filters, a tab, a page of AdminBookings) cannot change
 * who is signed in: the shell's data is not asked for again, so a filter change costs one request,
 * not two. Actions, other pages and explicit revalidations still refresh it.
 */
// A GET form (FindCoaches' filters) is a navigation too: only a mutation may change the shell.
export const shouldRevalidate: ShouldRevalidateFunction = (args) => (isQueryOnlyNavigation(args) ? false : args.defaultShouldRevalidate);

export default function SignedInLayout() {
  const data = useLoaderData<typeof loader>();
  if (!data.user) {
    return (
      <PublicShell>
        <Outlet />
      </PublicShell>
    );
  }
  return (
    <AppShell data={data}>
      <Outlet />
    </AppShell>
  );
}
