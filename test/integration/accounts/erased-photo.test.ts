import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { PHOTO_FILE_REMOVAL_JOB } from '../../../domain/accounts/media/photo-file';
import { requestDeletion } from '../../../domain/accounts/erasure/use-cases/request-deletion';
import { unwrap } from '../../../domain/shared/result';
import { createAppWorker, createServerWorker } from '../../../adapters/outbox/app-worker';
import { createUser } from '../../support/accounts';
import { runCli } from '../../support/cli';
import { sameOrigin, useHttpApp } from '../../support/http-app';
import { insertParty } from '../payments/payment-fixtures';

/**
 * Decision 038: an erased person's photo stops being served at once, whoever approves the
 * erasure. An administrator approving from the CLI with only DATABASE_URL set cannot reach the web
 * server's stored files: the photo's address answers 404 from the commit on, the CLI says the
 * file's removal is pending, and the web server's worker removes the file.
 */
vi.setConfig({ testTimeout: 120_000 });
const http = useHttpApp();

async function uploadPhoto(cookie: string): Promise<void> {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${http.baseUrl}/UserProfile`, { method: 'POST', body: form, headers: sameOrigin(http.baseUrl, { Cookie: cookie }) });
  expect(res.status, await res.text()).toBe(200);
}

async function photoUrlOf(userId: string): Promise<string | null> {
  const [row] = await http.db.query<{ avatar_url: string | null }>('select avatar_url from users where id = $1', [userId]);
  return row?.avatar_url ?? null;
}

const fileOf = (url: string) => path.join(http.app.env.DATA_DIR, ...url.split('/').filter(Boolean));
const removalJobs = () => http.db.query<{ status: string }>(`select status from outbox_jobs where type = $1`, [PHOTO_FILE_REMOVAL_JOB]);

describe("an erased person's photo", () => {
  it('is answered 404 as soon as the CLI approves the deletion, and its file is removed by the web server’s worker, not by `fact worker`', async () => {
    const { user } = await createUser(http.app, { email: 'photo-owner@example.com', fullName: 'Pia Photo' });
    const admin = await insertParty(http.db, 'admin');
    const [adminRow] = await http.db.query<{ email: string }>('select email from users where id = $1', [admin.id]);
    await uploadPhoto(await http.cookieFor(user.id));
    const url = (await photoUrlOf(user.id))!;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+-\d+\.jpg$/);
    expect((await fetch(`${http.baseUrl}${url}`)).status).toBe(200);
    expect(existsSync(fileOf(url))).toBe(true);

    unwrap(await requestDeletion(http.app.deps(), { actor: { userId: user.id, role: 'user', userType: 'client' }, form: { reason: 'Please' } }));
    // The CLI as the README runs it: only DATABASE_URL, its own DATA_DIR, no reach into the server's files.
    const approved = await runCli(http.db.url, ['deletion-requests', 'approve', 'photo-owner@example.com', '--as', adminRow!.email]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain("Removal of the photo file is pending: the web server's worker removes it");

    const answered = await fetch(`${http.baseUrl}${url}`);
    expect(answered.status).toBe(404);
    expect(answered.headers.get('cache-control') ?? '').not.toMatch(/public|immutable/);
    // The file is still on the server's disk, its removal queued.
    expect(existsSync(fileOf(url))).toBe(true);
    expect(await removalJobs()).toEqual([{ status: 'pending' }]);

    // A worker elsewhere (`fact worker`, the same handlers as createAppWorker) leaves the job to the server.
    const cliWorker = await runCli(http.db.url, ['worker', '--once']);
    expect(cliWorker.code, cliWorker.stderr).toBe(0);
    await createAppWorker(http.app).drain();
    expect(await removalJobs()).toEqual([{ status: 'pending' }]);
    expect(existsSync(fileOf(url))).toBe(true);

    // The web server's worker (OUTBOX_WORKER=off here: it runs only what the server alone can do).
    const outcome = await createServerWorker(http.app).drain();
    expect(outcome.failed).toBe(0);
    expect(await removalJobs()).toEqual([{ status: 'done' }]);
    expect(existsSync(fileOf(url))).toBe(false);
    expect((await fetch(`${http.baseUrl}${url}`)).status).toBe(404);
  });

  it('the CLI says nothing is pending for a person with no stored photo, and --json says the same', async () => {
    const { user } = await createUser(http.app, { email: 'no-photo@example.com' });
    const admin = await insertParty(http.db, 'admin');
    const [adminRow] = await http.db.query<{ email: string }>('select email from users where id = $1', [admin.id]);
    unwrap(await requestDeletion(http.app.deps(), { actor: { userId: user.id, role: 'user', userType: 'client' }, form: {} }));
    const approved = await runCli(http.db.url, ['deletion-requests', 'approve', 'no-photo@example.com', '--as', adminRow!.email, '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.json<{ photoFileRemoval: string | null }>().photoFileRemoval).toBeNull();
  });
});
