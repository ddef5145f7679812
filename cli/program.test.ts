import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeFor, UsageError } from './program';

/** The CLI's single error handler: whatever is thrown, the operator reads what went wrong. */
describe('exitCodeFor', () => {
  it('names a failure thrown as no value at all instead of printing undefined', () => {
    for (const thrown of [undefined, null, '']) {
      const { code, message } = exitCodeFor(thrown);
      expect(code).toBe(EXIT.failure);
      expect(message).toMatch(/^An unexpected failure with no details/);
      expect(message).not.toBe('undefined');
    }
  });

  it('gives an Error without a message its name, its code and where it was thrown', () => {
    const error = Object.assign(new TypeError(''), { code: 'E_SOMETHING' });
    const { code, message } = exitCodeFor(error);
    expect(code).toBe(EXIT.failure);
    expect(message).toMatch(/^TypeError E_SOMETHING with no message, at /);
  });

  it('lists every failure of an AggregateError, as a connection tried on two addresses throws it', () => {
    const error = Object.assign(new AggregateError([new Error('connect ECONNREFUSED ::1:5432'), new Error('connect ECONNREFUSED 127.0.0.1:5432')], ''), { code: 'ECONNREFUSED' });
    expect(exitCodeFor(error).message).toBe('AggregateError ECONNREFUSED: connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('adds the cause behind an error, and reads values that are not Errors', () => {
    expect(exitCodeFor(new Error('Boot failed', { cause: new Error('disk full') })).message).toBe('Boot failed (cause: disk full)');
    expect(exitCodeFor('plain words').message).toBe('plain words');
    expect(exitCodeFor({ message: 'an error-like object' }).message).toBe('an error-like object');
    expect(exitCodeFor({ status: 503 }).message).toBe('An unexpected failure: {"status":503}');
    expect(exitCodeFor(42).message).toBe('An unexpected failure: 42');
  });

  it('keeps the usage exit code and message of a usage error', () => {
    expect(exitCodeFor(new UsageError('missing --as'))).toEqual({ code: EXIT.usage, message: 'missing --as' });
  });
});
