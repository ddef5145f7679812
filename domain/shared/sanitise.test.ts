import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_TEXT_LENGTH, sanitiseDeep, sanitiseText } from './sanitise';

describe('sanitiseText', () => {
  it('strips angle brackets', () => {
    expect(sanitiseText('<script>alert(1)</script>')).toBe('scriptalert(1)/script');
  });

  it('strips javascript:, vbscript: and data:text/html in any case', () => {
    expect(sanitiseText('go JavaScript:alert(1)')).toBe('go alert(1)');
    expect(sanitiseText('vbscript:msgbox')).toBe('msgbox');
    expect(sanitiseText('data:text/html;base64,xx')).toBe(';base64,xx');
  });

  it('strips inline event-handler patterns', () => {
    expect(sanitiseText('img src=x onerror=alert(1)')).toBe('img src=x alert(1)');
    expect(sanitiseText('a ONCLICK = "x"')).toBe('a  "x"');
  });

  it('does not let a removal assemble a new pattern', () => {
    expect(sanitiseText('javajavascript:script:alert(1)')).toBe('alert(1)');
    expect(sanitiseText('x on<b>click=1')).toBe('x 1');
  });

  it('keeps ordinary text untouched', () => {
    const text = 'Great session! Worked on first touch & finishing, 10/10 would book again.';
    expect(sanitiseText(text)).toBe(text);
  });

  it('truncates to 10 000 characters', () => {
    expect(sanitiseText('a'.repeat(12_000))).toHaveLength(MAX_TEXT_LENGTH);
  });

  it('is idempotent and never leaves an angle bracket, a script protocol or a handler', () => {
    const pieces = fc.constantFrom('<', '>', 'java', 'script', ':', 'vb', 'data', 'text/html', 'on', 'click', '=', ' ', 'a', 'x');
    const text = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 40 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(text, (input) => {
        const once = sanitiseText(input);
        expect(sanitiseText(once)).toBe(once);
        expect(once).not.toMatch(/[<>]/);
        expect(once).not.toMatch(/(?:java|vb)script\s*:/i);
        expect(once).not.toMatch(/data\s*:\s*text\/html/i);
        expect(once).not.toMatch(/\bon\w+\s*=/i);
        expect(once.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('sanitiseDeep', () => {
  it('sanitises strings inside objects and arrays and leaves other values alone', () => {
    expect(sanitiseDeep({ a: '<b>', list: ['on x', 'onload=1'], n: 3, d: null })).toEqual({
      a: 'b',
      list: ['on x', '1'],
      n: 3,
      d: null,
    });
  });
});
