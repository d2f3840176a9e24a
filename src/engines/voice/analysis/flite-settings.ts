import type { FliteSettings, FliteVoiceName, SpeakerProfile } from '../types';
import { FLITE_VOICE_CALIBRATION, STRETCH_EXPONENT } from './flite-calibration';
import { FEMALE_FROM_HZ } from './pitch';

/**
 * Maps a measured speaker onto the nearest Flite voice, shaped to measure like the sample: the voice
 * of the speaker's pitch register, its mean F0 set to the speaker's median (`int_f0_target_mean`),
 * and its duration stretched to the speaker's syllable rate. As with espeak (voice-settings.ts), this
 * imitates pitch and pace, not timbre, accent or identity.
 *
 * Flite has one female voice (slt) and three male ones: rms is the most natural and keeps its own
 * pitch, so it is used as it is for speakers near it; awb (higher) and kal16 (lower) are shifted.
 */

/** A male speaker within this much (ratio) of rms's own pitch is given rms unshifted. */
const RMS_BAND = 0.08;
/** A shift smaller than this (ratio) is not worth asking for. */
const SHIFT_THRESHOLD = 0.03;
/** Mean F0 asked of Flite stays within this range: beyond it the voices buzz or squeak. */
const MIN_F0_HZ = 70;
const MAX_F0_HZ = 300;
/** duration_stretch at speed 1.0 stays within this band (about 0.8× to 1.25× the voice's pace). */
const MIN_STRETCH = 0.7;
const MAX_STRETCH = 1.45;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function chooseVoice(f0: number): FliteVoiceName {
  if (f0 >= FEMALE_FROM_HZ) return 'slt';
  if (Math.abs(Math.log(f0 / FLITE_VOICE_CALIBRATION.rms.medianF0)) <= RMS_BAND) return 'rms';
  return f0 > FLITE_VOICE_CALIBRATION.rms.medianF0 ? 'awb' : 'kal16';
}

export function fliteSettingsFromProfile(profile: SpeakerProfile): FliteSettings {
  const f0Known = Number.isFinite(profile.f0MedianHz) && profile.f0MedianHz > 0;
  const voice = f0Known ? chooseVoice(profile.f0MedianHz) : 'rms';
  const cal = FLITE_VOICE_CALIBRATION[voice];
  const settings: FliteSettings = { voice, durationStretch: 1 };
  if (f0Known && cal.pitchFollows && Math.abs(Math.log(profile.f0MedianHz / cal.medianF0)) > SHIFT_THRESHOLD) {
    settings.f0MeanHz = Math.round(clamp(profile.f0MedianHz, MIN_F0_HZ, MAX_F0_HZ));
  }
  if (Number.isFinite(profile.syllablesPerSecond) && profile.syllablesPerSecond > 0) {
    const stretch = (cal.syllablesPerSecond / profile.syllablesPerSecond) ** (1 / STRETCH_EXPONENT);
    settings.durationStretch = Math.round(clamp(stretch, MIN_STRETCH, MAX_STRETCH) * 100) / 100;
  }
  return settings;
}
