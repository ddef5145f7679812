import { Command, CommanderError } from 'commander';
import { z } from 'zod';
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
  return { code: EXIT.failure, message: error instanceof Error ? error.message : String(error) };
}

export function newProgram(): Command {
  return new Command('fact')
    .description('FACT operations: database, users, bookings, payments and disputes')
    .exitOverride()
    .showHelpAfterError();
}
