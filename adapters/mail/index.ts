import path from 'node:path';
import type { Mailer } from '../../domain/shared/mailer';
import type { Env } from '../config/env';
import type { Logger } from '../logging/logger';
import { createDevMailer } from './dev-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** The local outbox file: MAIL_OUTBOX_FILE, or `<DATA_DIR>/mail-outbox.jsonl`. */
export function outboxFileOf(env: Env): string {
  return path.resolve(env.MAIL_OUTBOX_FILE ?? path.join(env.DATA_DIR, 'mail-outbox.jsonl'));
}

/**
 * SMTP when SMTP_URL is set; otherwise the local outbox, and the console too for the embedded
 * default (with DATABASE_URL the console gets a masked line: links must not reach shared logs).
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (env.SMTP_URL) return createSmtpMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
  return createDevMailer({ outboxFile: outboxFileOf(env), from: env.MAIL_FROM, logger, printMail: !env.DATABASE_URL });
}
