import nodemailer from 'nodemailer';
import type { Config } from '../config';

/**
 * The dashboard's outgoing mail, when SMTP_URL is set: password-reset links, sign-up confirmations, and
 * the notes that replace any on-screen "that email already has a sign-in" (so a page never says who has
 * one; the mailbox's owner learns it instead). Without SMTP_URL there is no mailer: people ask the
 * operator for a reset link, and open sign-up is not available.
 */
export interface Mailer {
  sendPasswordReset(email: string, link: string, expiresAt: Date): Promise<void>;
  /** The link that confirms a new sign-up's email and lets them choose a password. */
  sendSignUpConfirmation(email: string, link: string, expiresAt: Date): Promise<void>;
  /** Someone asked to sign up with an email that already has a sign-in. */
  sendAlreadySignedUp(email: string, signInUrl: string, forgotUrl: string): Promise<void>;
  /** An invitation was opened for an email that already has a sign-in: accepting it needs that sign-in. */
  sendInvitationNeedsSignIn(email: string, accountName: string, inviteUrl: string): Promise<void>;
  close(): void;
}

/** A mail server that does not answer must not hold a request (or the CLI) for the library's minutes. */
const TIMEOUT_MS = 10_000;

/** One mail's content: paragraphs of text, and at most one link shown as a button and in full. */
interface Letter {
  subject: string;
  before: string[];
  link?: { url: string; label: string };
  after: string[];
}

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
  const until = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

  const send = async (to: string, letter: Letter) => {
    const text = [
      'Hello,',
      '',
      ...letter.before.flatMap((p) => [p, '']),
      ...(letter.link ? [letter.link.url, ''] : []),
      ...letter.after.flatMap((p) => [p, '']),
      '-- Kiln',
    ].join('\n');
    const html = [
      '<p>Hello,</p>',
      ...letter.before.map((p) => `<p>${escapeHtml(p)}</p>`),
      ...(letter.link
        ? [
            `<p><a href="${escapeHtml(letter.link.url)}">${escapeHtml(letter.link.label)}</a></p>`,
            `<p>Or copy this link into your browser: ${escapeHtml(letter.link.url)}</p>`,
          ]
        : []),
      ...letter.after.map((p) => `<p>${escapeHtml(p)}</p>`),
      '<p>&mdash; Kiln</p>',
    ].join('\n');
    await transport.sendMail({ from: config.MAIL_FROM, to, subject: letter.subject, text, html });
  };

  return {
    sendPasswordReset: (email, link, expiresAt) =>
      send(email, {
        subject: 'Set a new password for Kiln',
        before: [`Someone (we hope you) asked to set a new password for the Kiln dashboard at ${site}.`, 'To choose a new password, open this link:'],
        link: { url: link, label: 'Choose a new password' },
        after: [
          `The link works once, until ${until(expiresAt)}. Setting a new password signs you out everywhere else and ends any other reset link.`,
          'If you did not ask for this, ignore this mail: your password stays as it is.',
        ],
      }),
    sendSignUpConfirmation: (email, link, expiresAt) =>
      send(email, {
        subject: 'Confirm your Kiln sign-up',
        before: [`Someone (we hope you) asked to create a Kiln account at ${site} with this email.`, 'To confirm it and choose your password, open this link:'],
        link: { url: link, label: 'Confirm and choose a password' },
        after: [`The link works once, until ${until(expiresAt)}.`, 'If you did not ask for this, ignore this mail: no account is created.'],
      }),
    sendAlreadySignedUp: (email, signInUrl, forgotUrl) =>
      send(email, {
        subject: 'You already have a Kiln sign-in',
        before: [
          `Someone (we hope you) asked to create a Kiln account at ${site} with this email, which already has a sign-in there, so no new one was made.`,
          'To sign in, open this link:',
        ],
        link: { url: signInUrl, label: 'Sign in to Kiln' },
        after: [`Forgot your password? Ask for a new one at ${forgotUrl}`, 'If you did not ask for this, ignore this mail: nothing has changed.'],
      }),
    sendInvitationNeedsSignIn: (email, accountName, inviteUrl) =>
      send(email, {
        subject: `Sign in to join ${accountName} on Kiln`,
        before: [
          `You are invited to the Kiln account "${accountName}" at ${site}. This email already has a sign-in there, so the invitation is accepted by signing in with it.`,
          'Open this link, sign in with your own password, and confirm:',
        ],
        link: { url: inviteUrl, label: `Join ${accountName}` },
        after: ['If you were not expecting this, ignore this mail: nothing changes until you accept.'],
      }),
    close() {
      transport.close();
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
