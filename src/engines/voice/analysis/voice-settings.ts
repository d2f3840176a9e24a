import type { SpeakerProfile, VoiceSettings } from '../types';
import {
  ESPEAK_VARIANTS,
  PITCH_STEPS,
  RANGE_PITCHES,
  RANGE_STEPS,
  RATE_STEPS_WPM,
  RATE_SYLLABLES_PER_SECOND,
  type CalibratedVariant,
} from './espeak-calibration';
import { fliteSettingsFromProfile } from './flite-settings';
import { FEMALE_FROM_HZ } from './pitch';

/**
 * Maps a measured speaker onto espeak-ng settings so that the synthetic voice *measures* like the
 * sample: its median F0, F0 spread and syllable rate, matched through espeak's calibrated response
 * (espeak-calibration.ts).
 *
 * What this can imitate: pitch level (male/female variant plus `-p`), how much the pitch moves
 * (`-P`, within espeak's narrow range: its widest setting spreads F0 less than most people do),
 * speaking rate (within the clamp below) and, roughly, brightness (which of three variants per gender).
 * What it cannot: timbre, accent, voice quality, emotion or identity. The result is espeak with the
 * speaker's pitch and pace, not a recognisable copy of the person.
 */

/**
 * Words per minute at speed 1.0 stay inside this band so that the product's speed 0.5–2.0 keeps
 * espeak within its usable 80–450 wpm. Speakers outside it are imitated only up to the edge.
 */
export const MIN_WORDS_PER_MINUTE = 160;
export const MAX_WORDS_PER_MINUTE = 225;

/** Defaults for a field the profile could not provide (not finite): espeak's own. */
const DEFAULT_PITCH_RANGE = 50;
const DEFAULT_WORDS_PER_MINUTE = 175;
/** Pitch errors smaller than this (natural log, ≈ ⅓ semitone) count as "reachable"; among those, brightness decides. */
const PITCH_TOLERANCE = 0.02;
/**
 * How much a miss in pitch spread counts against a miss in pitch level when both cannot be met:
 * level is what listeners notice first, so a semitone of level costs as much as four of spread.
 */
const SPREAD_WEIGHT = 0.25;

function interpolate(xs: readonly number[], ys: readonly number[], x: number): number {
  const last = xs.length - 1;
  if (x <= (xs[0] as number)) return ys[0] as number;
  if (x >= (xs[last] as number)) return ys[last] as number;
  let i = 0;
  while (x > (xs[i + 1] as number)) i++;
  const x0 = xs[i] as number;
  const x1 = xs[i + 1] as number;
  return (ys[i] as number) + (((ys[i + 1] as number) - (ys[i] as number)) * (x - x0)) / (x1 - x0);
}

