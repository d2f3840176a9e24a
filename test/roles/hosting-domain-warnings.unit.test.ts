import { describe, expect, it } from 'vitest';
import { hostingDomainWarnings } from '../../src/roles/hosting-domain-warnings';

const warn = (HOSTING_DOMAIN: string, PUBLIC_URL: string, isProduction = false) => hostingDomainWarnings({ HOSTING_DOMAIN, PUBLIC_URL, isProduction });

describe('hostingDomainWarnings (issue 24: sites cannot set cookies for the dashboard)', () => {
  it('warns when the dashboard is HOSTING_DOMAIN or under it', () => {
    expect(warn('example.com', 'https://example.com')).toEqual([
      expect.stringMatching(/^The dashboard and API \(PUBLIC_URL host example.com\) are served under HOSTING_DOMAIN/),
    ]);
    expect(warn('example.com', 'https://app.example.com:8443')).toHaveLength(1);
  });

  it('warns when HOSTING_DOMAIN is under the dashboard host, or they share a registrable domain', () => {
    expect(warn('sites.example.com', 'https://example.com')).toEqual([expect.stringMatching(/is under the dashboard's host \(example.com\)/)]);
    expect(warn('sites.example.com', 'https://app.example.com')).toEqual([expect.stringMatching(/share the registrable domain example.com/)]);
    expect(warn('sites.example.co.uk', 'https://dash.example.co.uk')).toEqual([expect.stringMatching(/share the registrable domain example.co.uk/)]);
  });

  it('is quiet for a domain of its own, and for the development defaults', () => {
    expect(warn('example-sites.net', 'https://kiln.example.com')).toEqual([]);
    expect(warn('kiln.localhost', 'http://localhost:3000')).toEqual([]);
    expect(warn('kiln.test', 'http://127.0.0.1:3000')).toEqual([]);
    // On the Public Suffix List: its sites are separate sites, even for a dashboard on another of its hosts.
    expect(warn('github.io', 'https://kiln.github.io', true)).toEqual([expect.stringMatching(/served under HOSTING_DOMAIN/)]);
    expect(warn('netlify.app', 'https://kiln.example.com', true)).toEqual([]);
  });

  it('in production, warns that a HOSTING_DOMAIN off the Public Suffix List lets sites set cookies for each other', () => {
    expect(warn('example-sites.net', 'https://kiln.example.com', true)).toEqual([
      expect.stringMatching(/^HOSTING_DOMAIN \(example-sites.net\) is not on the Public Suffix List/),
    ]);
  });
});
