import { describe, expect, it } from 'vitest';
import { seriesStartsAsked } from './booking-series';

const at = (iso: string) => new Date(iso);

describe('the starts of a weekly series as asked', () => {
  it('are put in order', () => {
    const asked = seriesStartsAsked([at('2026-12-21T10:00:00Z'), at('2026-12-14T10:00:00Z')]);
    expect(asked.ok && asked.value.map((d) => d.toISOString())).toEqual(['2026-12-14T10:00:00.000Z', '2026-12-21T10:00:00.000Z']);
  });

  it('are refused when fewer than 2 or more than 12', () => {
    expect(seriesStartsAsked([at('2026-12-14T10:00:00Z')])).toMatchObject({ ok: false, error: { code: 'SERIES_SIZE' } });
    const thirteen = Array.from({ length: 13 }, (_, i) => new Date(Date.UTC(2026, 11, 14 + 7 * i, 10)));
    expect(seriesStartsAsked(thirteen)).toMatchObject({ ok: false, error: { code: 'SERIES_SIZE' } });
  });

  it('are refused when one start is asked twice', () => {
    expect(seriesStartsAsked([at('2026-12-14T10:00:00Z'), at('2026-12-14T10:00:00Z')])).toMatchObject({ ok: false, error: { code: 'SERIES_REPEATED_DATE' } });
  });
});
