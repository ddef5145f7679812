import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELETE, mutated } from '../testing/mutated-record';
import { messageRowSchema, parseMessage, type Message } from './message';
import { checkedMessage } from './message-check';

const NOW = new Date('2026-03-05T15:00:00.000Z');
const seeds: Message[] = [
  { id: '60000000-0000-4000-8000-000000000001', bookingId: '40000000-0000-4000-8000-000000000001', senderId: '10000000-0000-4000-8000-000000000001', receiverId: '20000000-0000-4000-8000-000000000002', content: 'See you at the pitch', isRead: false, readAt: null, createdAt: NOW },
  { id: '60000000-0000-4000-8000-000000000002', bookingId: '40000000-0000-4000-8000-000000000001', senderId: '20000000-0000-4000-8000-000000000002', receiverId: '10000000-0000-4000-8000-000000000001', content: '  <b>Bring</b> boots\u0000 ', isRead: true, readAt: new Date(NOW.getTime() + 60_000), createdAt: NOW },
];
const FIELDS = ['id', 'bookingId', 'senderId', 'receiverId', 'content', 'isRead', 'readAt', 'createdAt', 'extra'] as const;
const values = fc.constantFrom<unknown>(
  DELETE, undefined, null, '', 'x', 'toString', '__proto__',
  '55555555-5555-4555-8555-555555555555', '55555555-5555-4555-8555-55555555555Z', 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  'a'.repeat(5000), 'a'.repeat(5001), ' padded ', '<script>x</script>',
  0, -1, 1.5, Number.NaN, 1772722800000, 8.64e15 + 1, 1n, Symbol('s'),
  true, false,
  new Date('2026-03-05T15:00:00.000Z'), new Date(Number.NaN), '2026-03-05T15:00:00.000Z', '2026-03-05 15:00:00+00', 'not a date',
  [], {}, [1],
);

describe('checkedMessage, the hand-written form of the stored-message schema', () => {
  it('accepts exactly the rows the schema accepts, and gives the message the schema gives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.constantFrom(...FIELDS), values), { maxLength: 3 }), (seed, changes) => {
        const data = mutated(seed, changes);
        const viaZod = messageRowSchema.safeParse(data);
        const checked = checkedMessage(data);
        expect(checked !== null).toBe(viaZod.success);
        if (viaZod.success) expect(checked).toStrictEqual(viaZod.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('is what parseMessage answers with, and zod still words a refusal', () => {
    expect(parseMessage(seeds[1])).toEqual({ ok: true, value: checkedMessage(seeds[1]) });
    const refused = parseMessage({ ...seeds[0], senderId: 'x' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toContain('senderId');
  });

  it('refuses what is not a row at all', () => {
    for (const data of [null, undefined, 'row', 1, [], [seeds[0]]]) expect(checkedMessage(data)).toBeNull();
  });
});
