import type { Logger } from '../logger';

/**
 * Sends a mail without holding the page: a slow or absent mail server must neither delay the answer nor
 * show in its timing (which would tell apart the emails that get a mail from those that do not).
 */
export function mailInBackground(log: Logger, what: string, send: () => Promise<void>): void {
  send().then(
    () => log.info({ event: `${what}_mailed` }, `${what.replaceAll('_', ' ')} mailed`),
    (err: unknown) => log.error({ err }, `${what.replaceAll('_', ' ')} mail failed; the person can ask again`),
  );
}
