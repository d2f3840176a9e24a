import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, sendJson, startFakeApi, type FakeApi } from '../support/fake-api';
import { createOpenAIImageProvider, ImageProviderError, readPngSize, type ImageRequest } from '../../src/engines/image';
import { IMAGE_SIZES } from '../../src/queue/jobs';
import { IMAGE_MODELS } from '../support/fake-openai';

interface Seen {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** Requests the fake server received; it picks its answer from the prompt prefix, so tests stay independent. */
let seen: Seen[] = [];
let fake: FakeApi;
let baseUrl: string;

// Deliberately not the requested size, and not even the requested aspect, to exercise resizing.
const remotePng = (() => {
  const canvas = createCanvas(300, 200);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, 300, 200);
  return canvas.toBuffer('image/png');
})();

/** A PNG of `WxH`, as a model that drew exactly the size it was sent answers. */
const sizedPngs = new Map<string, Buffer>();
function pngOfSize(size: string): Buffer {
  const cached = sizedPngs.get(size);
  if (cached) return cached;
  const [w, h] = size.split('x').map(Number) as [number, number];
  const canvas = createCanvas(w, h);
  canvas.getContext('2d').fillStyle = '#2050a0';
  canvas.getContext('2d').fillRect(0, 0, w, h);
  const png = canvas.toBuffer('image/png');
  sizedPngs.set(size, png);
  return png;
}

beforeAll(async () => {
  fake = await startFakeApi<Seen['body']>(
    '/images/generations',
    (call, res) => {
      const { body } = call;
      seen.push(call);
      const prompt = String(body.prompt);
      const send = (status: number, payload: unknown): void => sendJson(res, status, payload);
      // The fake (test/support/fake-openai.ts) has already refused what api.openai.com refuses.
      if (prompt.startsWith('sized')) send(200, { created: 1, data: [{ b64_json: pngOfSize(String(body.size)).toString('base64') }] });
      else if (prompt.startsWith('bad')) send(400, { error: { message: 'Your prompt was rejected by the safety system', type: 'invalid_request_error' } });
      else if (prompt.startsWith('broken')) send(500, { error: { message: 'upstream exploded' } });
      else if (prompt.startsWith('busy')) send(429, { error: { message: 'slow down' } });
      else if (prompt.startsWith('notpng')) send(200, { data: [{ b64_json: Buffer.from('GIF89a nope').toString('base64') }] });
      else if (prompt.startsWith('url')) send(200, { data: [{ url: `${baseUrl.replace('/v1', '')}/files/image.png` }] });
      else if (prompt.startsWith('revised'))
        send(200, { data: [{ b64_json: remotePng.toString('base64'), revised_prompt: 'A red square, as the server drew it.' }] });
      else send(200, { created: 1, data: [{ b64_json: remotePng.toString('base64') }] });
    },
    (req, res) => {
      if (req.method !== 'GET' || req.url !== '/files/image.png') return false;
      res.writeHead(200, { 'content-type': 'image/png' }).end(remotePng);
      return true;
    },
  );
  baseUrl = fake.baseUrl;
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  seen = [];
});

const req: ImageRequest = { prompt: 'a red barn', style: 'illustration', width: 512, height: 768, variant: 0 };

async function failure(promise: Promise<unknown>): Promise<ImageProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageProviderError);
  return err as ImageProviderError;
}

