import nodemailer from 'nodemailer';
import { unavailable } from '../../domain/shared/errors';
import type { Mailer } from '../../domain/shared/mailer';
import { err, ok } from '../../domain/shared/result';
import type { Logger } from '../logging/logger';

/** Production mail through SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpMailer(options: { smtpUrl: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
          ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, content: mail.calendar.content, filename: mail.calendar.filename ?? 'invite.ics' } } : {}),
          attachments: (mail.attachments ?? []).map((a) => ({
            filename: a.filename,
            content: typeof a.content === 'string' ? a.content : Buffer.from(a.content),
            contentType: a.contentType,
          })),
        });
        return ok(undefined);
      } catch (error) {
        options.logger.error({ err: error, subject: mail.subject }, 'mail could not be sent');
        return err(unavailable('MAIL_UNAVAILABLE', 'We could not send the email. Please try again in a moment.'));
      }
    },
  };
}
