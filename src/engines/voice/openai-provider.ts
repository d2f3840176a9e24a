import { open, rm, type FileHandle } from 'node:fs/promises';
import { isMp3, Mp3Meter } from './mp3-info';
import { SpeechOutput } from './speech-output';
import { callProvider } from '../provider-error';
import { SpeechProviderError } from './speech-provider-error';
import { splitText } from './split-text';
import type { SpeechProvider, SpeechRequest, SpeechResult } from './types';

export interface OpenAISpeechProviderOptions {
  /** API root including the version, e.g. `http://host/v1`. */
  baseUrl: string;
  apiKey?: string;
  model?: string;
  /** Voice for requests whose voice names none (cloned voices). */
  defaultVoice?: string;
  /** Per request; a long text is several requests. */
  timeoutMs?: number;
  /** Characters per request, at most OpenAI's limit of 4,096 (a larger value is held to it). */
  maxChunkChars?: number;
}

/** OpenAI's `input` limit: "The maximum length is 4096 characters." */
export const OPENAI_SPEECH_MAX_INPUT = 4096;
/** The voices `tts-1` and `tts-1-hd` speak (OpenAI's text-to-speech guide). */
const TTS1_VOICES = new Set(['alloy', 'ash', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer']);
/** The voices only `gpt-4o-mini-tts` speaks: `tts-1` refuses them. */
const GPT_TTS_ONLY_VOICES = new Set(['ballad', 'verse', 'marin', 'cedar']);

/**
 * Why OpenAI would refuse `voice` with `model`, or undefined. Only OpenAI's own voices are judged: another
 * server's voice names (Kokoro's `af_bella`…) are that server's business, even under the model name `tts-1`.
 */
export function openAIVoiceProblem(model: string, voice: string): string | undefined {
  if ((model === 'tts-1' || model === 'tts-1-hd') && GPT_TTS_ONLY_VOICES.has(voice)) {
    return `voice "${voice}" is not a voice of ${model} (it speaks ${[...TTS1_VOICES].join(', ')}); ${voice} needs gpt-4o-mini-tts`;
  }
  return undefined;
}

const DEFAULT_MODEL = 'tts-1';
const DEFAULT_VOICE = 'alloy';
const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_CHUNK_CHARS = 4000;

/** Bytes needed before judging a response: an ID3v2 header is 10. */
const HEAD_BYTES = 10;
/** OpenAI's `response_format: "pcm"`: bare 16-bit little-endian mono samples at this rate. */
const OPENAI_PCM_RATE = 24_000;

/**
 * Any OpenAI-compatible `/audio/speech` endpoint (OpenAI, LocalAI, openedai-speech, Kokoro-FastAPI).
 * Long texts go out as several requests in order. For a plain MP3 their MP3 bodies are appended to
 * one file, which stays a valid MP3 because MP3 is a plain sequence of self-contained frames. For any
 * other format, or word timestamps, the server is asked for bare PCM (its `pcm`, 24 kHz) and the audio
 * goes through the same output as the built-in engine's: one encoder, resampler and word aligner for
 * every source, so formats and timings behave alike whoever speaks.
 */
export function createOpenAISpeechProvider(opts: OpenAISpeechProviderOptions): SpeechProvider {
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  const model = opts.model ?? DEFAULT_MODEL;
  const defaultVoice = opts.defaultVoice ?? DEFAULT_VOICE;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxChars = Math.min(opts.maxChunkChars ?? DEFAULT_MAX_CHUNK_CHARS, OPENAI_SPEECH_MAX_INPUT);
  const defaultProblem = openAIVoiceProblem(model, defaultVoice);
  if (defaultProblem) throw new Error(`speech provider "openai": ${defaultProblem}`);

  /** One `/audio/speech` call for `input` in `format`, its body handed to `read`. */
  function requestSpeech<T>(
    input: string,
    req: SpeechRequest,
    format: 'mp3' | 'pcm',
    accept: string,
    read: (res: Response, body: ReadableStream<Uint8Array>) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const voice = req.voice.openaiVoice ?? defaultVoice;
    const problem = openAIVoiceProblem(model, voice);
    if (problem) return Promise.reject(new SpeechProviderError(`speech server at ${endpoint}: ${problem}`, { permanent: true }));
    const body = JSON.stringify({ model, input, voice, speed: req.speed, response_format: format });
    return callProvider({
      endpoint,
      apiKey: opts.apiKey,
      body,
      accept,
      timeoutMs,
      signal,
      server: 'speech server',
      ErrorClass: SpeechProviderError,
      read: async (res) => {
        if (!res.body) throw new SpeechProviderError(`speech server at ${endpoint} answered with an empty body`);
        return read(res, res.body);
      },
    });
  }

  function speakPart(input: string, req: SpeechRequest, file: FileHandle, first: boolean, signal?: AbortSignal): Promise<{ bytes: number; seconds: number }> {
    return requestSpeech(input, req, 'mp3', 'audio/mpeg', (_res, body) => appendMp3(body, file, first, endpoint), signal);
  }

  async function speakPcmPart(input: string, req: SpeechRequest, onPcm: (pcm: Int16Array) => void, signal?: AbortSignal): Promise<void> {
    await requestSpeech(
      input,
      req,
      'pcm',
      'audio/pcm, application/octet-stream',
      async (res, body) => {
        const type = res.headers.get('content-type') ?? '';
        // A server that ignores response_format answers MP3 or JSON; reading either as samples would be noise.
        if (/json|mpeg|mp3|wav|ogg|aac|flac/i.test(type)) {
          throw new SpeechProviderError(
            `speech server at ${endpoint} answered ${type} instead of the bare PCM (response_format "pcm") that format and timestamps need`,
            { permanent: true },
          );
        }
        await readPcm(body, onPcm);
      },
      signal,
    );
  }

  async function synthesizeThroughPcm(req: SpeechRequest, outPath: string, options: SynthesizeOptions): Promise<SpeechResult> {
    const { signal, onProgress } = options;
    const totalChars = req.text.length;
    const output = await SpeechOutput.open(outPath, { format: req.format, sampleRate: OPENAI_PCM_RATE, timestamps: req.timestamps, language: req.language });
    try {
      for (const chunk of splitText(req.text, { maxChars })) {
        signal?.throwIfAborted();
        await speakPcmPart(chunk.text, req, output.pcm, signal);
        await output.endChunk(chunk.text);
        onProgress?.({ doneChars: chunk.end, totalChars, audioSeconds: output.seconds });
      }
      if (output.samples === 0) throw new SpeechProviderError('the text contains nothing to speak', { permanent: true });
      const result = await output.finish();
      onProgress?.({ doneChars: totalChars, totalChars, audioSeconds: result.durationSeconds });
      return result;
    } catch (err) {
      await output.discard();
      throw err;
    }
  }

  return {
    name: 'openai',
    async synthesize(req: SpeechRequest, outPath: string, options = {}): Promise<SpeechResult> {
      const { signal, onProgress } = options;
      signal?.throwIfAborted();
      if ((req.format ?? 'mp3') !== 'mp3' || req.timestamps) return synthesizeThroughPcm(req, outPath, options);
      const totalChars = req.text.length;
      const file = await open(outPath, 'w');
      let bytes = 0;
      let seconds = 0;
      try {
        for (const chunk of splitText(req.text, { maxChars })) {
          signal?.throwIfAborted();
          const part = await speakPart(chunk.text, req, file, bytes === 0, signal);
          bytes += part.bytes;
          seconds += part.seconds;
          onProgress?.({ doneChars: chunk.end, totalChars, audioSeconds: seconds });
        }
        if (bytes === 0) throw new SpeechProviderError('the text contains nothing to speak', { permanent: true });
        await file.close();
        onProgress?.({ doneChars: totalChars, totalChars, audioSeconds: seconds });
        return { durationSeconds: seconds, bytes };
      } catch (err) {
        await file.close().catch(() => {});
        await rm(outPath, { force: true });
        throw err;
      }
    },
  };
}

type SynthesizeOptions = NonNullable<Parameters<SpeechProvider['synthesize']>[2]>;

/** Hands a body of bare little-endian 16-bit samples on as it arrives, carrying an odd byte across pieces. */
async function readPcm(body: AsyncIterable<Uint8Array>, onPcm: (pcm: Int16Array) => void): Promise<void> {
  let carry: number | undefined;
  for await (const received of body) {
    const bytes = carry === undefined ? received : concat(Uint8Array.of(carry), received);
    const count = bytes.length >> 1;
    carry = bytes.length & 1 ? bytes[bytes.length - 1] : undefined;
    if (count === 0) continue;
    const pcm = new Int16Array(count);
    const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
    for (let i = 0; i < count; i++) pcm[i] = view.getInt16(i * 2, true);
    onPcm(pcm);
  }
}

/**
 * Streams one response body to the end of `file`, decoding it on the way to measure its duration
 * (a fresh decoder per response: each body is its own MP3 stream). Later parts lose their leading
 * ID3 tag, which only belongs at the start of a file.
 */
async function appendMp3(body: AsyncIterable<Uint8Array>, file: FileHandle, first: boolean, endpoint: string): Promise<{ bytes: number; seconds: number }> {
  const meter = new Mp3Meter();
  try {
    await meter.ready;
    let head: Uint8Array | undefined = new Uint8Array(0);
    let skip = 0;
    let bytes = 0;
    for await (const received of body) {
      let piece = received;
      if (head) {
        head = concat(head, piece);
        if (head.length < HEAD_BYTES) continue;
        if (!isMp3(head)) throw new SpeechProviderError(`speech server at ${endpoint} returned data that is not an MP3`);
        if (!first) skip = id3Length(head);
        piece = head;
        head = undefined;
      }
      if (skip > 0) {
        const dropped = Math.min(skip, piece.length);
        skip -= dropped;
        piece = piece.subarray(dropped);
      }
      if (piece.length === 0) continue;
      await file.write(piece);
      meter.push(piece);
      bytes += piece.length;
    }
    if (head && (head.length === 0 || !isMp3(head))) throw new SpeechProviderError(`speech server at ${endpoint} returned no MP3 audio`);
    if (head) {
      await file.write(head);
      meter.push(head);
      bytes += head.length;
    }
    const { durationSeconds } = meter.measure;
    if (durationSeconds === 0) throw new SpeechProviderError(`speech server at ${endpoint} returned an MP3 with no decodable audio`);
    return { bytes, seconds: durationSeconds };
  } finally {
    meter.free();
  }
}

/** Size of a leading ID3v2 tag (header, syncsafe body size, optional footer), 0 if there is none. */
function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size =
    (((bytes[6] as number) & 0x7f) << 21) | (((bytes[7] as number) & 0x7f) << 14) | (((bytes[8] as number) & 0x7f) << 7) | ((bytes[9] as number) & 0x7f);
  const footer = (bytes[5] as number) & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
