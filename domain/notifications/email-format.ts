import { LONDON } from '../shared/london-time';
import { escapeHtml } from '../shared/mailer';

/** Plain text and HTML from one description of an email, so the two parts always say the same. */

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'Sat 5 Dec 2026, 10:00 (London time)': the wall clock in Europe/London, with the zone named. */
export function formatLondonDateTime(instant: Date): string {
  const p = Object.fromEntries(dateParts.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} (London time)`;
}

/** 'Sat 5 Dec 2026' (for subjects). */
export function formatLondonDay(instant: Date): string {
  const p = Object.fromEntries(dateParts.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

export function formatMinutes(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes > 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} minutes`;
}

export interface EmailAction {
  readonly label: string;
  readonly url: string;
}

export interface EmailContent {
  readonly subject: string;
  readonly greetingName: string;
  /** Paragraphs of plain text (escaped for the HTML part). */
  readonly paragraphs: readonly string[];
  /** Label and value rows (reference, when, where, ...). */
  readonly facts?: readonly (readonly [string, string])[];
  readonly action?: EmailAction | null;
  /** Items listed after the facts (the message digest's conversations). */
  readonly list?: readonly { readonly text: string; readonly url: string }[];
  /** Why the person gets this email and how to stop it (or that it is always sent). */
  readonly footer: string;
  readonly footerLink?: EmailAction | null;
}

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const BRAND = 'FACT — Football Academy Coaching & Training';

function renderText(c: EmailContent): string {
  const lines: string[] = [`Hi ${c.greetingName},`, ''];
  for (const p of c.paragraphs) lines.push(p, '');
  if (c.facts?.length) {
    const width = Math.max(...c.facts.map(([label]) => label.length)) + 1;
    for (const [label, value] of c.facts) lines.push(`${`${label}:`.padEnd(width)} ${value}`);
    lines.push('');
  }
  for (const item of c.list ?? []) lines.push(`- ${item.text}`, `  ${item.url}`);
  if (c.list?.length) lines.push('');
  if (c.action) lines.push(`${c.action.label}: ${c.action.url}`, '');
  lines.push('--', BRAND, c.footer);
  if (c.footerLink) lines.push(`${c.footerLink.label}: ${c.footerLink.url}`);
  return `${lines.join('\n')}\n`;
}

const link = (a: EmailAction, style = ''): string => `<a href="${escapeHtml(a.url)}"${style ? ` style="${style}"` : ''}>${escapeHtml(a.label)}</a>`;

function renderHtml(c: EmailContent): string {
  const parts: string[] = [
    '<!doctype html>',
    '<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(c.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f6f4;font-family:Arial,Helvetica,sans-serif;color:#1b1f1b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    '<p style="font-weight:bold;color:#14532d;margin:0 0 16px">FACT</p>',
    `<p>Hi ${escapeHtml(c.greetingName)},</p>`,
    ...c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
  ];
  if (c.facts?.length) {
    parts.push('<table role="presentation" style="border-collapse:collapse;margin:16px 0">');
    for (const [label, value] of c.facts)
      parts.push(`<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#4b554b;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`);
    parts.push('</table>');
  }
  if (c.list?.length) parts.push('<ul>', ...c.list.map((i) => `<li>${link({ label: i.text, url: i.url })}</li>`), '</ul>');
  if (c.action) parts.push(`<p style="margin:24px 0">${link(c.action, 'background:#15803d;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none')}</p>`);
  parts.push(
    '<hr style="border:none;border-top:1px solid #e2e8e2;margin:24px 0">',
    `<p style="font-size:12px;color:#5b665b">${escapeHtml(BRAND)}<br>${escapeHtml(c.footer)}${c.footerLink ? ` ${link(c.footerLink)}` : ''}</p>`,
    '</div></body></html>',
  );
  return parts.join('\n');
}

export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
