import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loader as rootLoader } from '../../../app/root';
import { loader as shellLoader } from '../../../app/routes/_app';
import { loader as adminBookingsLoader } from '../../../app/routes/_app.AdminBookings';
import { loader as adminBookingLoader } from '../../../app/routes/_app.AdminBookings_.$bookingId';
import type { AdminBookingRowView } from '../../../app/admin/admin-booking-view';
import { insertPerson, remixContext, requestAs, type Person } from '../../support/booking-flow';
import { runCli } from '../../support/cli';
import { createTestBooking } from '../../support/fixtures/bookings';
import { useHttpApp } from '../../support/http-app';
import { createPackageWorld, type PackageWorld } from '../../support/package-world';
import { countQueries } from '../../support/query-counter';

/**
 * AdminBookings, the booking page and `fact bookings show` say that a session was booked from a
 * package (decision 060): which package (its title, or 'N × M min'), which of its sessions, who
 * bought it and the purchase's id, and that a package credit paid for it, not a card. The world
 * (test/support/package-world.ts) has a package session in every state, and one booking paid by
 * card, which says nothing of packages.
 */
vi.setConfig({ testTimeout: 120_000 });
const http = useHttpApp();
let admin: Person;
let world: PackageWorld;
let cardBookingId = '';
let cookie = '';

const html = async (path: string) => {
  const res = await fetch(`${http.baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
  expect(res.status, path).toBe(200);
  // The text as a reader sees it: tags and React's comment markers out, entities back.
  return (await res.text())
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
};

beforeAll(async () => {
  admin = await insertPerson(http.db, { type: 'admin', name: 'Ada Admin' });
  world = await createPackageWorld(http.app, http.db);
  await http.db.query(`update package_purchases set title = 'Summer block' where id = $1`, [world.purchaseId]);
  cardBookingId = (await createTestBooking(http.app, { clientId: world.client.id, coachId: world.coach.id, startsAt: new Date(http.app.clock.now().getTime() + 9 * 86_400_000) })).id;
  cookie = await http.cookieFor(admin.id);
});

describe('package sessions on the admin pages', () => {
  it('lists each package session with its package, its session number and buyer, and what its credit did, in the page’s query budget', async () => {
    const request = await requestAs(http.app, admin.id, '/AdminBookings?status=all');
    const context = remixContext(http.app);
    const { count, queries, result } = await countQueries(() => Promise.all([rootLoader, shellLoader, adminBookingsLoader].map((l) => l({ request, context, params: {} }))));
    expect(count, queries.join('\n')).toBeLessThanOrEqual(4);
    const page = result[2] as { page: { items: AdminBookingRowView[] } };
    const row = (id: string) => page.page.items.find((b) => b.id === id)!;
    const s = world.sessions;
    const pkg = { purchaseId: world.purchaseId, title: 'Summer block', sessions: 6, durationMinutes: 60, clientId: world.client.id, clientName: 'Carl Credits' };
    expect(row(s.A.id).package).toEqual({ ...pkg, session: 1, credit: 'released' });
    expect(row(s.B.id).package).toEqual({ ...pkg, session: 2, credit: 'booked' });
    expect(row(s.C.id).package).toEqual({ ...pkg, session: null, credit: 'returned' });
    expect(row(s.D.id).package).toEqual({ ...pkg, session: 6, credit: 'used' });
    expect(row(s.E.id).package).toEqual({ ...pkg, session: null, credit: 'refunded' });
    expect(row(cardBookingId).package).toBeUndefined();

    const text = await html('/AdminBookings?status=all');
    expect(text).toContain(`Package Summer block (6 × 60 min) · session 2 of 6 · bought by Carl Credits purchase ${world.purchaseId}`);
    expect(text).toContain('Summer block (6 × 60 min) · its credit went back to the package');
    expect(text).toContain('Summer block (6 × 60 min) · its credit was refunded');
    for (const words of ['Paid with a package credit · paid to coach', 'Paid with a package credit · used: cancelled late', 'Credit returned to the package', '£33.33 refunded to the card'])
      expect(text).toContain(words);
    expect(text).toMatch(/£33\.33 Paid with a package credit Confirmed/);
  });

  it('shows the package on the booking page, in one statement besides the session’s', async () => {
    const id = world.sessions.B.id;
    const request = await requestAs(http.app, admin.id, `/AdminBookings/${id}`);
    const { count, queries } = await countQueries(() => adminBookingLoader({ request, context: remixContext(http.app), params: { bookingId: id } }));
    expect(count, queries.join('\n')).toBeLessThanOrEqual(2);
    const text = await html(`/AdminBookings/${id}`);
    expect(text).toContain('Package Summer block (6 × 60 min) · session 2 of 6 · bought by Carl Credits');
    expect(text).toContain(`Purchase ${world.purchaseId}`);
    expect(text).toContain('Price £33.33: one credit of the package (its admin fee was paid with the purchase)');
    expect(text).toContain('Payment Paid with a package credit');
    // A card booking's page is as before.
    const card = await html(`/AdminBookings/${cardBookingId}`);
    expect(card).toContain('Price £50.00 + £3.00 fee = £53.00');
    expect(card).not.toContain('Summer block');
    expect(card).toContain('Payment Authorised');
  });

  it('prints the same in `fact bookings show`, and marks package sessions in `fact bookings search`', async () => {
    const [shown, json, search] = await Promise.all([
      runCli(http.db.url, ['bookings', 'show', world.sessions.D.ref]),
      runCli(http.db.url, ['bookings', 'show', world.sessions.B.ref, '--json']),
      runCli(http.db.url, ['bookings', 'search', world.sessions.B.ref]),
    ]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(
      new RegExp(`package:\\s+Summer block \\(6 × 60 min\\) · session 6 of 6 · bought by Carl Credits \\(purchase ${world.purchaseId}: fact packages show ${world.purchaseId}\\)`),
    );
    expect(shown.stdout).toMatch(/price:\s+£33\.35: one credit of the package \(its admin fee was paid with the purchase\)/);
    expect(shown.stdout).toMatch(/payment:\s+Paid with a package credit · used: cancelled late; captured, no card payment of its own; captured £33\.35, refunded £0\.00/);
    expect(json.json<{ package: unknown }>().package).toMatchObject({ purchaseId: world.purchaseId, session: 2, credit: 'booked' });
    expect(search.stdout).toContain('captured (package)');
  });
});
