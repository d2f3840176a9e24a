import { nonPublicLiteralHost } from '../../net/address-policy';
import { invalidParameter } from '../../errors/api-error';

/**
 * A URL the workers will fetch, refused at once when its host alone says the fetch would be refused (an
 * IP literal or `localhost` in a refused range), rather than accepted only to fail a job later. Names
 * pass: they are resolved and checked at fetch time, since what they resolve to can change.
 */
export function refuseNonPublicHost(field: string, url: string | undefined, allowPrivate: boolean): void {
  if (url === undefined || allowPrivate) return;
  const reason = nonPublicLiteralHost(url);
  if (reason) throw invalidParameter(`'${field}' cannot be fetched: ${reason}; only public addresses are fetched.`, field);
}
