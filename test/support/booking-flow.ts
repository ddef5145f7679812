import { randomUUID } from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import type { Application } from '../../adapters/composition-root';
import { sessionStorageFor } from '../../app/auth/session.server';
import type { Actor } from '../../domain/policy/actor';
import type { TestDatabase } from './database';

/**
 * Booking-journey fixtures: people inserted straight into the tables, and Remix loaders and
 * actions called the way the server calls them (a signed-in cookie, the request context).
 */
export interface Person {
  id: string;
  name: string;
  actor: Actor;
}

export async function insertPerson(db: TestDatabase, p: { type: 'client' | 'coach' | 'admin'; name?: string; services?: string[]; ratePence?: number; location?: string }): Promise<Person> {
  const id = randomUUID();
  const name = p.name ?? `${p.type} ${id.slice(0, 4)}`;
  const role = p.type === 'admin' ? 'admin' : 'user';
  const userType = p.type === 'coach' ? 'coach' : 'client';
  await db.query(
    `insert into users (id, email, email_verified_at, password_hash, full_name, location_address, role, user_type)
     values ($1, $2, now(), 'x', $3, $4, $5, $6)`,
    [id, `${id}@example.test`, name, p.location ?? null, role, userType],
  );
  if (p.type === 'coach') {
    await db.query(`insert into coach_profiles (user_id, services_offered, hourly_rate_pence, is_verified) values ($1, $2, $3, true)`, [
      id,
      p.services ?? ['striker', 'midfield'],
      p.ratePence ?? 5000,
    ]);
  }
  return { id, name, actor: { userId: id, role, userType } };
}

export function remixContext(app: Application): AppLoadContext {
  return { app, requestId: 'test', log: app.logger, clientIp: '127.0.0.1' };
}

export async function sessionCookie(app: Application, userId: string): Promise<string> {
  const storage = sessionStorageFor(remixContext(app));
  const session = await storage.getSession();
  session.set('userId', userId);
  session.set('sessionVersion', 1);
  session.set('issuedAt', app.clock.now().getTime());
  return (await storage.commitSession(session)).split(';')[0]!;
}

/** A request as the browser would send it, signed in as `userId` (or signed out with null). */
export async function requestAs(app: Application, userId: string | null, path: string, form?: Record<string, string>): Promise<Request> {
  const headers = new Headers();
  if (userId) headers.set('Cookie', await sessionCookie(app, userId));
  const url = `http://localhost${path}`;
  if (!form) return new Request(url, { headers });
  return new Request(url, { method: 'POST', headers, body: new URLSearchParams(form) });
}

type RouteFn = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<Response> | Response | Promise<unknown>;

/** Calls a loader or action; a thrown Response (redirect, 404) is returned instead of thrown. */
export async function call(fn: RouteFn, app: Application, request: Request): Promise<Response> {
  try {
    const result = await fn({ request, context: remixContext(app), params: {} });
    return result instanceof Response ? result : Response.json(result);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

export async function bodyOf<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
