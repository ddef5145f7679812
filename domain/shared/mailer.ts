import type { Result } from './result';

/** An e-mail as every context writes it; the adapter (SMTP, or console + local outbox) sends it. */
export interface MailAttachment {
  readonly filename: string;
  readonly content: string | Uint8Array;
  readonly contentType: string;
}

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments?: readonly MailAttachment[];
  /** The Message-ID header ('<id@host>'); the same id on a retried send lets mail systems keep one copy. */
  readonly messageId?: string;
  /** An iCalendar invite, sent as a text/calendar part (with its METHOD) and as an .ics attachment. */
  readonly calendar?: MailCalendar;
}

export interface MailCalendar {
  readonly method: 'REQUEST' | 'CANCEL';
  readonly content: string;
  readonly filename?: string;
}

/** Port: sends one e-mail. A failure is an 'unavailable' DomainError (code MAIL_UNAVAILABLE). */
export interface Mailer {
  send(mail: Mail): Promise<Result<void>>;
}

/** Escapes text for the HTML part of a mail (names and reasons are user input). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
