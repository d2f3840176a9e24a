import { DEFAULT_AUDIO_FORMAT, type AudioFormat } from './audio-format';
import { openAudioWriter, type AudioWriter } from './audio-writer';
import { alignWords, EnergyEnvelope, spokenWords, type WordTiming } from './word-timing';

/**
 * Where a synthesis's PCM goes, chunk after chunk in playback order: into the file in the requested
 * format and, when timestamps are wanted, into the word aligner. Durations and word times count the
 * engine's own samples, so they are the same whatever the file's format or rate. Any engine fits: it
 * only has to say its sample rate and hand over mono 16-bit PCM (`pcm`), then end each chunk with the
 * chunk's text (`endChunk`).
 */
export class SpeechOutput {
  /** Engine samples received so far (all chunks). */
  samples = 0;
  /** Where the chunk being received started, and its energy envelope when timing words. */
  private chunkStart = 0;
  private envelope: EnergyEnvelope | undefined;
  private readonly words: WordTiming[] | undefined;

  private constructor(
    private readonly writer: AudioWriter,
    readonly sampleRate: number,
    private readonly language: string | undefined,
    timestamps: boolean,
  ) {
    this.words = timestamps ? [] : undefined;
    this.envelope = timestamps ? new EnergyEnvelope(sampleRate) : undefined;
  }

  static async open(path: string, opts: { format?: AudioFormat; sampleRate: number; timestamps?: boolean; language?: string }): Promise<SpeechOutput> {
    const writer = await openAudioWriter(path, opts.format ?? DEFAULT_AUDIO_FORMAT, { sampleRate: opts.sampleRate });
    return new SpeechOutput(writer, opts.sampleRate, opts.language, opts.timestamps ?? false);
  }

  get seconds(): number {
    return this.samples / this.sampleRate;
  }

  /** Synchronous, so an engine that produces PCM synchronously can feed it directly; a reused buffer is fine. */
  pcm = (pcm: Int16Array): void => {
    this.writer.encode(pcm);
    this.envelope?.push(pcm);
    this.samples += pcm.length;
  };

  /**
   * Ends the chunk whose PCM came since the last call, `text` being what it said: times its words
   * (or takes boundaries the engine reports, in samples from the chunk's start) and writes its audio out.
   */
  async endChunk(text: string, reported?: { word: string; startSample: number; endSample: number }[]): Promise<void> {
    if (this.words && this.envelope) {
      const offset = this.chunkStart / this.sampleRate;
      if (reported?.length) {
        for (const w of reported) {
          this.words.push({ word: w.word, start: round(offset + w.startSample / this.sampleRate), end: round(offset + w.endSample / this.sampleRate) });
        }
      } else {
        const words = spokenWords(text, this.language);
        const times = alignWords(words, this.envelope.levels());
        words.forEach((w, i) => {
          const t = times[i] as { start: number; end: number };
          this.words?.push({ word: w.word, start: round(offset + t.start), end: round(offset + t.end) });
        });
      }
      this.envelope = new EnergyEnvelope(this.sampleRate);
    }
    this.chunkStart = this.samples;
    await this.writer.flush();
  }

  async finish(): Promise<{ durationSeconds: number; bytes: number; words?: WordTiming[] }> {
    const { bytes } = await this.writer.finish();
    return { durationSeconds: this.seconds, bytes, ...(this.words ? { words: this.words } : {}) };
  }

  discard(): Promise<void> {
    return this.writer.discard();
  }
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
