import { describe, expect, it } from 'vitest';
import { deploymentUrl, siteOrigin } from '../../src/hosting/urls';

describe('site addresses', () => {
  it('name the edge HTTPS port unless it is 443', () => {
    expect(siteOrigin('demo.kiln.localhost', 8543)).toBe('https://demo.kiln.localhost:8543');
    expect(siteOrigin('demo.kiln.localhost', 443)).toBe('https://demo.kiln.localhost');
  });

  it('a deployment url carries the port for production and preview alike', () => {
    const edge = { hostingDomain: 'kiln.localhost', httpsPort: 8543 };
    expect(deploymentUrl({ id: 'dep_abc123', siteId: 'demo', environment: 'production' }, edge)).toBe('https://demo.kiln.localhost:8543');
    expect(deploymentUrl({ id: 'dep_abc123', siteId: 'demo', environment: 'preview' }, edge)).toBe('https://abc123--demo.kiln.localhost:8543');
    expect(deploymentUrl({ id: 'dep_abc123', siteId: 'demo', environment: 'production' }, { ...edge, httpsPort: 443 })).toBe('https://demo.kiln.localhost');
  });
});
