import { EmailPreferences } from '~/components/profile/email-preferences';
import { useCurrentUser } from '~/components/shell/shell-user';

/** SPEC §2 UserProfile (the full form arrives with the profile work). */
export default function UserProfilePage() {
  const user = useCurrentUser();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">My Profile</h1>
      <p className="mt-2 text-slate-600">{user.displayName}</p>
      <EmailPreferences />
    </div>
  );
}
