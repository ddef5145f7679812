import * as z from 'zod';
import { DATE_PATTERN, formBoolean, optionalText, requiredText } from '../../validation/fields';
import { ageOn } from '../users/age-group';

/** The Players card's form (decision 017). `today` is London's date: the date of birth is checked against it. */
export const PLAYER_NAME_MAX_LENGTH = 50;
export const PLAYER_NOTES_MAX_LENGTH = 1000;
export const PLAYER_MAX_AGE = 100;

export const PLAYER_MESSAGES = {
  firstName: 'Please enter the player’s first name',
  lastName: 'Please enter the player’s last name',
  nameTooLong: `Names can be at most ${PLAYER_NAME_MAX_LENGTH} characters`,
  dateOfBirth: 'Please enter the player’s date of birth',
  dateInFuture: 'The date of birth must be in the past',
  tooOld: `The player must be younger than ${PLAYER_MAX_AGE}`,
  notesTooLong: `Notes for coaches can be at most ${PLAYER_NOTES_MAX_LENGTH} characters`,
} as const;

function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function playerFormSchema(today: string) {
  return z.object({
    firstName: requiredText(PLAYER_MESSAGES.firstName, PLAYER_NAME_MAX_LENGTH, PLAYER_MESSAGES.nameTooLong),
    lastName: requiredText(PLAYER_MESSAGES.lastName, PLAYER_NAME_MAX_LENGTH, PLAYER_MESSAGES.nameTooLong),
    dateOfBirth: z
      .string({ error: PLAYER_MESSAGES.dateOfBirth })
      .trim()
      .refine(isCalendarDate, { error: PLAYER_MESSAGES.dateOfBirth, abort: true })
      .refine((d) => d < today, { error: PLAYER_MESSAGES.dateInFuture, abort: true })
      .refine((d) => ageOn(d, today) < PLAYER_MAX_AGE, { error: PLAYER_MESSAGES.tooOld }),
    notes: optionalText(PLAYER_NOTES_MAX_LENGTH, PLAYER_MESSAGES.notesTooLong),
    guardianConsent: formBoolean().optional(),
  });
}
export type PlayerForm = z.output<ReturnType<typeof playerFormSchema>>;
