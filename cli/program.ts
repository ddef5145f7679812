import { Command, CommanderError } from 'commander';
import { z } from 'zod';
import { version } from '../package.json';
import { isDomainError, type DomainError } from '../domain/shared/errors';

/** Exit codes: 0 success, 1 an action the domain refused, 2 bad usage, 3 unexpected failure. */
export const EXIT = { ok: 0, refused: 1, usage: 2, failure: 3 } as const;

export class UsageError extends Error {
  override name = 'UsageError';
}

export class RefusedError extends Error {
  override name = 'RefusedError';
  constructor(readonly domainError: DomainError) {
    super(domainError.message);
  }
}

/** Parses a command's options with zod; a failure is bad usage (exit 2). */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('\n'));
  }
  return parsed.data;
}

export interface Output {
  json: boolean;
  print: (human: string, data?: unknown) => void;
}

export function output(json: boolean): Output {
  return {
    json,
    print: (human, data) => {
      process.stdout.write(json ? `${JSON.stringify(data ?? null, null, 2)}\n` : `${human}\n`);
    },
  };
}

/** The single error handler: maps any failure to a message on stderr and an exit code. */
export function exitCodeFor(error: unknown): { code: number; message: string } {
  if (error instanceof CommanderError) return { code: error.exitCode === 0 ? 0 : EXIT.usage, message: '' };
  if (error instanceof UsageError) return { code: EXIT.usage, message: error.message };
  if (error instanceof RefusedError) return { code: EXIT.refused, message: error.message };
  if (isDomainError(error)) return { code: error.kind === 'invalid' ? EXIT.usage : EXIT.refused, message: error.message };
  return { code: EXIT.failure, message: describeFailure(error) };
}

/**
 * Words for an unexpected failure, whatever was thrown: an Error's message (or its name, code and
 * where it came from when it has none), each failure of an AggregateError (a connection tried on
 * several addresses), the cause behind it, and a value that is no Error at all.
 */
export function describeFailure(error: unknown, depth = 0): string {
  if (depth > 4) return '…';
  if (error instanceof Error) {
    const { code } = error as { code?: unknown };
    const own = error.message.trim();
    let text = own || [error.name || 'Error', typeof code === 'string' ? code : ''].filter(Boolean).join(' ');
    const inner = error instanceof AggregateError ? error.errors.map((e: unknown) => describeFailure(e, depth + 1)) : [];
    if (inner.length) text += `: ${[...new Set(inner)].join('; ')}`;
    else if (!own) text += ` with no message${where(error)}`;
    if (error.cause !== undefined) text += ` (cause: ${describeFailure(error.cause, depth + 1)})`;
    return text;
  }
  if (typeof error === 'string' && error.trim()) return error.trim();
  if (error === undefined || error === null || typeof error === 'string') return `An unexpected failure with no details (the value thrown: ${JSON.stringify(error) ?? 'undefined'})`;
  if (typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message.trim();
    try {
      return `An unexpected failure: ${JSON.stringify(error)}`;
    } catch {
      return `An unexpected failure: ${Object.prototype.toString.call(error)}`;
    }
  }
  if (typeof error === 'number' || typeof error === 'boolean' || typeof error === 'bigint' || typeof error === 'symbol') return `An unexpected failure: ${String(error)}`;
  return 'An unexpected failure: a function was thrown';
}

function where(error: Error): string {
  const frame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  return frame ? `, ${frame.trim()}` : '';
}

export function newProgram(): Command {
  return new Command('fact')
    .description('FACT operations: database, users, bookings, payments and disputes')
    .version(version, '-V, --version', 'print the version of FACT')
    .exitOverride()
    .showHelpAfterError();
}
