import { describe, expect, it } from 'vitest';
import { describeProblem, toAcmeProblem } from '../../src/hosting/tls';

describe('toAcmeProblem', () => {
  it('keeps the RFC 8555 fields, subproblems included, and drops the rest', () => {
    const raw = {
      type: 'urn:ietf:params:acme:error:malformed',
      detail: 'Some of the identifiers requested were rejected',
      status: 400,
      instance: 'https://ca.example/x',
      subproblems: [
        { type: 'urn:ietf:params:acme:error:rejectedIdentifier', detail: 'not allowed', identifier: { type: 'dns', value: 'a.example' }, extra: 1 },
        { detail: 'no type', status: 'nope' },
      ],
    };
    expect(toAcmeProblem(raw, 'fallback')).toEqual({
      type: 'urn:ietf:params:acme:error:malformed',
      detail: 'Some of the identifiers requested were rejected',
      status: 400,
      subproblems: [
        { type: 'urn:ietf:params:acme:error:rejectedIdentifier', detail: 'not allowed', identifier: { type: 'dns', value: 'a.example' } },
        { detail: 'no type' },
      ],
    });
  });

  it('falls back to the given detail when the CA sent nothing usable', () => {
    expect(toAcmeProblem(undefined, 'validation failed')).toEqual({ detail: 'validation failed' });
    expect(toAcmeProblem('oops', 'validation failed')).toEqual({ detail: 'validation failed' });
    expect(toAcmeProblem({ type: '', detail: 3, status: 4.5 }, 'x')).toEqual({ detail: 'x' });
  });

  it('describes a problem in one line', () => {
    expect(describeProblem({ type: 'urn:ietf:params:acme:error:dns', detail: 'no A record' })).toBe('no A record (urn:ietf:params:acme:error:dns)');
    expect(describeProblem(undefined)).toBe('no detail given by the CA');
  });
});
