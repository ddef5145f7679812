import { readFileSync, existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookingEmailJobs } from '../../domain/notifications/booking-emails';
import { confirmedAndCaptured } from '../../domain/testing/booking-fixtures';
import { createUser, signIn, tempDataDir } from '../support/accounts';
import { screenshot, useBrowser } from '../support/browser';
import { useTestServer } from '../support/server';

const data = tempDataDir();

interface OutboxLine {
  to: string;
  subject: string;
  text: string;
  messageId?: string;
  calendar?: { method: string; content: string };
}

async function mailTo(email: string, timeoutMs = 10_000): Promise<OutboxLine> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = existsSync(data.outbox)
      ? readFileSync(data.outbox, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as OutboxLine)
      : [];
    const found = lines.find((l) => l.to === email && l.calendar);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no invite mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('email notifications in the running server', () => {
  const server = useTestServer({ DATA_DIR: data.dir, MAIL_OUTBOX_FILE: data.outbox });
  const browser = useBrowser();

  it('lets a person turn off an optional kind of email on their profile, not the essential ones', async () => {
    const client = await createUser(server.db, { fullName: 'Pat Player' });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, client.email, client.password);
    await page.goto(`${server.baseUrl}/UserProfile`);
    const section = page.getByRole('region', { name: 'Email notifications' });
    const digest = section.getByRole('switch', { name: 'Unread messages' });
    // The section loads its state once the page has hydrated (useLoadOnce).
    await section.scrollIntoViewIfNeeded();
    await digest.waitFor();
    expect(await digest.isChecked()).toBe(true);
    const payments = section.getByRole('switch', { name: 'Payments, cancellations and disputes' });
    expect(await payments.isChecked()).toBe(true);
    expect(await payments.isDisabled()).toBe(true);
    expect(await section.getByRole('switch', { name: 'New booking requests' }).count()).toBe(0);

    const saved = page.waitForResponse((r) => r.url().includes('/api/email-preferences') && r.request().method() === 'POST');
    // The switch is controlled: it shows the new state once the save is under way, so click and wait.
    await digest.click();
    await saved;
    await expect.poll(() => digest.isChecked(), { timeout: 10_000 }).toBe(false);
    await page.reload();
    // The section loads the saved choices after hydration: wait for them rather than racing it.
    const after = section.getByRole('switch', { name: 'Unread messages' });
    await after.waitFor();
    await expect.poll(() => after.isChecked(), { timeout: 10_000 }).toBe(false);
    const [row] = await server.db.query<{ email_preferences: unknown }>(`select email_preferences from users where id = $1`, [client.user.id]);
    expect(row!.email_preferences).toEqual({ message_digest: false });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'email-preferences-user-profile');
  });

  it("sends a queued email with its invite through the server's own worker and the local outbox", async () => {
    const client = await createUser(server.db, { fullName: 'Sam Client' });
    const coach = await createUser(server.db, { fullName: 'Alex Coach', userType: 'coach' });
    const booking = { ...confirmedAndCaptured(), id: randomUUID(), clientId: client.user.id, coachId: coach.user.id, version: 2 };
    const [job] = bookingEmailJobs({ event: 'accepted', booking, actorId: coach.user.id }, new Date());
    const [row] = await server.db.query<{ id: string }>(`insert into outbox_jobs (id, type, payload, dedupe_key) values (gen_random_uuid(), $1, $2::jsonb, $3) returning id`, [
      job!.type,
      JSON.stringify(job!.payload),
      job!.dedupeKey,
    ]);
    const mail = await mailTo(client.email);
    expect(mail.subject).toContain(booking.referenceCode);
    expect(mail.text).toContain('(London time)');
    expect(mail.messageId).toBe(`<email-${row!.id}@localhost>`);
    expect(mail.calendar!.method).toBe('REQUEST');
    expect(mail.calendar!.content).toContain(`UID:booking-${booking.id}@fact`);
  });
});
