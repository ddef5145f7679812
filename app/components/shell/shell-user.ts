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

export const SHELL_ROUTE_ID = 'routes/_app';

/** The signed-in user, for any page inside the shell (`app/routes/_app.*`). */
export function useCurrentUser(): ShellUser {
  const data = useRouteLoaderData<ShellData>(SHELL_ROUTE_ID);
  if (!data) throw new Error('useCurrentUser() is only available inside the signed-in shell (app/routes/_app.*).');
  return data.user;
}
