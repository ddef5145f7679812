import { describe, expect, it } from 'vitest';
import { coachProfileDescription, publicPageMeta } from './page-meta';

describe("a public page's description for search engines and shared links", () => {
  it('names the coach, the place, the services and the least price', () => {
    expect(coachProfileDescription({ name: 'Priya Shah', place: 'Leeds', services: ['Striker & Finishing', 'Goalkeeping'], priceFrom: '£25' })).toBe(
      'Book one-to-one football coaching with Priya Shah in Leeds. Striker & Finishing, Goalkeeping. Sessions from £25.',
    );
  });

  it('leaves out a place or services the coach has not given', () => {
    expect(coachProfileDescription({ name: 'Sam', place: null, services: [], priceFrom: '£40' })).toBe('Book one-to-one football coaching with Sam. Sessions from £40.');
  });

  it('stays short enough for a search result however long the profile is', () => {
    expect(coachProfileDescription({ name: 'N'.repeat(400), place: null, services: [], priceFrom: '£1' }).length).toBeLessThanOrEqual(300);
  });

  it('gives the title, the description and the canonical link', () => {
    expect(publicPageMeta({ title: 'T', description: 'D', canonical: 'https://fact.example/FindCoaches' })).toEqual([
      { title: 'T' },
      { name: 'description', content: 'D' },
      { tagName: 'link', rel: 'canonical', href: 'https://fact.example/FindCoaches' },
    ]);
  });
});
