import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/accounts';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * Uploads: a profile photo is judged by its bytes, never by its name or declared
 * type. A script-carrying SVG, a .jpg that is not an image, a 20 MB body and a decompression
 * bomb are refused and nothing is stored; a real photo is re-encoded as a plain JPEG and served
 * sandboxed.
 */
const http = useHttpApp();
let cookie = '';
let userId = '';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG that claims 30 000 x 30 000 grey pixels (900 megapixels, about 900 MB decoded) in a
 * few hundred bytes: its first rows are real zlib data, the rest would follow if a decoder asked.
 */
function decompressionBomb(): Buffer {
  const width = 30_000;
  const height = 30_000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * 64));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

async function upload(bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${http.baseUrl}/UserProfile`, { method: 'POST', body: form, headers: sameOrigin(http.baseUrl, { Cookie: cookie }) });
  const text = await res.text();
  return { status: res.status, text };
}

async function avatar(): Promise<string | null> {
  const [row] = await http.db.query<{ avatar_url: string | null }>('select avatar_url from users where id = $1', [userId]);
  return row?.avatar_url ?? null;
}

function storedFiles(): string[] {
  const dir = path.join(http.app.env.DATA_DIR, 'uploads', 'avatars');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('profile photo uploads', () => {
  beforeAll(async () => {
    const created = await createUser(http.app, { email: 'uploader@example.com' });
    userId = created.user.id;
    cookie = await http.cookieFor(userId);
  });

  it('refuses an SVG that carries a script, whatever type it claims', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');
    for (const [name, type] of [
      ['avatar.svg', 'image/svg+xml'],
      ['avatar.jpg', 'image/jpeg'],
      ['avatar.png', 'image/png'],
    ] as const) {
      const res = await upload(svg, name, type);
      expect(res.status, `${name} as ${type}`).toBe(422);
    }
    expect(await avatar()).toBeNull();
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file named .jpg that is not an image (an HTML page, a script, an executable)', async () => {
    for (const bytes of [Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('#!/bin/sh\nrm -rf /\n'), Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03])]) {
      const res = await upload(bytes, 'photo.jpg', 'image/jpeg');
      expect(res.status).toBe(422);
      expect(res.text).toContain('Please select an image file');
    }
    // A JPEG header followed by junk: sniffed as JPEG, refused by the decoder.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>'.repeat(20))]);
    expect((await upload(fake, 'photo.jpg', 'image/jpeg')).status).toBe(422);
    expect(await avatar()).toBeNull();
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(bomb, 'bomb.png', 'image/png');
    expect(res.status).toBe(422);
    expect(res.text).toContain('Failed to load image');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
    expect(await avatar()).toBeNull();
  });

  it('refuses a 20 MB upload before reading it, and a 5 MB one by the size rule', async () => {
    const big = new Uint8Array(20 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(big, 'huge.jpg', 'image/jpeg').catch((error: unknown) => ({ status: 0, text: String(error) }));
    if (res.status !== 0) expect(res.status).toBe(413);
    const five = new Uint8Array(5 * 1024 * 1024 + 10);
    five.set([0xff, 0xd8, 0xff, 0xe0]);
    const limited = await upload(five, 'big.jpg', 'image/jpeg');
    expect(limited.status).toBe(422);
    expect(limited.text).toContain('Image must be smaller than 5MB');
    expect(await avatar()).toBeNull();
  });

  it('stores a real photo re-encoded as a metadata-free JPEG and serves it sandboxed, under its own type', async () => {
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a7' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-and-name' } } })
      .png()
      .toBuffer();
    const res = await upload(png, 'me.png', 'image/png');
    expect(res.status, res.text).toBe(200);
    const url = await avatar();
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+-\d+\.jpg$/);
    const served = await fetch(`${http.baseUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-gps-and-name'))).toBe(false);
  });

  it('serves nothing outside the uploads folder', async () => {
    // Sent byte for byte (fetch would normalise the dots away).
    const raw = (rawPath: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(http.baseUrl);
        const req = httpRequest({ host: url.hostname, port: url.port, path: rawPath }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const probe of [
      '/uploads/../../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/avatars/..%2F..%2F..%2Fpackage.json',
      '/uploads/..%5C..%5Cpackage.json',
      '/uploads/x.svg',
      '/uploads/x.html',
    ]) {
      const res = await raw(probe);
      expect(res.status, probe).not.toBe(200);
      expect(res.body, probe).not.toContain('"name": "fact"');
    }
  });
});
