import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Mailer } from '../../domain/shared/mailer';
import { ok } from '../../domain/shared/result';
import { maskEmail, type Logger } from '../logging/logger';

/** One line of the local outbox (JSON Lines): what was sent, to whom and when. */
export interface OutboxLine {
  readonly at: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments: readonly { filename: string; contentType: string }[];
  readonly messageId?: string;
  /** The iCalendar invite's METHOD and text, when the mail carries one. */
  readonly calendar?: { method: string; content: string };
}

/**
 * Development mail: prints each message (with its links) to the console and appends it to a
 * local outbox file, one JSON object per line, which tests read to follow verification links.
 * `printMail: false` (any real database) logs a masked address and the subject only: the body
 * holds sign-in links, which must not reach shared logs.
 */
export function createDevMailer(options: { outboxFile: string; from: string; logger: Logger; printMail?: boolean }): Mailer {
  const file = path.resolve(options.outboxFile);
  let ready: Promise<unknown> | undefined;
  return {
    async send(mail) {
      ready ??= mkdir(path.dirname(file), { recursive: true });
      await ready;
      const line: OutboxLine = {
        at: new Date().toISOString(),
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.calendar ? { calendar: { method: mail.calendar.method, content: mail.calendar.content } } : {}),
      };
      await appendFile(file, `${JSON.stringify(line)}\n`, 'utf8');
      if (options.printMail === false) options.logger.info({ to: maskEmail(mail.to), subject: mail.subject, outbox: file }, 'mail (development) written to the outbox');
      else options.logger.info({ to: mail.to, subject: mail.subject, outbox: file }, `mail (development):\n${mail.text}`);
      return ok(undefined);
    },
  };
}
