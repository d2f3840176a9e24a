import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MailServer {
  /** SMTP_URL for it, with the credentials it accepts. */
  url: string;
  /** Every message it took, parsed, in order of arrival. */
  messages: ParsedMail[];
  close(): Promise<void>;
}

const USER = 'kiln-test';
const PASS = 'mail-secret';

/**
 * A real SMTP server on loopback that requires a login (plain text: no STARTTLS, so no certificate for
 * the client to trust) and keeps what it receives.
 */
export async function startMailServer(): Promise<MailServer> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === USER && auth.password === PASS) done(null, { user: USER });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          done();
        },
        (err: Error) => done(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An smtp:// URL where nothing listens (a port that was free a moment ago). */
export async function deadMailUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

/** The first https?:// link in a mail's text part. */
export function linkIn(mail: ParsedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link in mail: ${mail.text}`);
  return link;
}

export const recipientOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
