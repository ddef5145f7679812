import type { MetaDescriptor } from '@remix-run/node';

/**
 * A public page's <title>, meta description and canonical link (decision 048): what a search
 * engine or a shared link shows, and the one address of the page whatever filters were added.
 */
export interface PublicPageMeta {
  readonly title: string;
  readonly description: string;
  /** An absolute address: the page without filters or paging. */
  readonly canonical: string;
}

export function publicPageMeta(meta: PublicPageMeta): MetaDescriptor[] {
  return [{ title: meta.title }, { name: 'description', content: meta.description }, { tagName: 'link', rel: 'canonical', href: meta.canonical }];
}

/** The description of a coach's profile: who they are, where, and from what price. */
export function coachProfileDescription(coach: { name: string; place: string | null; services: readonly string[]; priceFrom: string }): string {
  const where = coach.place ? ` in ${coach.place}` : '';
  const what = coach.services.length > 0 ? ` ${coach.services.join(', ')}.` : '';
  return `Book one-to-one football coaching with ${coach.name}${where}.${what} Sessions from ${coach.priceFrom}.`.slice(0, 300);
}

export const FIND_COACHES_DESCRIPTION = 'Browse football coaches near you on FACT: compare services, session prices, ratings and free times, then book a one-to-one session.';
