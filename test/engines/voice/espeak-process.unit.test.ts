import { describe, expect, it } from 'vitest';
import { EspeakProcess } from '../../../src/engines/voice/espeak-process';
import { readWavPcm } from '../../../src/engines/voice/wav';
import { sampleFor } from './speech-samples';

const args = (voice: string) => ['-v', voice, '-p', '50', '-P', '50', '-s', '175', '-b', '1', '-D', '-w', '/out.wav', '-f', '/in.txt'];

function speak(espeak: EspeakProcess, voice: string, text: string) {
  const pieces: Buffer[] = [];
  const run = espeak.run(args(voice), text, (bytes) => pieces.push(Buffer.from(bytes)));
  return { ...run, wav: Buffer.concat(pieces) };
}

describe('EspeakProcess (one instance, restored between runs)', () => {
  it('gives the same audio as a new instance, whatever ran before', async () => {
    const fresh = await EspeakProcess.start();
    const used = await EspeakProcess.start();
    const text = sampleFor('en');

    const reference = speak(fresh, 'en-us+f3', text);
    speak(used, 'cmn+m3', sampleFor('zh'));
    const failed = speak(used, 'qqqq', 'nothing');
    speak(used, 'de', sampleFor('de'));
    const again = speak(used, 'en-us+f3', text);

    expect(reference.status).toBe(0);
    expect(reference.wav.length).toBeGreaterThan(22_050 * 2);
    expect(failed.status).not.toBe(0);
    expect(failed.bytesWritten).toBe(0);
    expect(failed.errors.join(' ')).toMatch(/does not exist/);
    expect(again.status).toBe(0);
    expect(again.wav.equals(reference.wav)).toBe(true);
    expect(readWavPcm(again.wav, 22_050).length).toBe((again.wav.length - 44) / 2);
    expect(used.broken).toBe(false);
  });

  it('never writes to the embedded voice data it does not copy', async () => {
    const espeak = await EspeakProcess.start();
    const span = espeak.frozenSpan;
    if (!span) throw new Error('the embedded file table was not found; the whole memory would be copied instead');
    expect(span.end - span.start).toBeGreaterThan(10_000_000);
    const before = Buffer.from(new Uint8Array(espeak.memory, span.start, span.end - span.start));
    for (const language of ['en', 'es', 'fr', 'de', 'zh', 'ja', 'ru', 'ar', 'hi', 'ko']) {
      const voice = { en: 'en-us', zh: 'cmn' }[language] ?? language;
      expect(speak(espeak, `${voice}+f2`, sampleFor(language)).status, language).toBe(0);
    }
    const after = Buffer.from(new Uint8Array(espeak.memory, span.start, span.end - span.start));
    expect(after.equals(before)).toBe(true);
    expect(espeak.broken).toBe(false);
  });

  it('hands back an error thrown by the receiver after the run, and stays usable', async () => {
    const espeak = await EspeakProcess.start();
    const boom = new Error('disk full');
    expect(() =>
      espeak.run(args('en-us'), 'Hello there.', () => {
        throw boom;
      }),
    ).toThrow(boom);
    expect(espeak.broken).toBe(false);
    expect(speak(espeak, 'en-us', 'Hello there.').wav.length).toBeGreaterThan(10_000);
  });

  it('leaves no files open between runs', async () => {
    const espeak = await EspeakProcess.start();
    for (let i = 0; i < 3; i++) speak(espeak, 'en-us', 'One more time.');
    const open = (espeak as unknown as { fs: { streams: unknown[] } }).fs.streams.filter(Boolean);
    expect(open.length).toBe(3); // stdin, stdout, stderr
  });
});
