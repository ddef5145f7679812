import { describe, expect, it } from 'vitest';
import type { PackageOffer } from '../../domain/packages/package-offer';
import { packageCard } from './package-view';

const offer: PackageOffer = {
  id: '00000000-0000-4000-8000-000000000001',
  coachId: '00000000-0000-4000-8000-000000000002',
  sessions: 5,
  durationMinutes: 60,
  totalPricePence: 20000,
  validityWeeks: 8,
  title: null,
  retiredAt: null,
};
const coach = { ratePence: 4500, lengths: [] };

describe('a package card', () => {
  it('states the sessions, the price per session and the saving against single sessions', () => {
    const card = packageCard(offer, coach);
    expect(card.name).toBe('5 sessions of 1 hour');
    expect(card.price).toBe('£200');
    expect(card.perSession).toBe('£40 a session');
    expect(card.saving).toBe('Save £25 (11%) on 5 single sessions');
    expect(card.validity).toBe('Use within 8 weeks of buying');
  });

  it('names the package by its title when the coach gave one', () => {
    expect(packageCard({ ...offer, title: 'Summer block' }, coach).name).toBe('Summer block');
  });

  it('claims no saving when the package costs what the single sessions do', () => {
    expect(packageCard({ ...offer, totalPricePence: 22500 }, coach).saving).toBeNull();
  });

  it('rounds the per-session price down, since the last session carries the remainder', () => {
    expect(packageCard({ ...offer, sessions: 3, totalPricePence: 10000 }, coach).perSession).toBe('£33.33 a session');
  });
});
