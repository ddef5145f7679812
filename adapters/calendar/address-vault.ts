import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { CalendarAddressVault } from '../../domain/availability/external-calendar';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Linked calendar addresses at rest: AES-256-GCM under a key derived with HKDF-SHA256 from
 * CALENDAR_LINK_KEY (or the session secret), a fresh 96-bit IV each time, and the coach's id as
 * associated data, so a ciphertext copied onto another coach's row does not open. Stored as
 * `v1.<iv>.<ciphertext>.<tag>` (base64url). A tampered or foreign value opens as null.
 */
export function createCalendarAddressVault(secret: string): CalendarAddressVault {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from('fact.coach-calendar-links', 'utf8'), Buffer.from('calendar address encryption v1', 'utf8'), 32));
  const aad = (coachId: string) => Buffer.from(`coach_calendar_links:${coachId}`, 'utf8');
  return {
    seal(coachId, address) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(coachId));
      const body = Buffer.concat([cipher.update(address, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(coachId, sealed) {
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag || rest.length > 0) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(aad(coachId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
