import { json, type ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/auth/guards.server';
import { askForDeletion, isMultipart, readForm, savePhoto, saveProfile } from './profile-actions.server';
import { saveNewPassword } from './password-actions.server';
import { dropPlayer, savePlayer } from './player-actions.server';
import { dropPackage, savePackage } from '~/packages/package-actions.server';

/** The actions of UserProfile and CoachProfile, by intent (the photo upload is the multipart one). */
export async function profileAction({ request, context }: ActionFunctionArgs, page: 'UserProfile' | 'CoachProfile') {
  const user = await requireUser(request, context);
  if (isMultipart(request)) return savePhoto(request, context, user);
  const form = await readForm(request);
  switch (form.intent) {
    case 'profile':
      return saveProfile(context, user, form, page === 'CoachProfile' && user.userType === 'coach');
    case 'delete-account':
      return askForDeletion(context, user, form);
    case 'password':
      return saveNewPassword(request, context, user, form);
    case 'player-save':
      return savePlayer(context, user, form);
    case 'player-remove':
      return dropPlayer(context, user, form);
    case 'package-save':
      return savePackage(context, user, form);
    case 'package-retire':
      return dropPackage(context, user, form);
    default:
      return json({ ok: false, intent: 'unknown', code: 'UNKNOWN_INTENT', message: 'Unknown action', fieldErrors: {} }, { status: 400 });
  }
}
