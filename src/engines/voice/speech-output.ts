import { DEFAULT_AUDIO_FORMAT, type AudioFormat } from './audio-format';
import { openAudioWriter, type AudioWriter } from './audio-writer';
import { alignWords, EnergyEnvelope, spokenWords, type WordTiming } from './word-timing';

/**
 * Where a synthesis's PCM goes, chunk after chunk in playback order: into the file in the requested
 * format and, when timestamps are wanted, into the word aligner. Durations and word times count the
 * engine's own samples, so they are the same whatever the file's format or rate.
 */
export class SpeechOutput {
  /** Engine samples received so far (all chunks). */
  samples = 0;
  private chunk: { text: string; firstSample: number; envelope?: EnergyEnvelope } | undefined;
  private readonly words: WordTiming[] | undefined;

  private constructor(
    private readonly writer: AudioWriter,
    readonly sampleRate: number,
    private readonly language: string | undefined,
    timestamps: boolean,
  ) {
    this.words = timestamps ? [] : undefined;
  }

  static async open(path: string, opts: { format?: AudioFormat; sampleRate: number; timestamps?: boolean; language?: string }): Promise<SpeechOutput> {
    const writer = await openAudioWriter(path, opts.format ?? DEFAULT_AUDIO_FORMAT, { sampleRate: opts.sampleRate });
    return new SpeechOutput(writer, opts.sampleRate, opts.language, opts.timestamps ?? false);
  }

  get seconds(): number {
    return this.samples / this.sampleRate;
  }

  /** Starts the chunk whose words the following PCM says. */
  beginChunk(text: string): void {
    this.chunk = { text, firstSample: this.samples, envelope: this.words ? new EnergyEnvelope(this.sampleRate) : undefined };
  }

  /** Synchronous, so an engine that produces PCM synchronously can feed it directly. */
  pcm = (pcm: Int16Array): void => {
    this.writer.encode(pcm);
    this.chunk?.envelope?.push(pcm);
    this.samples += pcm.length;
  };

  /** Ends the current chunk: times its words (or takes the engine's) and writes its audio out. */
  async endChunk(reported?: { word: string; startSample: number; endSample: number }[]): Promise<void> {
    const chunk = this.chunk;
    this.chunk = undefined;
    if (chunk && this.words) {
      const offset = chunk.firstSample / this.sampleRate;
      if (reported?.length) {
        for (const w of reported) {
          this.words.push({ word: w.word, start: round(offset + w.startSample / this.sampleRate), end: round(offset + w.endSample / this.sampleRate) });
        }
      } else {
        const words = spokenWords(chunk.text, this.language);
        const times = alignWords(words, (chunk.envelope as EnergyEnvelope).levels());
        words.forEach((w, i) => {
          const t = times[i] as { start: number; end: number };
          this.words?.push({ word: w.word, start: round(offset + t.start), end: round(offset + t.end) });
        });
      }
    }
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
