import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { CalendarFetchFailure } from '../../domain/availability/external-calendar';
import { isReachableAddress } from './public-address';

export interface SafeFetchOptions {
  /** http and loopback allowed (the tests' local server); never in production (adapters/config/env.ts). */
  readonly allowInsecure: boolean;
  readonly maxBytes: number;
  /** For the whole fetch: every redirect and the body included. */
  readonly timeoutMs: number;
  readonly maxRedirects: number;
  readonly headers: Readonly<Record<string, string>>;
}

export type SafeFetchResult =
  { readonly kind: 'response'; readonly status: number; readonly headers: IncomingHttpHeaders; readonly body: Buffer } | { readonly kind: 'failed'; readonly failure: CalendarFetchFailure };

/** Thrown inside the fetch with the failure it stands for. */
class FetchRefusal extends Error {
  constructor(readonly failure: CalendarFetchFailure) {
    super(failure.kind);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Resolves like dns.lookup, then refuses the connection if any address the name resolves to is
 * not a public one. Node connects to exactly what this returns, so a name that resolves to a
 * public address when checked and to a private one when used (DNS rebinding) cannot get through:
 * there is no second resolution.
 */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
      if (addresses.some((a) => !isReachableAddress(a.address, { allowLoopback }))) return callback(new FetchRefusal({ kind: 'private_address' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/** Checks a URL before connecting: its scheme, and its host when it is an IP literal (Node skips the lookup for those). */
function checkTarget(url: URL, allowInsecure: boolean): void {
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) throw new FetchRefusal({ kind: 'not_https' });
  if (url.username !== '' || url.password !== '') throw new FetchRefusal({ kind: 'not_https' });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isReachableAddress(host, { allowLoopback: allowInsecure })) throw new FetchRefusal({ kind: 'private_address' });
}

function failureOf(error: unknown, signal: AbortSignal): CalendarFetchFailure {
  if (error instanceof FetchRefusal) return error.failure;
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof FetchRefusal) return cause.failure;
  if (signal.aborted) return { kind: 'timeout' };
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' ? raw : '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'EAI_NONAME') return { kind: 'host_not_found' };
  if (/^(ERR_TLS|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_SSL|HOSTNAME_MISMATCH)/.test(code) || code === 'ERR_TLS_CERT_ALTNAME_INVALID') return { kind: 'tls' };
  return { kind: 'unreachable' };
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(createGunzip());
  if (encoding === 'deflate') return response.pipe(createInflate());
  if (encoding === 'br') return response.pipe(createBrotliDecompress());
  return response;
}

/** Reads the body up to `maxBytes` (after decompression, so a small compressed bomb is refused too). */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new FetchRefusal({ kind: 'too_large' });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of decoded(response)) {
    const piece = chunk as Buffer;
    size += piece.length;
    if (size > maxBytes) {
      response.destroy();
      throw new FetchRefusal({ kind: 'too_large' });
    }
    chunks.push(piece);
  }
  return Buffer.concat(chunks);
}

function request(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {
      method: 'GET',
      headers: { ...options.headers },
      // A fresh connection each time, through the guarded lookup (a pooled socket would skip it).
      agent: false,
      lookup: guardedLookup(options.allowInsecure),
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/**
 * GETs `address` the way a linked calendar may be fetched: https only (http with the test
 * setting), never to a private, local or otherwise non-public address (checked on the addresses
 * actually connected to), at most `maxRedirects` redirects each checked the same way, a body of
 * at most `maxBytes` and `timeoutMs` for all of it. Never throws; never puts the address in a failure.
 */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop++) {
      checkTarget(url, options.allowInsecure);
      const response = await request(url, options, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.resume();
        if (hop >= options.maxRedirects) return { kind: 'failed', failure: { kind: 'too_many_redirects' } };
        try {
          url = new URL(location, url);
        } catch {
          return { kind: 'failed', failure: { kind: 'unreachable' } };
        }
        continue;
      }
      if (status !== 200) {
        response.resume();
        return { kind: 'response', status, headers: response.headers, body: Buffer.alloc(0) };
      }
      return { kind: 'response', status, headers: response.headers, body: await readCapped(response, options.maxBytes) };
    }
  } catch (error) {
    return { kind: 'failed', failure: failureOf(error, controller.signal) };
  } finally {
    clearTimeout(timer);
  }
}
