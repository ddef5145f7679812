import { useRouteLoaderData } from '@remix-run/react';

/** What the shell (and every signed-in page) knows about the signed-in person. */
export interface ShellUser {
  readonly id: string;
  /** The full name, or 'User' (SPEC §2). */
  readonly displayName: string;
  readonly initial: string;
  readonly avatarUrl: string | null;
  readonly role: 'admin' | 'user';
  readonly userType: 'client' | 'coach';
}

export interface ShellData {
  readonly user: ShellUser;
  /** The desktop sidebar is expanded (cookie 'sidebar_state', 7 days). */
  readonly sidebarOpen: boolean;
}

/** What the layout sends a signed-out visitor of a public page (FindCoaches, a coach's profile). */
export interface PublicShellData {
  readonly user: null;
}

export const SHELL_ROUTE_ID = 'routes/_app';

/** The signed-in user, for any page inside the shell (`app/routes/_app.*`) that only members open. */
export function useCurrentUser(): ShellUser {
  const user = useViewer();
  if (!user) throw new Error('useCurrentUser() is only available inside the signed-in shell (app/routes/_app.*).');
  return user;
}

/** The signed-in user, or null on a public page opened signed out (decision 048). */
export function useViewer(): ShellUser | null {
  const data = useRouteLoaderData<ShellData | PublicShellData>(SHELL_ROUTE_ID);
  if (!data) throw new Error('useViewer() is only available inside the app layout (app/routes/_app.*).');
  return data.user;
}
