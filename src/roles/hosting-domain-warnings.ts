import { getDomain, getPublicSuffix } from 'tldts';
import type { Config } from '../config';

const PSL = { allowPrivateDomains: true };

const isUnder = (host: string, parent: string) => host === parent || host.endsWith(`.${parent}`);

/**
 * What is unsafe about HOSTING_DOMAIN next to the dashboard, one sentence each (empty when nothing is).
 * Browsers let a page set cookies for its own host's parent domains, short of a public suffix, and treat
 * hosts under one registrable domain as one "site" (SameSite cookies travel between them). So sites whose
 * hosts share a registrable domain with the dashboard can plant cookies it receives and make same-site
 * requests to it; and unless HOSTING_DOMAIN is itself a public suffix (github.io, netlify.app and pages.dev
 * are on the Public Suffix List), every site can set cookies for all the others.
 */
export function hostingDomainWarnings(config: Pick<Config, 'HOSTING_DOMAIN' | 'PUBLIC_URL' | 'isProduction'>): string[] {
  const hosting = config.HOSTING_DOMAIN;
  const dashboard = new URL(config.PUBLIC_URL).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const warnings: string[] = [];
  const siteHost = `site.${hosting}`;
  const isPublicSuffix = getPublicSuffix(siteHost, PSL) === hosting;
  if (isUnder(dashboard, hosting)) {
    warnings.push(
      `The dashboard and API (PUBLIC_URL host ${dashboard}) are served under HOSTING_DOMAIN (${hosting}): every hosted site can set cookies they receive and send them same-site requests. Serve them from a domain of their own.`,
    );
  } else if (isUnder(hosting, dashboard) && getPublicSuffix(dashboard, PSL) !== dashboard) {
    // (A cookie for a public suffix, such as the bare "localhost" of development, is refused by browsers.)
    warnings.push(
      `HOSTING_DOMAIN (${hosting}) is under the dashboard's host (${dashboard}): every hosted site can set cookies for ${dashboard}, which the dashboard receives. Use a domain of its own for HOSTING_DOMAIN.`,
    );
  } else if (!isPublicSuffix) {
    const shared = getDomain(siteHost, PSL);
    if (shared !== null && shared === getDomain(dashboard, PSL)) {
      warnings.push(
        `HOSTING_DOMAIN (${hosting}) and the dashboard's host (${dashboard}) share the registrable domain ${shared}: every hosted site can set cookies for ${shared}, which the dashboard receives, and is same-site with it. Use a registrable domain of its own for HOSTING_DOMAIN.`,
      );
    }
  }
  if (config.isProduction && !isPublicSuffix) {
    warnings.push(
      `HOSTING_DOMAIN (${hosting}) is not on the Public Suffix List: a hosted site's scripts can set cookies for ${hosting}, which every other site then receives. Before hosting sites of accounts you do not trust, list it (https://publicsuffix.org/submit/), as github.io and netlify.app are.`,
    );
  }
  return warnings;
}
