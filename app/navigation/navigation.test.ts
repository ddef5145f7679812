import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/policy/actor';
import { menuFor } from './menus';
import { pageFromPath, pagePath, pageUrl, PAGES } from './pages';
import { homePageFor, postLoginDestination, redirectFor } from './routing';

const admin: Actor = { userId: 'a', role: 'admin', userType: 'client' };
const coach: Actor = { userId: 'c', role: 'user', userType: 'coach' };
const client: Actor = { userId: 'u', role: 'user', userType: 'client' };

describe('menus (SPEC §2)', () => {
  it('gives admins Admin Dashboard and Messages', () => {
    expect(menuFor(admin).map((i) => [i.label, i.href])).toEqual([
      ['Admin Dashboard', '/AdminDashboard'],
      ['Messages', '/Messages'],
    ]);
  });
  it('gives coaches Dashboard, Availability, Earnings, Messages and Profile', () => {
    expect(menuFor(coach).map((i) => [i.label, i.href])).toEqual([
      ['Dashboard', '/CoachDashboard'],
      ['Availability', '/CoachAvailability'],
      ['Earnings', '/CoachEarnings'],
      ['Messages', '/Messages'],
      ['Profile', '/CoachProfile'],
    ]);
  });
  it('gives clients Find Coaches, My Bookings, Messages and Profile', () => {
    expect(menuFor(client).map((i) => [i.label, i.href])).toEqual([
      ['Find Coaches', '/FindCoaches'],
      ['My Bookings', '/MyBookings'],
      ['Messages', '/Messages'],
      ['Profile', '/UserProfile'],
    ]);
  });
  it('gives signed-out visitors no menu', () => {
    expect(menuFor(null)).toEqual([]);
  });
});

describe('pages and paths', () => {
  it('matches routes case-insensitively', () => {
    expect(pageFromPath('/findcoaches')).toBe('FindCoaches');
    expect(pageFromPath('/FINDCOACHES/')).toBe('FindCoaches');
    expect(pageFromPath('/Conversation?booking_id=x')).toBe('Conversation');
  });
  it('treats the root and the empty path as Landing and unknown paths as nothing', () => {
    expect(pageFromPath('/')).toBe('Landing');
    expect(pageFromPath('')).toBe('Landing');
    expect(pageFromPath('/nowhere')).toBeNull();
  });
  it('names every page by its path and builds query strings without empty values', () => {
    for (const page of PAGES) expect(pageFromPath(pagePath(page))).toBe(page);
    expect(pageUrl('Register', { type: 'coach' })).toBe('/Register?type=coach');
    expect(pageUrl('CoachProfile', { userId: '' })).toBe('/CoachProfile');
  });
});

describe('post-login routing (SPEC §4 Session)', () => {
  it('sends coaches with pending profile data to CoachDashboard and others to FindCoaches', () => {
    expect(postLoginDestination(coach, { hadPendingProfileData: true })).toBe('CoachDashboard');
    expect(postLoginDestination(client, { hadPendingProfileData: true })).toBe('FindCoaches');
    expect(postLoginDestination(admin, { hadPendingProfileData: true })).toBe('FindCoaches');
  });
  it('otherwise sends admins to AdminDashboard, coaches to CoachDashboard and everyone else to FindCoaches', () => {
    expect(postLoginDestination(admin, { hadPendingProfileData: false })).toBe('AdminDashboard');
    expect(postLoginDestination(coach, { hadPendingProfileData: false })).toBe('CoachDashboard');
    expect(postLoginDestination(client, { hadPendingProfileData: false })).toBe('FindCoaches');
    expect(homePageFor(client)).toBe('FindCoaches');
  });
});

describe('redirects (SPEC §2)', () => {
  it('sends admins away from FindCoaches, MyBookings and their own profile pages to AdminDashboard', () => {
    expect(redirectFor('FindCoaches', admin)).toBe('AdminDashboard');
    expect(redirectFor('MyBookings', admin)).toBe('AdminDashboard');
    expect(redirectFor('UserProfile', admin)).toBe('AdminDashboard');
    expect(redirectFor('CoachProfile', admin, { viewingUserId: 'a' })).toBe('AdminDashboard');
  });
  it("lets admins view another user's profile read-only", () => {
    expect(redirectFor('UserProfile', admin, { viewingUserId: 'u' })).toBeNull();
    expect(redirectFor('CoachProfile', admin, { viewingUserId: 'c' })).toBeNull();
    expect(redirectFor('AdminUsers', admin)).toBeNull();
    expect(redirectFor('DataDiagnostic', admin)).toBeNull();
  });
  it('sends coaches on admin pages to CoachDashboard and others to FindCoaches', () => {
    for (const page of ['AdminDashboard', 'AdminUsers', 'AdminBookings', 'DataDiagnostic'] as const) {
      expect(redirectFor(page, coach)).toBe('CoachDashboard');
      expect(redirectFor(page, client)).toBe('FindCoaches');
    }
  });
  it('sends signed-out visitors to Landing except from public pages', () => {
    expect(redirectFor('MyBookings', null)).toBe('Landing');
    expect(redirectFor('Register', null)).toBeNull();
    expect(redirectFor('PrivacyPolicy', null)).toBeNull();
    expect(redirectFor('Terms', null)).toBeNull();
  });
  it('keeps clients out of the coach dashboard and sends them from their own coach profile to UserProfile', () => {
    expect(redirectFor('CoachDashboard', client)).toBe('FindCoaches');
    expect(redirectFor('CoachEarnings', client)).toBe('FindCoaches');
    expect(redirectFor('CoachEarnings', admin)).toBe('AdminDashboard');
    expect(redirectFor('CoachEarnings', coach)).toBeNull();
    expect(redirectFor('CoachAvailability', client)).toBe('FindCoaches');
    expect(redirectFor('CoachAvailability', admin)).toBe('AdminDashboard');
    expect(redirectFor('CoachAvailability', coach)).toBeNull();
    expect(redirectFor('CoachAvailability', null)).toBe('Landing');
    expect(redirectFor('CoachProfile', client)).toBe('UserProfile');
    expect(redirectFor('CoachProfile', client, { viewingUserId: 'c' })).toBeNull();
    expect(redirectFor('MyBookings', coach)).toBeNull();
  });
});
