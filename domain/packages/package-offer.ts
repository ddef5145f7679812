import { invalid, type DomainError } from '../shared/errors';
import { isId, type Id } from '../shared/ids';
import { formatPence, type Pence } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import { isSessionMinutes, offeredLengths, type SessionMinutes, type SessionOffer } from '../shared/session-lengths';

/**
 * A package a coach offers (PRODUCT.md 'Packages and weekly series'): N sessions of one length for
 * one total price, valid for some weeks after purchase. A purchase copies the offer's terms, so
 * editing or retiring an offer never changes a package already bought.
 */
export const PACKAGE_RULES = {
  maxOffers: 3,
  minSessions: 2,
  maxSessions: 20,
  minValidityWeeks: 4,
  maxValidityWeeks: 52,
  maxTitleLength: 60,
} as const;

/** The rules' words, shared by the form's parser and the rules themselves. */
export const PACKAGE_MESSAGES = {
  sessions: `A package has ${PACKAGE_RULES.minSessions} to ${PACKAGE_RULES.maxSessions} sessions.`,
  durationMinutes: 'Choose one of the session lengths you offer.',
  wholePounds: 'The price must be a whole number of pounds.',
  validityWeeks: `A package is valid for ${PACKAGE_RULES.minValidityWeeks} to ${PACKAGE_RULES.maxValidityWeeks} weeks.`,
  title: `The title can be at most ${PACKAGE_RULES.maxTitleLength} characters.`,
} as const;

export interface PackageOffer {
  readonly id: Id;
  readonly coachId: Id;
  readonly sessions: number;
  readonly durationMinutes: SessionMinutes;
  /** The sessions' price in whole pounds, without the admin fee. */
  readonly totalPricePence: Pence;
  readonly validityWeeks: number;
  readonly title: string | null;
  /** A retired offer is no longer sold; packages bought from it are unchanged. */
  readonly retiredAt: Date | null;
}

export interface PackageOfferForm {
  readonly sessions: number;
  readonly durationMinutes: number;
  readonly totalPricePence: number;
  readonly validityWeeks: number;
  readonly title: string | null;
}

export type PackageTerms = Omit<PackageOfferForm, 'durationMinutes' | 'title'> & { readonly durationMinutes: SessionMinutes; readonly title: string | null };

const whole = (n: number) => Number.isSafeInteger(n);

/** What one session of `minutes` costs singly at this coach, or null when the coach does not offer that length. */
export function singleSessionPrice(offer: SessionOffer, minutes: number): Pence | null {
  return offeredLengths(offer).find((l) => l.minutes === minutes)?.pricePence ?? null;
}

/**
 * Checks an offer's terms against the coach's own single-session prices: a package can never cost
 * more than the same sessions bought one by one.
 */
export function validatePackageTerms(form: PackageOfferForm, coachOffer: SessionOffer): Result<PackageTerms> {
  const errors: Record<string, string[]> = {};
  const add = (name: string, message: string) => (errors[name] ??= []).push(message);
  const { minSessions, maxSessions, minValidityWeeks, maxValidityWeeks, maxTitleLength } = PACKAGE_RULES;
  if (!whole(form.sessions) || form.sessions < minSessions || form.sessions > maxSessions) add('sessions', PACKAGE_MESSAGES.sessions);
  const single = isSessionMinutes(form.durationMinutes) ? singleSessionPrice(coachOffer, form.durationMinutes) : null;
  if (single === null) add('durationMinutes', PACKAGE_MESSAGES.durationMinutes);
  if (!whole(form.totalPricePence) || form.totalPricePence <= 0 || form.totalPricePence % 100 !== 0) add('totalPricePence', PACKAGE_MESSAGES.wholePounds);
  else if (single !== null && whole(form.sessions) && form.totalPricePence > single * form.sessions)
    add('totalPricePence', `A package can't cost more than ${form.sessions} single sessions (${formatPence(single * form.sessions)}).`);
  if (!whole(form.validityWeeks) || form.validityWeeks < minValidityWeeks || form.validityWeeks > maxValidityWeeks) add('validityWeeks', PACKAGE_MESSAGES.validityWeeks);
  const title = form.title?.trim() ? form.title.trim() : null;
  if (title !== null && title.length > maxTitleLength) add('title', PACKAGE_MESSAGES.title);
  const first = Object.values(errors)[0]?.[0];
  if (first !== undefined) return err(invalid('INVALID_PACKAGE', first, errors));
  return ok({ ...form, durationMinutes: form.durationMinutes as SessionMinutes, title });
}

/** A coach sells at most three packages at a time. */
export function canOfferAnother(activeOffers: readonly Pick<PackageOffer, 'retiredAt'>[]): Result<true> {
  const active = activeOffers.filter((o) => o.retiredAt === null).length;
  return active < PACKAGE_RULES.maxOffers ? ok(true) : err(tooManyOffers());
}

const tooManyOffers = (): DomainError => invalid('TOO_MANY_PACKAGES', `You can offer up to ${PACKAGE_RULES.maxOffers} packages. Retire one to add another.`);

export interface PackageSaving {
  /** The same sessions bought one by one. */
  readonly singlesPence: Pence;
  readonly savingPence: Pence;
  /** Whole per cent, rounded down: never more than the real saving. */
  readonly savingPercent: number;
}

/** What a package saves against single sessions of its length (the admin fee is charged once either way per purchase). */
export function packageSaving(terms: Pick<PackageTerms, 'sessions' | 'totalPricePence'>, singlePricePence: Pence): PackageSaving {
  const singlesPence = singlePricePence * terms.sessions;
  const savingPence = Math.max(0, singlesPence - terms.totalPricePence);
  return { singlesPence, savingPence, savingPercent: singlesPence === 0 ? 0 : Math.floor((savingPence * 100) / singlesPence) };
}

/**
 * A stored offer, re-validated: the database's checks mirror these rules, so a row that fails
 * here is a corrupted store.
 */
export function parsePackageOffer(row: {
  id: Id;
  coachId: Id;
  sessions: number;
  durationMinutes: number;
  totalPricePence: number;
  validityWeeks: number;
  title: string | null;
  retiredAt: Date | null;
}): Result<PackageOffer> {
  const { minSessions, maxSessions, minValidityWeeks, maxValidityWeeks, maxTitleLength } = PACKAGE_RULES;
  const raw: unknown = row;
  if (typeof raw !== 'object' || raw === null) return err(invalid('INVALID_PACKAGE_ROW', 'A stored package is not a record.'));
  const valid =
    isId(row.id) &&
    isId(row.coachId) &&
    (row.retiredAt === null || (row.retiredAt instanceof Date && !Number.isNaN(row.retiredAt.getTime()))) &&
    whole(row.sessions) &&
    row.sessions >= minSessions &&
    row.sessions <= maxSessions &&
    isSessionMinutes(row.durationMinutes) &&
    whole(row.totalPricePence) &&
    row.totalPricePence > 0 &&
    whole(row.validityWeeks) &&
    row.validityWeeks >= minValidityWeeks &&
    row.validityWeeks <= maxValidityWeeks &&
    (row.title === null || (typeof row.title === 'string' && row.title.length > 0 && row.title.length <= maxTitleLength));
  if (!valid) return err(invalid('INVALID_PACKAGE_ROW', `Stored package ${row.id} breaks the package rules.`));
  return ok({ ...row, durationMinutes: row.durationMinutes as SessionMinutes });
}
