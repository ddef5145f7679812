import { describe, expect, it } from 'vitest';
import { unwrap } from '../shared/result';
import { parseForm } from '../validation/parse-form';
import { DEFAULT_SCHEDULING_RULES } from './schedule';
import { parseSchedulingRules, schedulingRulesSchema, slotStepSchema } from './scheduling-rules';

const message = (input: unknown) => {
  const r = parseForm(schedulingRulesSchema, input);
  return r.ok ? null : r.error.message;
};
const valid = { bufferBeforeMinutes: '15', bufferAfterMinutes: '0', minimumNoticeMinutes: '120', maxSessionsPerDay: '' };

describe('scheduling rules', () => {
  it('read buffers and notice in minutes, and a blank daily cap as none', () => {
    expect(unwrap(parseForm(schedulingRulesSchema, valid))).toEqual({ bufferBeforeMinutes: 15, bufferAfterMinutes: 0, minimumNoticeMinutes: 120, maxSessionsPerDay: null });
    expect(unwrap(parseForm(schedulingRulesSchema, { ...valid, maxSessionsPerDay: '4' })).maxSessionsPerDay).toBe(4);
  });

  it('keep buffers within 0–60 minutes, notice within 0–72 hours and the cap within 1–24', () => {
    expect(message({ ...valid, bufferBeforeMinutes: '61' })).toBe('Buffer before must be between 0 and 60 minutes');
    expect(message({ ...valid, bufferBeforeMinutes: '' })).toBe('Buffer before must be between 0 and 60 minutes');
    expect(message({ ...valid, bufferAfterMinutes: '-5' })).toBe('Buffer after must be between 0 and 60 minutes');
    expect(message({ ...valid, bufferAfterMinutes: '7.5' })).toBe('Buffer after must be between 0 and 60 minutes');
    expect(message({ ...valid, minimumNoticeMinutes: String(72 * 60 + 1) })).toBe('Minimum notice must be between 0 and 72 hours');
    expect(message({ ...valid, minimumNoticeMinutes: String(72 * 60) })).toBeNull();
    expect(message({ ...valid, maxSessionsPerDay: '0' })).toBe('Sessions per day must be between 1 and 24, or left empty for no limit');
    expect(message({ ...valid, maxSessionsPerDay: '25' })).toBe('Sessions per day must be between 1 and 24, or left empty for no limit');
    expect(message({ ...valid, maxSessionsPerDay: 'lots' })).toBe('Sessions per day must be between 1 and 24, or left empty for no limit');
  });

  it('offer start times every 15, 30 or 60 minutes only', () => {
    expect([15, 30, 60].map((s) => parseForm(slotStepSchema, String(s)).ok)).toEqual([true, true, true]);
    expect(parseForm(slotStepSchema, '20')).toMatchObject({ ok: false, error: { message: 'Start times must be every 15, 30 or 60 minutes' } });
  });

  it('re-check stored rules against the same bounds', () => {
    expect(unwrap(parseSchedulingRules(DEFAULT_SCHEDULING_RULES))).toEqual(DEFAULT_SCHEDULING_RULES);
    expect(parseSchedulingRules({ ...DEFAULT_SCHEDULING_RULES, bufferAfterMinutes: 90 }).ok).toBe(false);
    expect(parseSchedulingRules({ ...DEFAULT_SCHEDULING_RULES, slotStepMinutes: 45 }).ok).toBe(false);
  });
});
