import { highpass, lowpass } from './biquad';
import { percentile } from './pitch';

/**
 * Speaking rate as syllable nuclei per second of speech, after de Jong & Wempe (2009, Behavior
 * Research Methods 41(2)): every syllable has one loudness peak in its vowel, so count peaks of the
 * speech-band energy envelope that stand out from the dips either side and sit on voiced frames.
 * Pauses longer than a breath are left out of the seconds, so a slow talker is not confused with a
 * talker who pauses a lot.
 */

export interface SpeakingRateOptions {
  /** A peak must rise this far above the lowest point since the previous nucleus (de Jong & Wempe: 2 dB). */
  minDipDb?: number;
  /** Frames more than this far below the loud end (99th percentile) are silence. */
  silenceBelowLoudDb?: number;
  /** Silences at least this long are pauses and do not count as speaking time. */
  minPauseSeconds?: number;
}

export interface SpeakingRate {
  syllables: number;
  speechSeconds: number;
  syllablesPerSecond: number;
  /** Times of the counted nuclei (seconds), for inspection and tests. */
  nucleiSeconds: number[];
}

const DEFAULTS: Required<SpeakingRateOptions> = { minDipDb: 2, silenceBelowLoudDb: 25, minPauseSeconds: 0.3 };

/** Envelope resolution: ten frames per shortest syllable. */
const HOP_SECONDS = 0.01;
/** Nuclei closer than this are one syllable: even very fast speech stays under ~10 syllables/s. */
const MIN_NUCLEUS_GAP_SECONDS = 0.08;
/** Half-width of the triangular smoothing applied to the energy envelope, in frames. */
const SMOOTH_FRAMES = 2;

/** Voiced frames from the pitch track, with that track's frame timing (window start + window/2 = centre). */
export interface VoicingTrack {
  voiced: Uint8Array;
  hopSeconds: number;
  windowSeconds: number;
}

export function measureSpeakingRate(samples: Float32Array, sampleRate: number, voicing: VoicingTrack, options: SpeakingRateOptions = {}): SpeakingRate {
  const o = { ...DEFAULTS, ...options };
  const hop = Math.round(HOP_SECONDS * sampleRate);
  const frames = Math.floor(samples.length / hop);
  if (frames === 0) return { syllables: 0, speechSeconds: 0, syllablesPerSecond: 0, nucleiSeconds: [] };

  // 300–3000 Hz holds the vowels' first two formants, where syllable loudness lives; below it is
  // hum and breath noise, above it fricatives whose energy would add false peaks.
  const band = lowpass(highpass(samples, 300, sampleRate, 2), 3000, sampleRate, 2);
  const power = new Float64Array(frames);
  for (let k = 0; k < frames; k++) {
    let acc = 0;
    for (let j = k * hop, end = j + hop; j < end; j++) acc += (band[j] as number) * (band[j] as number);
    power[k] = acc / hop;
  }
  const envelopeDb = new Float64Array(frames);
  for (let k = 0; k < frames; k++) {
    let acc = 0;
    let weights = 0;
    for (let d = -SMOOTH_FRAMES; d <= SMOOTH_FRAMES; d++) {
      const value = power[k + d];
      if (value === undefined) continue;
      const w = SMOOTH_FRAMES + 1 - Math.abs(d);
      acc += w * value;
      weights += w;
    }
    envelopeDb[k] = 10 * Math.log10(acc / weights + 1e-12);
  }

  const silenceDb = percentile(envelopeDb, 0.99) - o.silenceBelowLoudDb;
  const speechFrames = countSpeechFrames(envelopeDb, silenceDb, Math.round(o.minPauseSeconds / HOP_SECONDS));

  // Envelope frame k is centred at (k + ½)·10 ms, pitch frame f at f·hop + window/2. A nucleus needs
  // voicing within 30 ms: vowels are voiced, but the loudness peak can sit at a vowel's edge.
  const reach = Math.max(1, Math.round(0.03 / voicing.hopSeconds));
  const isVoicedNear = (k: number): boolean => {
    const f = Math.round(((k + 0.5) * HOP_SECONDS - voicing.windowSeconds / 2) / voicing.hopSeconds);
    for (let d = -reach; d <= reach; d++) if (voicing.voiced[f + d]) return true;
    return false;
  };

  const minGap = Math.round(MIN_NUCLEUS_GAP_SECONDS / HOP_SECONDS);
  const nuclei: { frame: number; db: number }[] = [];
  let lowestSinceLast = Infinity;
  for (let k = 0; k < frames; k++) {
    const db = envelopeDb[k] as number;
    lowestSinceLast = Math.min(lowestSinceLast, db);
    const isPeak = db > (envelopeDb[k - 1] ?? -Infinity) && db >= (envelopeDb[k + 1] ?? -Infinity);
    if (!isPeak || db <= silenceDb || !isVoicedNear(k)) continue;
    const previous = nuclei[nuclei.length - 1];
    const separated = !previous || (k - previous.frame >= minGap && Math.min(previous.db, db) - lowestSinceLast >= o.minDipDb);
    if (separated) {
      nuclei.push({ frame: k, db });
      lowestSinceLast = db;
    } else if (db > previous.db) {
      // Two bumps of one vowel: keep the louder as the nucleus.
      previous.frame = k;
      previous.db = db;
      lowestSinceLast = db;
    }
  }

  const speechSeconds = speechFrames * HOP_SECONDS;
  return {
    syllables: nuclei.length,
    speechSeconds,
    syllablesPerSecond: speechSeconds > 0 ? nuclei.length / speechSeconds : 0,
    nucleiSeconds: nuclei.map((n) => (n.frame + 0.5) * HOP_SECONDS),
  };
}

/** Frames from the first to the last sound, minus silent stretches long enough to be pauses. */
function countSpeechFrames(envelopeDb: Float64Array, silenceDb: number, minPauseFrames: number): number {
  let count = 0;
  let silentRun = 0;
  let started = false;
  for (const db of envelopeDb) {
    if (db > silenceDb) {
      // A short silence (a stop closure, a gap between words) is part of speaking; a long one is a pause.
      if (started && silentRun < minPauseFrames) count += silentRun;
      silentRun = 0;
      started = true;
      count += 1;
    } else {
      silentRun += 1;
    }
  }
  return count;
}