/** x at which the increasing `ys` reach `y`, clamped to the table's ends. */
function invert(xs: readonly number[], ys: readonly number[], y: number): number {
  return interpolate(ys, xs, y);
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** A `[RANGE_PITCHES][RANGE_STEPS]` table read at any (-p, -P), bilinearly. */
function readRangeTable(table: readonly (readonly number[])[], pitch: number, pitchRange: number): number {
  return interpolate(
    RANGE_PITCHES,
    table.map((row) => interpolate(RANGE_STEPS, row, pitchRange)),
    pitch,
  );
}

/** The -p curve is close to exponential, so it is interpolated in log frequency. */
const LOG_MEDIAN_F0 = Object.fromEntries(Object.entries(ESPEAK_VARIANTS).map(([variant, cal]) => [variant, cal.medianF0.map(Math.log)])) as Record<
  CalibratedVariant,
  number[]
>;

/** What analyzeSpeaker is predicted to measure from espeak at `-v en-us+<variant> -p <pitch> -P <pitchRange>`. */
export function predictEspeakPitch(variant: CalibratedVariant, pitch: number, pitchRange: number): { medianHz: number; spreadHz: number } {
  const cal = ESPEAK_VARIANTS[variant];
  const base = Math.exp(interpolate(PITCH_STEPS, LOG_MEDIAN_F0[variant], pitch));
  return {
    medianHz: base + readRangeTable(cal.rangeOffsetHz, pitch, pitchRange),
    spreadHz: readRangeTable(cal.rangeSpreadHz, pitch, pitchRange),
  };
}

interface Candidate {
  variant: CalibratedVariant;
  pitch: number;
  pitchRange: number;
  /** |ln(predicted median F0 / wanted)|: non-zero when the wanted pitch lies outside the variant's reach. */
  pitchError: number;
  brightnessDistance: number;
}

/**
 * The (-p, -P) whose predicted median and spread best match the speaker. `-P` moves the median as
 * well as the spread, so the two are searched together: every integer pair, a few thousand cheap
 * table look-ups.
 */
function fit(variant: CalibratedVariant, profile: SpeakerProfile): Candidate {
  const wantedMedian = profile.f0MedianHz;
  const wantedRatio = profile.f0HighHz / profile.f0LowHz;
  const spreadKnown = Number.isFinite(wantedRatio) && wantedRatio >= 1;
  let best = { pitch: 50, pitchRange: DEFAULT_PITCH_RANGE, cost: Infinity, pitchError: Infinity };
  for (let pitchRange = 0; pitchRange <= 99; pitchRange++) {
    if (!spreadKnown && pitchRange !== DEFAULT_PITCH_RANGE) continue;
    for (let pitch = 0; pitch <= 99; pitch++) {
      const predicted = predictEspeakPitch(variant, pitch, pitchRange);
      const levelError = Math.log(predicted.medianHz / wantedMedian);
      const predictedRatio = (predicted.medianHz + predicted.spreadHz / 2) / (predicted.medianHz - predicted.spreadHz / 2);
      const spreadError = spreadKnown ? SPREAD_WEIGHT * Math.log(predictedRatio / wantedRatio) : 0;
      const cost = levelError * levelError + spreadError * spreadError;
      if (cost < best.cost) best = { pitch, pitchRange, cost, pitchError: Math.abs(levelError) };
    }
  }
  return {
    variant,
    pitch: best.pitch,
    pitchRange: best.pitchRange,
    pitchError: best.pitchError,
    brightnessDistance: Math.abs(Math.log(profile.brightnessHz / ESPEAK_VARIANTS[variant].brightnessHz)),
  };
}

function chooseVariant(profile: SpeakerProfile): Candidate {
  const gender = profile.f0MedianHz >= FEMALE_FROM_HZ ? 'female' : 'male';
  const candidates = (Object.keys(ESPEAK_VARIANTS) as CalibratedVariant[]).filter((v) => ESPEAK_VARIANTS[v].gender === gender).map((v) => fit(v, profile));
  // Pitch first (it is what listeners notice most), then the closest brightness among those that reach it.
  const best = Math.min(...candidates.map((c) => c.pitchError));
  const pool = candidates.filter((c) => c.pitchError <= Math.max(best, PITCH_TOLERANCE));
  if (!(profile.brightnessHz > 0)) return pool.find((c) => c.variant === 'm3' || c.variant === 'f2') ?? (pool[0] as Candidate);
  return pool.reduce((a, b) => (b.brightnessDistance < a.brightnessDistance ? b : a));
}

/** Speaking rate: the wpm at which espeak measured the speaker's syllables per second. */
function wordsPerMinuteFor(syllablesPerSecond: number): number {
  const wpm =
    Number.isFinite(syllablesPerSecond) && syllablesPerSecond > 0
      ? invert(RATE_STEPS_WPM, RATE_SYLLABLES_PER_SECOND, syllablesPerSecond)
      : DEFAULT_WORDS_PER_MINUTE;
  return Math.round(clamp(wpm, MIN_WORDS_PER_MINUTE, MAX_WORDS_PER_MINUTE));
}

/** espeak-ng settings for every language, plus the nearest Flite voice for English text (flite-settings.ts). */
export function voiceSettingsFromProfile(profile: SpeakerProfile): VoiceSettings {
  const wordsPerMinute = wordsPerMinuteFor(profile.syllablesPerSecond);
  const flite = fliteSettingsFromProfile(profile);
  if (!(Number.isFinite(profile.f0MedianHz) && profile.f0MedianHz > 0)) {
    return { pitch: 50, pitchRange: DEFAULT_PITCH_RANGE, wordsPerMinute, flite };
  }
  const chosen = chooseVariant(profile);
  return {
    variant: chosen.variant,
    pitch: chosen.pitch,
    pitchRange: chosen.pitchRange,
    wordsPerMinute,
    flite,
  };
}
