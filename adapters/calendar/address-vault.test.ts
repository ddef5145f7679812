import { describe, expect, it } from 'vitest';
import { createCalendarAddressVault } from './address-vault';

const ADDRESS = 'https://calendar.google.com/calendar/ical/sam%40example.com/private-0123456789abcdef/basic.ics';
const COACH = '0b6f1d2e-3c4a-4b5c-8d6e-7f8091a2b3c4';
const OTHER = '1c7a2e3f-4d5b-4c6d-9e7f-8091a2b3c4d5';

describe('the linked calendar address at rest', () => {
  const vault = createCalendarAddressVault('a-session-secret-of-at-least-32-chars!!');

  it('seals the address into ciphertext that does not contain it, and opens it back', () => {
    const sealed = vault.seal(COACH, ADDRESS);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('calendar.google.com');
    expect(sealed).not.toContain('private-0123456789abcdef');
    expect(vault.open(COACH, sealed)).toBe(ADDRESS);
  });

  it('uses a fresh IV each time', () => {
    expect(vault.seal(COACH, ADDRESS)).not.toBe(vault.seal(COACH, ADDRESS));
  });

  it("does not open another coach's ciphertext, a tampered one, or one sealed under another key", () => {
    const sealed = vault.seal(COACH, ADDRESS);
    expect(vault.open(OTHER, sealed)).toBeNull();
    const [v, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(vault.open(COACH, [v, iv, flipped, tag].join('.'))).toBeNull();
    expect(createCalendarAddressVault('another-secret-of-at-least-32-characters').open(COACH, sealed)).toBeNull();
    expect(vault.open(COACH, 'not-a-sealed-value')).toBeNull();
  });
});
