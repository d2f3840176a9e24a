import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnstorableText, unstorableCharacter } from '../../src/api/schemas/storable-text';
import { suggestField, unknownFieldMessage, withinOneEdit } from '../../src/api/schemas/unknown-fields';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

let svc: TestService;
let auth: Record<string, string>;

beforeAll(async () => {
  svc = await startTestService();
  ({ auth } = await createTestAccount(svc.rt));
});
afterAll(() => svc.close());

async function invalid(res: Response): Promise<string> {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.code).toBe('invalid_parameter');
  return body.error.message;
}

describe('unknown fields', () => {
  it('a misspelt field is refused with the field it is one edit from', async () => {
    const res = await svc.app.request('/v1/text/generate', jsonRequest({ prompt: 'owls', max_token: 20 }, auth));
    expect(await invalid(res)).toBe("unknown field 'max_token'; did you mean 'max_tokens'?");
  });

  it('a swap of neighbours is one edit', async () => {
    const res = await svc.app.request('/v1/image/generate', jsonRequest({ promtp: 'owls' }, auth));
    expect(await invalid(res)).toBe("unknown field 'promtp'; did you mean 'prompt'?");
  });

  it('a field further away is refused with the list of accepted fields', async () => {
    const res = await svc.app.request('/v1/voice/synthesize', jsonRequest({ text: 'Hello.', voice: 'en-us-female' }, auth));
    expect(await invalid(res)).toBe("unknown field 'voice'; the accepted fields are 'text', 'voice_id', 'language', 'speed', 'format', 'timestamps'.");
  });

  it('__proto__ is a field like any other', async () => {
    const res = await svc.app.request('/v1/plagiarism/check', jsonRequest('{"text":"a text","__proto__":{"x":1}}', auth));
    expect(await invalid(res)).toMatch(/^unknown field '__proto__'/);
  });

  it('edit distance: insertion, deletion, substitution and swap are one edit; two are not', () => {
    expect(withinOneEdit('max_token', 'max_tokens')).toBe(true);
    expect(withinOneEdit('max_tokenss', 'max_tokens')).toBe(true);
    expect(withinOneEdit('max_tokans', 'max_tokens')).toBe(true);
    expect(withinOneEdit('max_tokesn', 'max_tokens')).toBe(true);
    expect(withinOneEdit('amx_tokens', 'max_tokens')).toBe(true);
    expect(withinOneEdit('max_tkoesn', 'max_tokens')).toBe(false);
    expect(withinOneEdit('max_toke', 'max_tokens')).toBe(false);
    expect(withinOneEdit('voice', 'voice_id')).toBe(false);
    expect(suggestField('Prompt', ['prompt'])).toBe('prompt');
    expect(unknownFieldMessage('x', [])).toBe("unknown field 'x'; this endpoint takes no fields.");
    expect(unknownFieldMessage('y'.repeat(500), ['a'])).toContain(`'${'y'.repeat(100)}…'`);
  });
});

describe('text Postgres cannot store', () => {
  it('NUL in a clone name is refused naming the field', async () => {
    const res = await svc.app.request('/v1/voice/clone', jsonRequest({ name: 'a\u0000b', sample_url: 'https://example.com/v.mp3' }, auth));
    expect(await invalid(res)).toBe("'name' contains a NUL character (U+0000), which cannot be stored; remove it.");
  });

  it('NUL in a plagiarism text and a lone surrogate in a prompt are refused naming the field', async () => {
    expect(await invalid(await svc.app.request('/v1/plagiarism/check', jsonRequest({ text: `${'word '.repeat(100)}\u0000` }, auth)))).toMatch(
      /^'text' contains a NUL character/,
    );
    const surrogate = await invalid(await svc.app.request('/v1/text/generate', jsonRequest({ prompt: 'owls \ud83d' }, auth)));
    expect(surrogate).toBe("'prompt' contains an unpaired UTF-16 surrogate (U+D83D), which is not valid Unicode text.");
    // A well-formed pair (an emoji) is fine: the request gets past validation.
    const emoji = await svc.app.request('/v1/image/generate', jsonRequest({ prompt: 'owls \ud83e\udd89', count: 0 }, auth));
    expect(await invalid(emoji)).toMatch(/^'count'/);
  });

  it('escaped in the JSON text, too', async () => {
    expect(await invalid(await svc.app.request('/v1/file/chat', jsonRequest('{"file_id":"file_x","message":"hi\\u0000"}', auth)))).toMatch(
      /^'message' contains a NUL/,
    );
    expect(await invalid(await svc.app.request('/v1/file/chat', jsonRequest('{"file_id":"file_x","message":"\\udc00hi"}', auth)))).toMatch(
      /^'message' contains an unpaired UTF-16 surrogate \(U\+DC00\)/,
    );
  });

  it('the walk names nested values and keys, and survives deep nesting', () => {
    expect(unstorableCharacter('fine \ud83e\udd89')).toBeNull();
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] })).toEqual({ field: 'a.1.b', problem: expect.stringContaining('NUL') });
    expect(findUnstorableText({ a: { 'k\ud800': 1 } })?.field).toBe('a.k\ud800');
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText({ deep })?.field).toBe(`deep${'.0'.repeat(100_000)}`);
  });
});

describe('path parameters and query strings', () => {
  it('bad percent-encoding in a path parameter is 400 naming the parameter', async () => {
    const res = await svc.app.request('/v1/hosting/domains/%zz', { headers: auth });
    expect(await invalid(res)).toBe("The path parameter 'domain' is not valid percent-encoded UTF-8.");
    expect(await invalid(await svc.app.request('/v1/voices/%ED%A0%80', { headers: auth }))).toMatch(/^The path parameter 'voice_id' is not valid/);
  });

  it('NUL in an id is 400 naming the parameter, on every route that looks one up', async () => {
    for (const [path, name] of [
      ['/v1/hosting/deployments/dep_%00', 'id'],
      ['/v1/hosting/deployments/dep_%00/logs', 'id'],
      ['/v1/jobs/img_%00', 'id'],
      ['/v1/voices/voice_%00', 'voice_id'],
      ['/v1/hosting/domains/a%00.com', 'domain'],
    ]) {
      expect(await invalid(await svc.app.request(path!, { headers: auth }))).toMatch(new RegExp(`^The path parameter '${name}' contains a NUL character`));
    }
    expect(await invalid(await svc.app.request('/v1/hosting/deployments/dep_%00/rollback', { method: 'POST', headers: auth }))).toMatch(/'id' contains a NUL/);
    expect(await invalid(await svc.app.request('/v1/voices/voice_%00', { method: 'DELETE', headers: auth }))).toMatch(/'voice_id' contains a NUL/);
  });

  it('a percent sign that decodes once is an ordinary character (not found, not decoded twice)', async () => {
    const res = await svc.app.request('/v1/hosting/domains/%25zz.com', { headers: auth });
    expect(res.status).toBe(404);
  });

  it('query parameters must decode too', async () => {
    expect(await invalid(await svc.app.request('/v1/usage?x=%zz', { headers: auth }))).toBe("The query parameter 'x' is not valid percent-encoded UTF-8.");
    expect(await invalid(await svc.app.request('/v1/usage?limit=1&after=a%00', { headers: auth }))).toMatch(/^The query parameter 'after' contains a NUL/);
    expect((await svc.app.request('/v1/usage?x=a+b%20c', { headers: auth })).status).toBe(200);
  });

  it('authentication still comes first', async () => {
    expect((await svc.app.request('/v1/jobs/img_%00')).status).toBe(401);
  });
});