describe('createOpenAIImageProvider', () => {
  it('posts an OpenAI images request and returns a PNG resized to the requested size', async () => {
    const provider = createOpenAIImageProvider({ baseUrl, apiKey: 'sk-test', model: 'dall-e-3' });
    expect(provider.name).toBe('openai');
    const { png } = await provider.generate(req);

    expect(seen).toHaveLength(1);
    const [call] = seen as [Seen];
    expect(call.path).toBe('/v1/images/generations');
    expect(call.authorization).toBe('Bearer sk-test');
    // dall-e-3 draws 1024x1792 as its nearest shape to 512x768; the answer is scaled and cropped to the size asked.
    expect(call.body).toMatchObject({ model: 'dall-e-3', n: 1, size: '1024x1792', response_format: 'b64_json' });
    expect(String(call.body.prompt)).toContain('a red barn');
    expect(String(call.body.prompt).toLowerCase()).toContain('illustration');

    expect(readPngSize(png)).toEqual({ width: 512, height: 768 });
    const image = await loadImage(png);
    const canvas = createCanvas(1, 1);
    canvas.getContext('2d').drawImage(image, 256, 384, 1, 1, 0, 0, 1, 1);
    const [r, g, b] = canvas.getContext('2d').getImageData(0, 0, 1, 1).data;
    expect([r, g, b]).toEqual([255, 0, 0]);
  });

  it("passes on the server's revised_prompt, and has none when the server sends none", async () => {
    const revised = await createOpenAIImageProvider({ baseUrl }).generate({ ...req, prompt: 'revised please' });
    expect(revised.revisedPrompt).toBe('A red square, as the server drew it.');
    expect(readPngSize(revised.png)).toEqual({ width: 512, height: 768 });
    const plain = await createOpenAIImageProvider({ baseUrl }).generate(req);
    expect(plain.revisedPrompt).toBeUndefined();
  });

  it('returns the PNG untouched when the server already sent the right size', async () => {
    const { png } = await createOpenAIImageProvider({ baseUrl }).generate({ ...req, width: 300, height: 200 });
    expect(png.equals(remotePng)).toBe(true);
  });

  it('sends no Authorization header without an api key, and a default model', async () => {
    await createOpenAIImageProvider({ baseUrl: `${baseUrl}/` }).generate(req);
    expect(seen[0]?.authorization).toBeUndefined();
    expect(typeof seen[0]?.body.model).toBe('string');
    expect(seen[0]?.body.model).not.toBe('');
  });

  it('downloads data[0].url when the server returns a url instead of base64', async () => {
    const { png } = await createOpenAIImageProvider({ baseUrl }).generate({ ...req, prompt: 'url please', width: 1024, height: 1792 });
    expect(readPngSize(png)).toEqual({ width: 1024, height: 1792 });
  });

  it('marks a 400 as permanent and carries the server message', async () => {
    const err = await failure(createOpenAIImageProvider({ baseUrl }).generate({ ...req, prompt: 'bad prompt' }));
    expect(err.permanent).toBe(true);
    expect(err.status).toBe(400);
    expect(err.message).toContain('400');
    expect(err.message).toContain('Your prompt was rejected by the safety system');
  });

  it('marks a 500 as retryable', async () => {
    const err = await failure(createOpenAIImageProvider({ baseUrl }).generate({ ...req, prompt: 'broken' }));
    expect(err.permanent).toBe(false);
    expect(err.status).toBe(500);
    expect(err.message).toContain('upstream exploded');
  });

  it('marks a 429 as retryable even though it is a 4xx', async () => {
    const err = await failure(createOpenAIImageProvider({ baseUrl }).generate({ ...req, prompt: 'busy' }));
    expect(err.permanent).toBe(false);
    expect(err.status).toBe(429);
  });

  it('rejects a response that is not a PNG', async () => {
    const err = await failure(createOpenAIImageProvider({ baseUrl }).generate({ ...req, prompt: 'notpng' }));
    expect(err.message).toMatch(/not a PNG/);
  });

  it('reports an unreachable server as a retryable error', async () => {
    const port = await closedPort();
    const err = await failure(createOpenAIImageProvider({ baseUrl: `http://127.0.0.1:${port}/v1` }).generate(req));
    expect(err.permanent).toBe(false);
    expect(err.message).toContain('unreachable');
  });

  it('times out a server that never answers', async () => {
    const silent = createServer(() => {
      // Never respond.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const provider = createOpenAIImageProvider({ baseUrl: `http://127.0.0.1:${port}/v1`, timeoutMs: 100 });
      const err = await failure(provider.generate(req));
      expect(err.message).toMatch(/within 100 ms/);
      expect(err.permanent).toBe(false);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('each OpenAI image model gets the request it accepts', () => {
  const cases: [model: string, asked: [number, number], sent: string, responseFormat: boolean][] = [
    ['gpt-image-1', [1024, 1024], '1024x1024', false],
    ['gpt-image-1', [512, 512], '1024x1024', false],
    ['gpt-image-1', [1024, 1792], '1024x1536', false],
    ['gpt-image-1', [1792, 1024], '1536x1024', false],
    ['dall-e-3', [512, 512], '1024x1024', true],
    ['dall-e-3', [1024, 1792], '1024x1792', true],
    ['dall-e-2', [512, 512], '512x512', true],
    ['dall-e-2', [1024, 1792], '1024x1024', true],
    ['some-local-model', [1024, 1792], '1024x1792', true],
  ];
  it.each(cases)('%s asked %j: sends %s, response_format %s; the PNG has the size asked', async (model, [width, height], sent, responseFormat) => {
    const { png } = await createOpenAIImageProvider({ baseUrl, model }).generate({ ...req, width, height });
    const [call] = seen as [Seen];
    expect(call.body.size).toBe(sent);
    expect('response_format' in call.body).toBe(responseFormat);
    expect(readPngSize(png)).toEqual({ width, height });
  });

  // Every Kiln size from every OpenAI image model: the fake refuses any size, parameter or prompt the model does not take.
  const drawn: Record<string, Record<(typeof IMAGE_SIZES)[number], string>> = {
    'gpt-image-1': { '512x512': '1024x1024', '1024x1024': '1024x1024', '1024x1792': '1024x1536', '1792x1024': '1536x1024' },
    'dall-e-3': { '512x512': '1024x1024', '1024x1024': '1024x1024', '1024x1792': '1024x1792', '1792x1024': '1792x1024' },
    'dall-e-2': { '512x512': '512x512', '1024x1024': '1024x1024', '1024x1792': '1024x1024', '1792x1024': '1024x1024' },
  };
  const grid = Object.keys(IMAGE_MODELS).flatMap((model) => IMAGE_SIZES.map((size) => [model, size] as const));
  it.each(grid)('%s, Kiln size %s: accepted, the PNG has the size asked, and a note says what the model drew', async (model, size) => {
    const [width, height] = size.split('x').map(Number) as [number, number];
    const made = drawn[model]![size];
    const result = await createOpenAIImageProvider({ baseUrl, model }).generate({ ...req, prompt: 'sized lighthouse', width, height });
    expect(seen.map((s) => s.body.size)).toEqual([made]);
    expect(readPngSize(result.png)).toEqual({ width, height });
    if (made === size) expect(result.note).toBeUndefined();
    else {
      const [mw, mh] = made.split('x').map(Number) as [number, number];
      const verb = mw * height === mh * width ? 'scaled' : 'cropped and scaled';
      expect(result.note).toBe(`drawn by ${model} at ${made}, ${verb} to ${size}`);
    }
  });

  it('notes name the example of the issue exactly', async () => {
    const { note } = await createOpenAIImageProvider({ baseUrl, model: 'dall-e-2' }).generate({ ...req, prompt: 'sized', width: 1024, height: 1792 });
    expect(note).toBe('drawn by dall-e-2 at 1024x1024, cropped and scaled to 1024x1792');
  });

  it("a prompt as long as Kiln takes (4,000 characters) is shortened to each model's limit, keeping the style", async () => {
    const long = `sized ${'a lighthouse on a rocky cliff above the stormy sea '.repeat(80)}`.slice(0, 4000);
    for (const model of Object.keys(IMAGE_MODELS)) {
      await createOpenAIImageProvider({ baseUrl, model }).generate({ ...req, prompt: long, width: 1024, height: 1024 });
    }
    for (const { body } of seen) {
      const prompt = String(body.prompt);
      expect(prompt.length).toBeLessThanOrEqual(IMAGE_MODELS[String(body.model)]!.maxPrompt);
      expect(prompt).toMatch(/\S\n\nStyle: flat vector illustration.*\.$/);
      // Shortened at a word: what is kept is the start of the prompt, ending before a space.
      const kept = prompt.split('\n\nStyle:')[0]!;
      expect(long.startsWith(kept)).toBe(true);
      if (kept.length < long.length) expect(long[kept.length]).toMatch(/\s/);
    }
    expect(String(seen[0]!.body.prompt)).toContain(long.trim());
    expect(String(seen[2]!.body.prompt).length).toBeGreaterThan(900);
  });

  it('the fake refuses what api.openai.com refuses (so the cases above can fail)', async () => {
    const { status, body } = await postImages({ model: 'gpt-image-1', prompt: 'x', size: '1024x1024', response_format: 'b64_json' });
    expect(status).toBe(400);
    expect(body.error.param).toBe('response_format');
    expect((await postImages({ model: 'dall-e-3', prompt: 'x', size: '512x512' })).status).toBe(400);
    expect((await postImages({ model: 'dall-e-2', prompt: 'x', size: '1024x1792' })).body.error.param).toBe('size');
    expect((await postImages({ model: 'gpt-image-1', prompt: 'x', size: '1792x1024' })).body.error.param).toBe('size');
    expect((await postImages({ model: 'dall-e-3', prompt: 'x', size: '1024x1024', n: 2 })).body.error.param).toBe('n');
    expect((await postImages({ model: 'dall-e-2', prompt: 'x'.repeat(1001), size: '512x512' })).body.error.param).toBe('prompt');
    expect((await postImages({ model: 'dall-e-3', prompt: 'x', size: '1024x1024', colour: 'red' })).body.error.param).toBe('colour');
    expect(seen).toHaveLength(0);
  });
});

async function postImages(payload: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/images/generations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  return { status: res.status, body: (await res.json()) as { error: { param: string } } };
}
