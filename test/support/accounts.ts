import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createApplication, type Application } from '../../adapters/composition-root';
import { loadEnv } from '../../adapters/config/env';
import { createLogger } from '../../adapters/logging/logger';
import type { Role } from '../../domain/policy/actor';
import { registerWithEmail } from '../../domain/accounts/sign-in/use-cases/register-with-email';
import { verifyEmail } from '../../domain/accounts/sign-in/use-cases/verify-email';
import type { User } from '../../domain/accounts/users/user';
import type { AgeGroup, CoachingType, SessionTime } from '../../domain/shared/catalogue';
import type { TestDatabase } from './database';
import { TEST_HASH_COST } from './test-env';

/**
 * Accounts for other features' tests, made through the real use cases (registration, e-mail
 * verification) and repositories, so they are exactly what a person signing up would have.
 *
 *   const coach = await createUser(server.db, { userType: 'coach', email: 'coach@example.com' });
 *   await signIn(page, server.baseUrl, 'coach@example.com', DEFAULT_PASSWORD);
 */
export const DEFAULT_PASSWORD = 'correct-horse-42';

export interface NewUser {
  email?: string;
  password?: string;
  fullName?: string;
  role?: Role;
  userType?: 'client' | 'coach';
  /** Default true: the account can sign in at once. */
  verified?: boolean;
  phone?: string;
  location?: string;
  bio?: string;
  preferredCoachingTypes?: CoachingType[];
  preferredSessionTimes?: SessionTime[];
  /** Coaches: whole pounds (default 50). */
  hourlyRate?: number;
  servicesOffered?: CoachingType[];
  ageGroups?: AgeGroup[];
  credentials?: string[];
  serviceRadius?: number;
}

export interface CreatedUser {
  user: User;
  email: string;
  password: string;
}

let counter = 0;
const isApplication = (target: unknown): target is Application => typeof (target as Application).deps === 'function';

/** A short-lived Application on a test database (e.g. a browser test's server.db). */
async function withApplication<T>(target: Application | TestDatabase, work: (app: Application) => Promise<T>): Promise<T> {
  if (isApplication(target)) return work(target);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fact-accounts-'));
  const env = loadEnv({ NODE_ENV: 'test', FACT_TEST_MODE: '1', ...TEST_HASH_COST, DATABASE_URL: target.url, LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await createApplication({
    env,
    logger: createLogger({ level: 'silent', pretty: false }),
    databaseUrl: target.url,
    sessionSecret: 'test-accounts-helper-secret-0123456789',
  });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

/** Registers (and by default verifies) a user; `role: 'admin'` promotes it afterwards. */
export async function createUser(target: Application | TestDatabase, input: NewUser = {}): Promise<CreatedUser> {
  const userType = input.userType ?? 'client';
  const email = (input.email ?? `${userType}-${Date.now().toString(36)}-${++counter}@example.com`).toLowerCase();
  const password = input.password ?? DEFAULT_PASSWORD;
  return withApplication(target, async (app) => {
    const deps = app.deps();
    const registered = await registerWithEmail(deps, {
      email,
      password,
      fullName: input.fullName ?? (userType === 'coach' ? 'Casey Coach' : 'Chris Client'),
      phone: input.phone ?? '+44 7700 900123',
      location: input.location ?? 'London',
      bio: input.bio ?? '',
      userType,
      preferredCoachingTypes: input.preferredCoachingTypes ?? [],
      preferredSessionTimes: input.preferredSessionTimes ?? [],
      confirmAge: 'on',
      ...(userType === 'coach'
        ? {
            hourlyRate: String(input.hourlyRate ?? 50),
            servicesOffered: input.servicesOffered ?? ['striker', 'midfield'],
            ageGroups: input.ageGroups ?? ['under_16', 'adults'],
            credentials: input.credentials ?? [],
            serviceRadius: String(input.serviceRadius ?? 25),
          }
        : {}),
    });
    if (!registered.ok) throw new Error(`createUser(${email}): ${registered.error.message}`);
    if (registered.value.outcome !== 'created') throw new Error(`createUser(${email}): the email already has an account`);
    let user = registered.value.user;
    if (input.verified ?? true) {
      const token = await deps.tokens.issue({ userId: user.id, email: user.email }, deps.clock.now());
      const verified = await verifyEmail(deps, { token });
      if (!verified.ok) throw new Error(`createUser(${email}): ${verified.error.message}`);
      user = verified.value;
    }
    if (input.role === 'admin') {
      const promoted = await app.deps().uow.transaction(async (tx) => {
        const loaded = await tx.users.findById(user.id);
        const admin = { ...loaded!, role: 'admin' as const };
        const saved = await tx.users.save(admin);
        return saved.ok ? { ok: true as const, value: admin } : saved;
      });
      if (!promoted.ok) throw new Error(`createUser(${email}): ${promoted.error.message}`);
      user = promoted.value;
    }
    return { user, email, password };
  });
}

/**
 * Signs a browser page in without the dialog (the same POST the dialog makes; the cookie lands
 * in the page's context) and opens the page the person lands on. Returns that URL.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string = DEFAULT_PASSWORD): Promise<string> {
  const response = await page.request.post(`${baseUrl}/auth/login`, { form: { email, password }, headers: { Origin: baseUrl }, maxRedirects: 0 });
  const location = response.headers()['location'];
  if (response.status() !== 302 || !location) {
    throw new Error(`signIn(${email}) failed: ${response.status()} ${await response.text()}`);
  }
  const target = new URL(location, baseUrl).toString();
  await page.goto(target);
  return page.url();
}

/** The development mailer's outbox (JSON Lines), newest last. */
export function readOutbox(file: string): { to: string; subject: string; text: string; html: string }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { to: string; subject: string; text: string; html: string });
}

/** The newest verification link mailed to `email` (waits up to `timeoutMs` for it). */
export async function verificationLinkFor(outboxFile: string, email: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readOutbox(outboxFile)
      .reverse()
      .find((m) => m.to === email.toLowerCase());
    const link = /https?:\/\/\S+\/auth\/verify\?token=\S+/.exec(mail?.text ?? '')?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no verification mail for ${email} in ${outboxFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A fresh data directory for a test server (uploads and the mail outbox land there). */
export function tempDataDir(): { dir: string; outbox: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fact-e2e-'));
  return { dir, outbox: path.join(dir, 'mail-outbox.jsonl') };
}
