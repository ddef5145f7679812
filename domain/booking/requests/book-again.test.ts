import { describe, expect, it } from 'vitest';
import { bookAgainSlot } from './book-again';

const now = new Date('2026-11-25T10:00:00Z'); // Wed 25 Nov 2026
const offering = (...slots: string[]) => slots.map((s) => ({ date: s.slice(0, 10), slots: [{ time: s.slice(11) }] }));

describe('Book again', () => {
  it('preselects the same weekday and time one week after the last session when the engine offers it', () => {
    expect(bookAgainSlot({ date: '2026-11-27', time: '17:00' }, offering('2026-12-04 17:00'), now)).toEqual({ date: '2026-12-04', time: '17:00', usualTime: '17:00', usualTimeTaken: false });
  });

  it('opens on that date with no time when the usual time is not offered', () => {
    expect(bookAgainSlot({ date: '2026-11-27', time: '17:00' }, offering('2026-12-04 18:00'), now)).toEqual({
      date: '2026-12-04',
      time: null,
      usualTime: '17:00',
      usualTimeTaken: true,
    });
  });

  it('moves on whole weeks from a session long past to the first one still ahead', () => {
    expect(bookAgainSlot({ date: '2026-10-28', time: '09:00' }, [], now).date).toBe('2026-12-02');
    expect(bookAgainSlot({ date: '2026-10-28', time: '18:00' }, [], now).date).toBe('2026-11-25');
  });
});
