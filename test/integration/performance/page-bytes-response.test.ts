import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson } from '../../support/booking-flow';
import { useHttpApp } from '../../support/http-app';

/**
 * Issue 20 §2: a page rendered whole is written as the bytes it was rendered to, with one
 * `res.end` and a Content-Length (adapters/http/remix-request-handler.ts), not read back out of
 * the response's web stream chunk by chunk and sent chunked. Everything else goes the usual way.
 */
const http = useHttpApp();
let cookie: string;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function ask(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${http.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

describe('a page rendered whole', () => {
  beforeAll(async () => {
    const client = await insertPerson(http.db, { type: 'client', name: 'Chloe Client' });
    await insertPerson(http.db, { type: 'coach', name: 'Alex Keeper', services: ['striker'], ratePence: 4500, location: 'London' });
    cookie = await http.cookieFor(client.id);
  });

  it('is sent with a Content-Length of exactly its bytes, not chunked', async () => {
    const page = await ask('GET', '/FindCoaches', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers['transfer-encoding']).toBeUndefined();
    expect(Number(page.headers['content-length'])).toBe(page.body.length);
    const html = page.body.toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).toContain('Alex Keeper');
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('is still compressed for a browser that accepts gzip, to the same page', async () => {
    const plain = await ask('GET', '/FindCoaches', { cookie });
    const zipped = await ask('GET', '/FindCoaches', { cookie, 'accept-encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'] ?? zipped.body.length)).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(withoutNonces(gunzipSync(zipped.body).toString('utf8'))).toBe(withoutNonces(plain.body.toString('utf8')));
  });

  it('answers HEAD with the head alone', async () => {
    const head = await ask('HEAD', '/FindCoaches', { cookie });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body.length).toBe(0);
  });

  it('leaves redirects and data requests to the usual path', async () => {
    const signedOut = await ask('GET', '/FindCoaches');
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.location).toBe('/?login=1&redirectTo=%2FFindCoaches');
    const data = await ask('GET', '/FindCoaches?_data=routes%2F_app.FindCoaches', { cookie });
    expect(data.status).toBe(200);
    expect(data.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.stringify(JSON.parse(data.body.toString('utf8')))).toContain('Alex Keeper');
  });
});
