import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Paths that must never reach a log line (ARCHITECTURE rule 6). */
const REDACT = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'cookie',
  'req.headers.cookie',
  'headers.cookie',
  'headers.authorization',
  'card',
  '*.card',
  'cardNumber',
  '*.cardNumber',
  'clientSecret',
  '*.clientSecret',
  // A coach's linked calendar address is a secret (PRODUCT.md 'Availability'); no code logs it, and should one try, it is hidden.
  'address',
  '*.address',
  'calendarAddress',
  '*.calendarAddress',
];

/** `destination` (tests) replaces stdout; `pretty` is ignored with it. */
export function createLogger(options: { level: string; pretty: boolean; destination?: DestinationStream }): Logger {
  const settings = {
    level: options.level,
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  if (options.destination) return pino(settings, options.destination);
  return pino({
    ...settings,
    ...(options.pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}

/** j***@example.com: enough for an operator, never the full address. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!local || !domain) return '[email]';
  return `${local[0]}***@${domain}`;
}
