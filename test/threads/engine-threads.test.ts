import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeGroups, SENTENCE_DIMS } from '../../src/engines/embeddings/sentence-encoder';
import { ImageProviderError } from '../../src/engines/image';
import { renderImage } from '../../src/engines/image/render-image';
import { BUILTIN_VOICES, measureMp3, SpeechProviderError } from '../../src/engines/voice';
import { createLocalSpeechProvider } from '../../src/engines/voice/local-provider';
import { EngineThreadCrashedError, EngineThreads } from '../../src/threads/pool';
import { createThreadedImageProvider, createThreadedSpeechProvider } from '../../src/threads/providers';
import { makePdf } from '../support/document-fixtures';

const threads = new EngineThreads(2);
afterAll(() => threads.close());
const dir = mkdtempSync(join(tmpdir(), 'kiln-threads-'));
const voice = BUILTIN_VOICES[0]!;
const TEXT = 'The engine speaks on its own thread. The main thread keeps answering in the meantime.';

describe('engine threads', () => {
  it('speak the same MP3 as the engine on the main thread, writing it where asked, with progress', async () => {
    const req = { text: TEXT, language: 'en', voice, speed: 1 };
    const progress: number[] = [];
    const threaded = await createThreadedSpeechProvider(threads).synthesize(req, join(dir, 'threaded.mp3'), {
      onProgress: (p) => void progress.push(p.doneChars),
    });
    const direct = await createLocalSpeechProvider().synthesize(req, join(dir, 'direct.mp3'));
    expect(threaded).toEqual(direct);
    expect(readFileSync(join(dir, 'threaded.mp3')).equals(readFileSync(join(dir, 'direct.mp3')))).toBe(true);
    expect((await measureMp3(readFileSync(join(dir, 'threaded.mp3')))).rms).toBeGreaterThan(0.02);
    expect(progress.at(-1)).toBe(TEXT.length);
  });

  it('encode the same sentence vectors as the encoder on the main thread, grouped as asked', async () => {
    const groups = [['The council has nine members.', 'It meets on Tuesdays.'], ['Parks cover 3,900 acres.']];
    const packed = await threads.run('sentences.encode', { groups });
    const local = await encodeGroups(groups);
    expect(packed.map((p) => p.byteLength)).toEqual([2 * SENTENCE_DIMS, SENTENCE_DIMS]);
    expect(packed.map((p) => Buffer.from(p).toString('hex'))).toEqual(local.map((b) => b.toString('hex')));
  });

  it('render the same PNG and revised prompt as the renderer on the main thread', async () => {
    const req = { prompt: 'a lighthouse at dusk', style: 'illustration' as const, width: 256, height: 192, variant: 1 };
    const { png, revisedPrompt } = await createThreadedImageProvider(threads).generate(req);
    const local = renderImage(req);
    expect(Buffer.isBuffer(png)).toBe(true);
    expect(png.equals(local.png)).toBe(true);
    expect(revisedPrompt).toBe(local.revisedPrompt);
  });

  it("keep an engine error's class and verdict, so workers map it as before", async () => {
    const err = await createThreadedSpeechProvider(threads)
      .synthesize({ text: TEXT, language: 'tlh', voice, speed: 1 }, join(dir, 'x.mp3'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechProviderError);
    expect((err as SpeechProviderError).permanent).toBe(true);
    expect((err as Error).message).toContain('does not speak');
    const bad = await createThreadedImageProvider(threads)
      .generate({ prompt: 'x', style: 'abstract', width: 0, height: 10, variant: 0 })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(RangeError);
    expect(bad).not.toBeInstanceOf(ImageProviderError);
  });

  it('take the format and timestamps across: the same µ-law bytes and word times as on the main thread', async () => {
    const req = { text: TEXT, language: 'en', voice, speed: 1, format: 'ulaw_8000' as const, timestamps: true };
    const threaded = await createThreadedSpeechProvider(threads).synthesize(req, join(dir, 'threaded.ulaw'));
    const direct = await createLocalSpeechProvider().synthesize(req, join(dir, 'direct.ulaw'));
    expect(threaded).toEqual(direct);
    expect(threaded.words).toHaveLength(15);
    expect(readFileSync(join(dir, 'threaded.ulaw')).equals(readFileSync(join(dir, 'direct.ulaw')))).toBe(true);
  });

  it('parse documents: PDF pages, docx passages and CSV rows, waiting for the caller between batches', async () => {
    const pdfPath = join(dir, 'doc.pdf');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(pdfPath, await makePdf(['First page about lighthouses.', 'Second page about harbours.']));
    const pages: number[] = [];
    const pdf = await threads.run('document.pdf', { path: pdfPath }, { onEvent: async (e) => void pages.push(e.page) });
    expect(pdf.pageCount).toBe(2);
    expect(pages).toEqual([1, 2]);
  });

  it('fail a task whose thread dies with a retryable error, and run the next task on a new thread', async () => {
    const err = await threads.run('debug.exit-thread', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineThreadCrashedError);
    const { png } = await createThreadedImageProvider(threads).generate({ prompt: 'after the crash', style: 'abstract', width: 64, height: 64, variant: 0 });
    expect(png.length).toBeGreaterThan(0);
  });

  it("fail with the caller's own error when its event handler throws, and with the abort reason when cancelled", async () => {
    const csvPath = join(dir, 'rows.csv');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(csvPath, `name,n\n${Array.from({ length: 2_000 }, (_, i) => `row ${i},${i}`).join('\n')}\n`);
    const mine = new Error('the database is gone');
    let batches = 0;
    const err = await threads
      .run(
        'document.csv',
        { path: csvPath },
        {
          onEvent: () => {
            batches++;
            throw mine;
          },
        },
      )
      .catch((e: unknown) => e);
    expect(err).toBe(mine);
    expect(batches).toBe(1);
    const controller = new AbortController();
    const long = createThreadedSpeechProvider(threads).synthesize({ text: TEXT.repeat(200), language: 'en', voice, speed: 1 }, join(dir, 'long.mp3'), {
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('stop now')),
    });
    await expect(long).rejects.toThrow('stop now');
  });
});
