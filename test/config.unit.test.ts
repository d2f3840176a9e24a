import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults for development', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(c.CDN_URL).toBe('http://localhost:3000/cdn');
    expect(c.SYNC_TIMEOUT_MS).toBe(60_000);
    expect(c.STORAGE_DRIVER).toBe('local');
  });

  it('reports every bad value in one error, one line each', () => {
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'http://x', STORAGE_DRIVER: 'ftp', SYNC_TIMEOUT_MS: '5' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.find((p) => p.startsWith('PORT='))).toContain('whole number');
      expect(problems.find((p) => p.startsWith('REDIS_URL='))).toContain('redis:');
      expect(problems.find((p) => p.startsWith('STORAGE_DRIVER='))).toBeDefined();
      expect(problems.find((p) => p.startsWith('SYNC_TIMEOUT_MS='))).toContain('at least 100');
    }
  });

  it('serves metrics only when METRICS_PORT is set (0: any free port)', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT="ninety": must be a whole number/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT="70000": must be at most 65535/);
  });

  it('takes SMTP_URL as smtp:// or smtps:// and never repeats its password in an error', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({}).MAIL_FROM).toBe('Kiln <no-reply@localhost>');
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example' }).SMTP_URL).toBe('smtps://u:p@mail.example');
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example:587' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).message).toContain('SMTP_URL="http://user:***@mail.example:587": must use smtp: or smtps:');
      expect((err as ConfigError).message).not.toContain('hunter2');
    }
  });

  it('requires a signing secret in production and S3 settings for the s3 driver', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CDN_SIGNING_SECRET is required/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET is required/);
    expect(() => loadConfig({ ADMIN_USER: 'x' })).toThrow(/together/);
    // Open sign-up confirms each email by mail, so it needs a mail server.
    expect(() => loadConfig({ DASHBOARD_SIGNUP: 'open' })).toThrow(/SMTP_URL is required when DASHBOARD_SIGNUP=open/);
    expect(loadConfig({ DASHBOARD_SIGNUP: 'open', SMTP_URL: 'smtp://127.0.0.1:25' }).DASHBOARD_SIGNUP).toBe('open');
  });

  it('parses WORKER_CONCURRENCY', () => {
    expect(loadConfig({ WORKER_CONCURRENCY: 'image=3, maintenance=1' }).WORKER_CONCURRENCY).toEqual({ image: 3, maintenance: 1 });
    expect(() => loadConfig({ WORKER_CONCURRENCY: 'image:3' })).toThrow(/WORKER_CONCURRENCY/);
  });
});
