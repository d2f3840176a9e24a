import type { Verdict } from './types';

/** Lower bounds of each verdict (decisions.md): original < 0.10 ≤ mostly_original < 0.30 ≤ mixed < 0.60 ≤ plagiarised. */
export const VERDICT_THRESHOLDS = { mostly_original: 0.1, mixed: 0.3, plagiarised: 0.6 } as const;

export function verdictFor(score: number): Verdict {
  if (!(score >= VERDICT_THRESHOLDS.mostly_original)) return 'original'; // also NaN
  if (score < VERDICT_THRESHOLDS.mixed) return 'mostly_original';
  if (score < VERDICT_THRESHOLDS.plagiarised) return 'mixed';
  return 'plagiarised';
}
