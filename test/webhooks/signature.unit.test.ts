import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from '../../src/webhooks/signature';

// The vector every Standard Webhooks reference library tests against (libraries/*/tests, `test_sign_function`).
const SPEC = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('Standard Webhooks signatures', () => {
  it('signs the spec’s published test vector to the published signature, with or without the whsec_ prefix', () => {
    expect(signWebhook(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body)).toBe(SPEC.signature);
    expect(signWebhook(SPEC.secret.slice(6), SPEC.id, SPEC.timestamp, SPEC.body)).toBe(SPEC.signature);
  });

  it('verifies the vector within the tolerance and refuses it outside, altered or unsigned', () => {
    const headers = { 'webhook-id': SPEC.id, 'webhook-timestamp': String(SPEC.timestamp), 'webhook-signature': SPEC.signature };
    expect(() => verifyWebhook(SPEC.secret, headers, SPEC.body, { nowSeconds: SPEC.timestamp + 10 })).not.toThrow();
    expect(() => verifyWebhook(SPEC.secret, headers, SPEC.body, { nowSeconds: SPEC.timestamp + 301 })).toThrow(/too old/);
    expect(() => verifyWebhook(SPEC.secret, headers, SPEC.body, { nowSeconds: SPEC.timestamp - 301 })).toThrow(/too new/);
    expect(() => verifyWebhook(SPEC.secret, headers, `${SPEC.body} `, { nowSeconds: SPEC.timestamp })).toThrow(/no matching signature/);
    expect(() => verifyWebhook(SPEC.secret, { ...headers, 'webhook-id': 'msg_other' }, SPEC.body, { nowSeconds: SPEC.timestamp })).toThrow(/no matching/);
    expect(() => verifyWebhook(SPEC.secret, { ...headers, 'webhook-timestamp': 'soon' }, SPEC.body, { nowSeconds: SPEC.timestamp })).toThrow(
      /invalid timestamp/,
    );
    expect(() => verifyWebhook(SPEC.secret, { 'webhook-id': SPEC.id }, SPEC.body)).toThrow(/missing headers/);
    // Several signatures (a secret being rotated): any one matching is enough.
    const rotated = { ...headers, 'webhook-signature': `v1,AAAA v1a,BBBB ${SPEC.signature}` };
    expect(() => verifyWebhook(SPEC.secret, rotated, SPEC.body, { nowSeconds: SPEC.timestamp })).not.toThrow();
  });

  it('new secrets carry 32 random bytes and sign as an independent HMAC over "id.timestamp.body" does', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newWebhookSecret()).not.toBe(secret);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(key).toHaveLength(32);
    const body = JSON.stringify({ type: 'job.completed', timestamp: '2026-01-01T00:00:00.000Z', data: { id: 'gen_1', text: 'é ✓' } });
    const independent = createHmac('sha256', key)
      .update(Buffer.from(`msg_abc.1700000000.${body}`, 'utf8'))
      .digest('base64');
    const headers = webhookHeaders(secret, 'msg_abc', 1700000000, body);
    expect(headers).toEqual({ 'webhook-id': 'msg_abc', 'webhook-timestamp': '1700000000', 'webhook-signature': `v1,${independent}` });
  });
});
