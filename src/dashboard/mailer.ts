import nodemailer from 'nodemailer';
import type { Config } from '../config';

/**
 * The dashboard's outgoing mail, when SMTP_URL is set: today only password-reset links. Without
 * SMTP_URL there is no mailer, and people ask the operator for a link instead.
 */
export interface Mailer {
  sendPasswordReset(email: string, link: string, expiresAt: Date): Promise<void>;
  close(): void;
}

/** A mail server that does not answer must not hold a request (or the CLI) for the library's minutes. */
const TIMEOUT_MS = 10_000;

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>): Mailer | null {
  if (!config.SMTP_URL) return null;
  const url = new URL(config.SMTP_URL);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    // nodemailer's defaults otherwise: 465 for smtps, 587 for smtp.
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    dnsTimeout: TIMEOUT_MS,
  });
  const site = new URL(config.PUBLIC_URL).host;

  return {
    async sendPasswordReset(email, link, expiresAt) {
      const until = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      const text = [
        'Hello,',
        '',
        `Someone (we hope you) asked to set a new password for the Kiln dashboard at ${site}.`,
        'To choose a new password, open this link:',
        '',
        link,
        '',
        `The link works once, until ${until}. Setting a new password signs you out everywhere else.`,
        '',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
        '',
        '-- Kiln',
      ].join('\n');
      const html = `<p>Hello,</p>
<p>Someone (we hope you) asked to set a new password for the Kiln dashboard at ${escapeHtml(site)}.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>Or copy this link into your browser: ${escapeHtml(link)}</p>
<p>The link works once, until ${escapeHtml(until)}. Setting a new password signs you out everywhere else.</p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>
<p>&mdash; Kiln</p>`;
      await transport.sendMail({ from: config.MAIL_FROM, to: email, subject: 'Set a new password for Kiln', text, html });
    },
    close() {
      transport.close();
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
