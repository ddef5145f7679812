import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Bad input, in process: every validator of the domain — each exported zod schema, each
 * exported `…Schema(now)` factory and each stored-data `parse…` function, found by walking
 * domain/ — gets at least 10 000 generated inputs (wrong types, huge strings, unicode, lone
 * surrogates, control characters, markup, deeply nested values, prototype keys, dates around the
 * clock changes, ends before starts). None may throw, and whatever one accepts must be sane:
 * free text without markup brackets, bounded lengths, real dates, ends after starts.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const NOW = new Date('2026-03-20T12:00:00Z'); // nine days before the spring clock change

const modules = import.meta.glob<Record<string, unknown>>(['../../../domain/**/*.ts', '!../../../domain/**/*.test.ts', '!../../../domain/**/testing/**']);

interface Validator {
  name: string;
  run: (input: unknown) => { ok: boolean; value?: unknown };
  keys: string[];
}

function shapeKeys(schema: z.ZodType): string[] {
  let current: unknown = schema;
  for (let i = 0; i < 6 && current; i++) {
    const def = (current as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) break;
    if (def.shape && typeof def.shape === 'object') return Object.keys(def.shape);
    current = def.in ?? def.innerType ?? def.schema ?? null;
  }
  return [];
}

/** String-input parsers (typed `string`); every other `parse…` takes `unknown`. */
const STRING_PARSERS = new Set(['parseBookingCursor', 'parseReferenceCode', 'parseCursor']);

async function discover(): Promise<Validator[]> {
  const found = new Map<string, Validator>();
  for (const [file, load] of Object.entries(modules)) {
    const mod = await load();
    const where = file.replace('../../../', '');
    for (const [name, value] of Object.entries(mod)) {
      if (value instanceof z.ZodType) {
        const schema = value;
        found.set(`${where}#${name}`, {
          name: `${where}#${name}`,
          keys: shapeKeys(schema),
          run: (input) => {
            const r = schema.safeParse(input);
            return { ok: r.success, value: r.data };
          },
        });
      } else if (typeof value === 'function' && /Schema$/.test(name) && value.length === 1) {
        const schema = (value as (now: Date) => unknown)(NOW);
        if (schema instanceof z.ZodType) {
          found.set(`${where}#${name}(now)`, {
            name: `${where}#${name}(now)`,
            keys: shapeKeys(schema),
            run: (input) => {
              const r = schema.safeParse(input);
              return { ok: r.success, value: r.data };
            },
          });
        }
      } else if (typeof value === 'function' && /^parse[A-Z]/.test(name) && value.length === 1) {
        const parse = value as (input: unknown) => unknown;
        const stringOnly = STRING_PARSERS.has(name);
        found.set(`${where}#${name}`, {
          name: `${where}#${name}`,
          keys: [],
          run: (input) => {
            if (stringOnly && typeof input !== 'string') return { ok: false };
            const out = parse(input);
            if (out && typeof out === 'object' && 'ok' in out) return { ok: (out as { ok: boolean }).ok, value: (out as { value?: unknown }).value };
            return { ok: out !== null && out !== undefined, value: out };
          },
        });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

// --- generators ---------------------------------------------------------------------------------

const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  'JaVaScRiPt :alert(1)',
  '<<script>script>',
  'data:text/html,<b>x</b>',
  'onmouseover =alert(1)',
];
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '\u200B\u200B',
  '😀'.repeat(600),
  'x'.repeat(10_001),
  'ä'.repeat(70_000),
  '%00',
  '%ff%fe',
  '\\x00',
  '../../etc/passwd',
  "'; drop table users; --",
  '1e309',
  'NaN',
  '-0',
  '0x10',
  'Infinity',
  '9007199254740993',
  '-1',
  '0',
  '2.5',
  'true',
  'on',
  'null',
  'undefined',
  '__proto__',
  'constructor',
];
const PLAUSIBLE = [
  '0b7e2a3c-4f5d-4e6a-8b9c-0d1e2f3a4b5c',
  'someone@example.com',
  'SOMEONE@Example.COM ',
  'correct-horse-42',
  'Chris Client',
  '+44 7700 900123',
  'London',
  'striker',
  'midfield',
  'goalkeeping',
  'online',
  'gym',
  'client',
  'coach',
  'user',
  'admin',
  'adults',
  'under_16',
  'morning',
  'weekend',
  '60',
  '30',
  '240',
  '50',
  '25',
  '5',
  '10:00',
  '01:30',
  '02:00',
  '23:59',
  '2026-03-29', // London spring forward: 01:00–02:00 does not exist
  '2026-10-25', // autumn back: 01:00–02:00 happens twice
  '2026-03-21',
  '2026-06-01',
  '2026-03-19',
  '2027-01-01',
  '2026-03-29T00:30:00Z',
  '2026-03-29T01:30:00+01:00',
  '2026-10-25T01:30:00+01:00',
  'FACT-20260320-AB12',
  'fact-2026',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://youtu.be/dQw4w9WgXcQ',
  'https://vimeo.com/76979871',
  'http://evil.example/watch?v=x',
  'Booked for my son, he is 15 and keen.',
  'approved',
  'rejected',
  'refund_partial',
  '12.50',
  'pending',
  'confirmed',
];

const POOL = [...PLAUSIBLE, ...PLAUSIBLE, ...NASTY, ...MARKUP, ...PLAUSIBLE.map((p) => `${p} ${MARKUP[p.length % MARKUP.length]}`)];

/** Mostly pooled strings (cheap to generate, reach deep into the schemas), some random ones. */
const text = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...POOL) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);

