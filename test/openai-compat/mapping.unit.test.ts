import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  base64Vector,
  chatRequestSchema,
  kilnImageSize,
  openaiError,
  paramOfMessage,
  readChatRequest,
  readSpeechRequest,
  speechRequestSchema,
} from '../../src/openai-compat';

describe("OpenAI's shapes for Kiln (src/openai-compat)", () => {
  it("maps Kiln's error codes to OpenAI's type and code, the field of a validation message to param", () => {
    expect(openaiError('unauthorized', 'API key not recognised.', 401)).toEqual({
      error: { message: 'API key not recognised.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    });
    expect(openaiError('quota_exceeded', 'no', 429).error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(openaiError('rate_limit_exceeded', 'slow down', 429).error).toMatchObject({ type: 'requests', code: 'rate_limit_exceeded' });
    expect(openaiError('invalid_parameter', "'temperature' must be from 0 to 2", 400).error.param).toBe('temperature');
    expect(paramOfMessage("unknown field 'max_token'; did you mean 'max_tokens'?")).toBe('max_token');
    expect(openaiError('upstream_error', 'provider said no', 502).error).toMatchObject({ type: 'api_error', param: null });
  });

  it('reads a chat: text parts joined, max_completion_tokens over max_tokens, tools and images refused naming the field', () => {
    const parse = (body: object) => readChatRequest(v.parse(chatRequestSchema, body));
    const ok = parse({
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ],
      max_tokens: 10,
      max_completion_tokens: 20,
      stop: 'END',
    });
    expect(ok).toEqual({
      ok: true,
      value: { messages: [{ role: 'user', content: 'a\nb' }], maxTokens: 20, stream: false, includeUsage: false, sampling: { stop: ['END'] } },
    });
    expect(parse({ model: 'm', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x' } }] }] })).toMatchObject({
      ok: false,
      refusal: { param: 'messages[0].content[0]' },
    });
    expect(parse({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [] })).toMatchObject({ ok: false, refusal: { param: 'tools' } });
    expect(parse({ model: 'm', messages: [{ role: 'system', content: 'only a system message' }] })).toMatchObject({
      ok: false,
      refusal: { param: 'messages' },
    });
  });

  it('maps sizes, speech formats and voices; base64 vectors are little-endian float32', () => {
    const sizes = ['512x512', '1024x1024', '1024x1792'] as const;
    expect(kilnImageSize('auto', sizes)).toEqual({ ok: true, size: '1024x1024' });
    expect(kilnImageSize(undefined, sizes)).toEqual({ ok: true, size: '1024x1024' });
    expect(kilnImageSize('1536x1024', sizes)).toMatchObject({ ok: false });
    const speech = (body: object) => readSpeechRequest(v.parse(speechRequestSchema, { model: 'm', input: 'hi', voice: 'alloy', ...body }));
    expect(speech({ response_format: 'pcm' })).toMatchObject({ ok: true, value: { format: 'pcm_24000', voiceId: undefined, contentType: 'audio/pcm' } });
    expect(speech({ voice: 'en-us-clone' })).toMatchObject({ ok: true, value: { voiceId: 'en-us-clone', format: 'mp3' } });
    expect(speech({ speed: 3 })).toMatchObject({ ok: false, param: 'speed' });
    expect(Buffer.from(base64Vector(new Float32Array([1, -0.5])), 'base64')).toEqual(Buffer.from([0, 0, 0x80, 0x3f, 0, 0, 0, 0xbf]));
  });
});
