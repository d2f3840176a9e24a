import { MPEGDecoder } from 'mpg123-decoder';
import { AudioDecodeError } from './analysis-errors';
import type { MonoAudio } from './decode-wav';
import { walkMp3Frames } from './mp3-frames';

/** Frames handed to the decoder per call: big enough to amortise the WASM boundary, small enough to stop near the cap. */
const FRAMES_PER_BATCH = 64;

/**
 * Decodes only the first `maxSeconds` (frame by frame, so a long upload never becomes one huge
 * buffer) but reports the whole stream's duration from its frame headers.
 */
export async function decodeMp3(bytes: Uint8Array, firstFrame: number, maxSeconds: number): Promise<MonoAudio> {
  const stream = walkMp3Frames(bytes, firstFrame);
  if (stream.totalSamples === 0) throw new AudioDecodeError('the MP3 file contains no audio');
  const wanted = Math.min(stream.totalSamples, Math.floor(maxSeconds * stream.sampleRate));
  const out = new Float32Array(wanted);
  let filled = 0;
  let errors = 0;
  // A fresh decoder per file: its state (bit reservoir, gapless trimming) belongs to one stream.
  const decoder = new MPEGDecoder({ enableGapless: true });
  try {
    await decoder.ready;
    for (let i = 0; i < stream.frames.length && filled < wanted; i += FRAMES_PER_BATCH) {
      const batch = stream.frames.slice(i, i + FRAMES_PER_BATCH).map((f) => bytes.subarray(f.offset, f.offset + f.length));
      const decoded = decoder.decodeFrames(batch);
      errors += decoded.errors.length;
      // mpg123 always hands back two planes; a mono stream's second is a copy of the first.
      const planes = decoded.channelData.slice(0, stream.channels);
      const count = Math.min(decoded.samplesDecoded, wanted - filled);
      for (let s = 0; s < count; s++) {
        let sum = 0;
        for (const plane of planes) sum += plane[s] as number;
        out[filled + s] = sum / planes.length;
      }
      filled += count;
    }
  } catch (err) {
    throw new AudioDecodeError('the MP3 file could not be decoded', { cause: err });
  } finally {
    decoder.free();
  }
  if (filled === 0) throw new AudioDecodeError(`the MP3 file could not be decoded${errors ? ` (${errors} damaged frames)` : ''}`);
  return {
    samples: filled === wanted ? out : out.subarray(0, filled),
    sampleRate: stream.sampleRate,
    channels: stream.channels,
    durationSeconds: stream.totalSamples / stream.sampleRate,
  };
}