/** A value nested `depth` levels deep: arrays of arrays, or objects of objects. */
function deep(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}
const ODD = [
  null,
  undefined,
  0,
  -1,
  1.5,
  Number.NaN,
  Infinity,
  -0,
  true,
  false,
  10n ** 30n,
  new Date(Number.NaN),
  new Date('2026-03-29T01:30:00Z'),
  [],
  {},
  [[[]]],
  { __proto__: { polluted: true } },
  Object.create(null),
  deep(5_000, 'array'),
  deep(5_000, 'object'),
  deep(50, 'object'),
  Symbol('s'),
  () => 1,
];
const odd = fc.constantFrom(...ODD);

const fieldValue = fc.oneof({ weight: 10, arbitrary: text }, { weight: 2, arbitrary: fc.array(text, { maxLength: 3 }) }, { weight: 2, arbitrary: odd }, { weight: 1, arbitrary: fc.integer() });

/** A form for a schema: some of its own fields (mostly plausible values), odd extra keys, sometimes arrays. */
function inputFor(keys: string[]) {
  const names = keys.length ? [...keys, ...keys, 'role', 'isActive', 'id', '__proto__', 'constructor', 'x'] : ['a', '__proto__', 'x'];
  const form = fc.array(fc.tuple(fc.constantFrom(...names), fieldValue), { maxLength: keys.length + 2 }).map((entries) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
  return fc.oneof({ weight: 8, arbitrary: form }, { weight: 1, arbitrary: fieldValue }, { weight: 1, arbitrary: odd });
}

// --- what an accepted value must look like -----------------------------------------------------

const SECRET_KEYS = /password|token|secret|hash/i;
/** Markup brackets may survive in values that are not free text shown to people. */
const NOT_FREE_TEXT = /password|token|secret|hash|url|cursor|id$/i;

function insane(value: unknown, path: string, depth = 0): string | null {
  if (depth > 40) return null;
  if (typeof value === 'string') {
    if (value.length > 10_000 && !SECRET_KEYS.test(path.split('.').pop() ?? '')) return `${path}: ${value.length} characters`;
    if (value.includes('\u0000') && !SECRET_KEYS.test(path.split('.').pop() ?? '')) return `${path}: NUL kept (PostgreSQL cannot store it)`;
    if (/[<>]/.test(value) && !NOT_FREE_TEXT.test(path.split('.').pop() ?? '')) return `${path}: markup kept (${JSON.stringify(value.slice(0, 60))})`;
    return null;
  }
  if (typeof value === 'number') return Number.isNaN(value) ? `${path}: NaN` : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? `${path}: invalid date` : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = insane(value[i], `${path}[${i}]`, depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const start = record.startsAt ?? record.startDate;
    const end = record.endsAt ?? record.endDate;
    if (start instanceof Date && end instanceof Date && end.getTime() <= start.getTime()) return `${path}: ends before it starts`;
    if (Object.prototype.hasOwnProperty.call(record, '__proto__')) return `${path}: kept a __proto__ key`;
    for (const [k, v] of Object.entries(record)) {
      const bad = insane(v, path ? `${path}.${k}` : k, depth + 1);
      if (bad) return bad;
    }
  }
  return null;
}

// --- the test ---------------------------------------------------------------------------------

describe('every domain validator under generated input', async () => {
  const validators = await discover();

  it('finds the validators (schemas, schema factories, stored-data parsers)', () => {
    expect(validators.length).toBeGreaterThan(40);
    for (const expected of [
      'registrationSchema',
      'loginSchema',
      'profileSchema',
      'bookingFormSchema(now)',
      'rescheduleSchema(now)',
      'sendMessageSchema',
      'reviewFormSchema',
      'availabilityPeriodSchema(now)',
      'parseBooking',
      'parseUser',
      'parseMessage',
    ]) {
      expect(
        validators.some((v) => v.name.endsWith(`#${expected}`)),
        expected,
      ).toBe(true);
    }
  });

  for (const validator of validators) {
    it(`${validator.name}: ${RUNS} inputs, never throws, accepts only sane values`, () => {
      let accepted = 0;
      fc.assert(
        fc.property(inputFor(validator.keys), (input) => {
          const result = validator.run(input);
          if (!result.ok) return true;
          accepted++;
          const bad = insane(result.value, NOT_FREE_TEXT.test(validator.name) ? 'password' : '');
          if (bad) throw new Error(`accepted an insane value: ${bad}`);
          if (validator.name.endsWith('#bookingFormSchema(now)')) {
            const startsAt = (result.value as { startsAt: Date }).startsAt;
            if (!(startsAt.getTime() > NOW.getTime())) throw new Error('accepted a booking in the past');
          }
          return true;
        }),
        { numRuns: RUNS, seed: 12, endOnFailure: true },
      );
      expect(accepted).toBeGreaterThanOrEqual(0);
    });
  }
});
