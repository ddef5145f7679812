import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { createRequestHandler } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, remixContext, requestAs } from '../../support/booking-flow';
import { loadBuild, useHttpApp } from '../../support/http-app';

/**
 * Issue 20 §2: a page rendered whole is written as the bytes it was rendered to, with one
 * `res.end` and a Content-Length (adapters/http/remix-request-handler.ts), not read back out of
 * the response's web stream chunk by chunk and sent chunked. Everything else goes the usual way.
 * That response has no body of its own when FACT's server writes the bytes (a web stream, even
 * one never read, stays in the old generation until a mark-compact), and carries the page when
 * Remix's handler is called by anything else.
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

/** The page without what differs between two requests: the CSP nonces and the server's clock (FindCoaches' `now`, decision 030). */
const withoutPerRequestParts = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/"now":"[^"]*"/g, '"now":""');

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
    expect(withoutPerRequestParts(gunzipSync(zipped.body).toString('utf8'))).toBe(withoutPerRequestParts(plain.body.toString('utf8')));
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

  it("has no body of its own when FACT's server writes its bytes, and carries the page for any other caller", async () => {
    const handle = createRequestHandler(await loadBuild(), 'production');
    const own = { ...remixContext(http.app), writesRenderedPage: true };
    const written = await handle(await requestAs(http.app, null, '/'), own);
    expect(written.status).toBe(200);
    expect(written.body).toBeNull();
    expect(own.renderedPage?.response).toBe(written);
    const page = Buffer.from(own.renderedPage!.bytes).toString('utf8');
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page.trimEnd().endsWith('</html>')).toBe(true);

    const other = remixContext(http.app);
    const carried = await handle(await requestAs(http.app, null, '/'), other);
    const text = await carried.text();
    expect(text).toBe(Buffer.from(other.renderedPage!.bytes).toString('utf8'));
    expect(withoutPerRequestParts(text)).toBe(withoutPerRequestParts(page));
  });
});
