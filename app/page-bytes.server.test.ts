import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageBytes } from './page-bytes.server';

describe('a page as bytes', () => {
  it('is what Buffer.from makes of any text, lone surrogates and characters beyond Latin-1 included', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.constantFrom('\ud800', '\udfff', '—', 'Zoë', '<p>')), { maxLength: 40 }), (pieces) => {
        const html = pieces.join('');
        expect(pageBytes(html).equals(Buffer.from(html))).toBe(true);
      }),
    );
  });

  it('gives each page its own bytes, untouched by the next page encoded', () => {
    const first = pageBytes('<p>first page — Zoë</p>');
    pageBytes('<p>a second, longer page that reuses the encoder’s buffer</p>');
    expect(first.toString('utf8')).toBe('<p>first page — Zoë</p>');
  });

  it('encodes a page too long for its buffer the plain way, with the same bytes', () => {
    const html = `<main>${'Zoë — '.repeat(20_000)}</main>`;
    expect(html.length * 3).toBeGreaterThan(256 * 1024);
    expect(pageBytes(html).equals(Buffer.from(html))).toBe(true);
  });
});
